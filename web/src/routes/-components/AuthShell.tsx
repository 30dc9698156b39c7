import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../../i18n/i18n.ts';
import { container } from '../../styles/layout.css.ts';
import * as styles from './AuthShell.css.ts';

export { styles as authStyles };

interface AuthShellProps {
  title: string;
  subtitle: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
  footer: ReactNode;
  /** The language switcher, on the screens a visitor starts from (sign-in, register). */
  switcher?: ReactNode;
}

/** The card both sign-in screens share: heading, form, and a way back home. */
export function AuthShell({ title, subtitle, width = 'narrow', children, footer, switcher }: AuthShellProps) {
  return (
    <div className={`${container} ${styles.wrap}`}>
      <section className={styles.panel[width]} aria-labelledby="auth-title">
        {switcher}
        <div className={styles.heading}>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        {children}
        <div className={styles.footer}>
          {footer}
          <Link to="/" className={styles.homeLink}>
            <ArrowLeft size={14} aria-hidden="true" />
            {t('auth.backHome')}
          </Link>
        </div>
      </section>
    </div>
  );
}
