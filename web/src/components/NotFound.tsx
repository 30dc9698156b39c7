import { Link } from '@tanstack/react-router';
import { House } from 'lucide-react';
import { container } from '../styles/layout.css.ts';
import { buttonClassName } from './Button.tsx';
import * as styles from './NotFound.css.ts';

export function NotFound() {
  return (
    <div className={`${container} ${styles.wrap}`}>
      <div className={styles.panel}>
        <h1 className={styles.title}>
          <span className={styles.code}>404</span> <span className={styles.titleText}>Page Not Found</span>
        </h1>
        <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          <House size={16} aria-hidden="true" />
          Back to home
        </Link>
      </div>
    </div>
  );
}
