import { Link } from '@tanstack/react-router';
import { House } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { container } from '@/styles/layout.css.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import * as styles from './NotFound.css.ts';

export function NotFound() {
  return (
    <div className={`${container} ${styles.wrap}`}>
      <div className={styles.panel}>
        <h1 className={styles.title}>
          <span className={styles.code}>404</span>{' '}
          <span className={styles.titleText}>{t('shell.notFound.title')}</span>
        </h1>
        <p className={styles.text}>{t('shell.notFound.text')}</p>
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          <House size={16} aria-hidden="true" />
          {t('shell.notFound.home')}
        </Link>
      </div>
    </div>
  );
}
