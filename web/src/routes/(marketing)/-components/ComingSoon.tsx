import { Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Hourglass } from 'lucide-react';
import { buttonClassName } from '../../../components/Button.tsx';
import { COMING_SOON } from '../../../content/navigation.ts';
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
            <Link to="/" className={buttonClassName({ variant: 'primary' })}>
              <ArrowLeft size={16} aria-hidden="true" />
              Back to Home
            </Link>
            {page.related ? (
              <Link to={page.related.to} className={buttonClassName({ variant: 'secondary' })}>
                {page.related.label}
                <ArrowRight size={16} aria-hidden="true" />
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
