import { Link } from '@tanstack/react-router';
import * as styles from './Logo.css.ts';

/** The card-shaped mark and wordmark. Decorative mark; the wordmark is the accessible name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className ?? styles.mark}>
      <defs>
        <linearGradient id="sai-logo-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f6e4ab" />
          <stop offset="0.5" stopColor="#d4af5f" />
          <stop offset="1" stopColor="#8f6e2e" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#15151b" stroke="rgba(255,255,255,0.12)" />
      <rect x="5" y="9" width="22" height="14" rx="3" fill="url(#sai-logo-gold)" />
      <rect x="8" y="13" width="5" height="4" rx="1" fill="#16120a" opacity="0.55" />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className={styles.wordmark}>
      SAI <span className={styles.accent}>Wallet</span>
    </span>
  );
}

/** The logo as a link home: the landing page for visitors, the dashboard once signed in. */
export function LogoLink({ to }: { to: '/' | '/dashboard' }) {
  return (
    <Link to={to} className={styles.logo}>
      <LogoMark />
      <Wordmark />
    </Link>
  );
}
