import { Link } from '@tanstack/react-router';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '@/i18n/i18n.ts';
import { container } from '@/styles/layout.css.ts';
import { Button, type ButtonVariant } from '@/ui/Button/Button.tsx';
import type { TextFieldProps } from '@/ui/Field/TextField.tsx';
import { EmailField } from '@/ui/form/fields.tsx';
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

/** What stands in place of a form once it is done or refused: the outcome, read out, and where to go next. */
export function AuthNotice({
  role,
  text,
  children,
}: {
  role: 'status' | 'alert';
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.form}>
      <p className={styles.notice} role={role}>
        {text}
      </p>
      {children}
    </div>
  );
}

/** The account's e-mail, as the sign-in, register and forgot-password forms ask for it. */
export function AuthEmailField(props: Omit<TextFieldProps, 'label' | 'placeholder'>) {
  return (
    <EmailField
      autoComplete="username"
      {...props}
      label={t('auth.email')}
      placeholder={t('auth.emailPlaceholder')}
    />
  );
}

interface AuthSubmitProps {
  icon: LucideIcon;
  label: string;
  pending: boolean;
  pendingLabel: string;
  variant?: ButtonVariant;
}

/** The large full-width button that sends an auth form, its icon before the label. */
export function AuthSubmit({ icon: Icon, label, pending, pendingLabel, variant }: AuthSubmitProps) {
  return (
    <Button type="submit" variant={variant} size="lg" fullWidth pending={pending} pendingLabel={pendingLabel}>
      <Icon size={18} aria-hidden="true" />
      {label}
    </Button>
  );
}
