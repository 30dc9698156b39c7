import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { RefreshCw } from 'lucide-react';
import { type MessageId, t } from '@/i18n/i18n.ts';
import { card, page, visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
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

export interface PageErrorProps {
  title: string;
  message: string;
  to: '/dashboard' | '/login' | '/transactions';
  action: string;
}

/**
 * A whole screen whose route failed to load: what failed, "Try again" (the panels' retry, for the page:
 * the failed queries are reset and the route loads again, so a network that came back brings the page
 * back), and a button to a safe screen.
 */
export function PageError({ title, message, to, action }: PageErrorProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  const tryAgain = () => {
    queries.reset();
    void router.invalidate();
  };
  return (
    <div className={`${page} ${styles.stack}`}>
      <section className={card} role="alert">
        <div className={styles.stack}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.muted}>{message}</p>
          <div className={styles.actions}>
            <Button icon={RefreshCw} onClick={tryAgain}>
              {t('shell.tryAgain')}
            </Button>
            <Button variant="secondary" onClick={() => router.navigate({ to })}>
              {action}
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}

/** A route's `pendingComponent`: the page skeleton, announced by `label`. */
export function pendingPage(label: string) {
  return function PendingPage() {
    return <PageSkeleton label={label} />;
  };
}

/** A route's `errorComponent`: `PageError` with these words and way out. */
export function failedPage(props: PageErrorProps) {
  return function FailedPage() {
    return <PageError {...props} />;
  };
}

/** The words of a screen's loading and failed states, as message ids, and the failed state's way out. */
interface StateWords {
  loading: MessageId;
  title: MessageId;
  message: MessageId;
  to: PageErrorProps['to'];
  action: MessageId;
}

/**
 * A route's `pendingComponent` and `errorComponent` in the reader's language. Their words are read when
 * shown, in the language of that moment: a route's options are made once, at load, so pendingPage() and
 * failedPage() suit only words that never change (the admin's English).
 */
export function translatedStates({ loading, title, message, to, action }: StateWords) {
  return {
    pendingComponent: function PendingPage() {
      return <PageSkeleton label={t(loading)} />;
    },
    errorComponent: function FailedPage() {
      return <PageError title={t(title)} message={t(message)} to={to} action={t(action)} />;
    },
  };
}
