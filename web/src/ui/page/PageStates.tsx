import { useRouter } from '@tanstack/react-router';
import { Button } from '../../components/Button.tsx';
import { card, page, visuallyHidden } from '../../styles/layout.css.ts';
import * as styles from './Page.css.ts';

/** A whole screen while its route loads: one skeleton block, announced by `label` ("Loading profile…"). */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className={`${page} ${styles.stack}`} aria-busy="true">
      <p role="status" className={visuallyHidden}>
        {label}
      </p>
      <div className={styles.skeleton} />
    </div>
  );
}

/** A whole screen whose route failed to load: what failed, and a button to a safe screen. */
export function PageError({
  title,
  message,
  to,
  action,
}: {
  title: string;
  message: string;
  to: '/dashboard' | '/login';
  action: string;
}) {
  const router = useRouter();
  return (
    <div className={`${page} ${styles.stack}`}>
      <section className={card} role="alert">
        <div className={styles.stack}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.muted}>{message}</p>
          <div>
            <Button variant="secondary" onClick={() => router.navigate({ to })}>
              {action}
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
