import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { RefreshCw } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { page } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as styles from './NotFound.css.ts';

/** Last-resort boundary for errors a route does not handle itself. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className={`${page} ${styles.wrap}`}>
      <div className={styles.panel} role="alert">
        <h1 className={styles.title}>{t('shell.routeError.title')}</h1>
        <p className={styles.text}>
          {error instanceof Error ? error.message : t('shell.routeError.unexpected')}
        </p>
        <Button icon={RefreshCw} variant="secondary" onClick={() => router.invalidate()}>
          {t('shell.tryAgain')}
        </Button>
      </div>
    </div>
  );
}
