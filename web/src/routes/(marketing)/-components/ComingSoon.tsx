import { ArrowLeft, Hourglass } from 'lucide-react';
import { COMING_SOON } from '@/content/navigation.ts';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import * as styles from './ComingSoon.css.ts';
import { PublicPage } from './PublicPage.tsx';

export type ComingSoonPath = keyof typeof COMING_SOON;

/** The spec's placeholder pages: "Coming Soon" with a Back to Home link. */
export function ComingSoon({ path }: { path: ComingSoonPath }) {
  const page = COMING_SOON[path];
  return (
    <PublicPage>
      <div className={styles.wrap}>
        <div className={styles.panel}>
          <span className={styles.icon}>
            <Hourglass size={28} aria-hidden="true" />
          </span>
          <p className={styles.eyebrow}>{page.title}</p>
          <h1 className={styles.title}>Coming Soon</h1>
          <p className={styles.text}>{page.text}</p>
          <div className={styles.actions}>
            <ActionLink to="/" icon={ArrowLeft}>
              Back to Home
            </ActionLink>
            {page.related ? (
              <ActionLink to={page.related.to} variant="secondary" arrow>
                {page.related.label}
              </ActionLink>
            ) : null}
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
