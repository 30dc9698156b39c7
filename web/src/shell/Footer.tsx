import { Link } from '@tanstack/react-router';
import { BRAND } from '@/content/constants.ts';
import { FOOTER_GROUPS, LEGAL_LINKS, type NavLink } from '@/content/navigation.ts';
import { ENGLISH_ONLY } from '@/i18n/englishOnly.ts';
import { container } from '@/styles/layout.css.ts';
import * as styles from './Footer.css.ts';
import { LogoLink } from './Logo.tsx';

/** The public pages' footer: link groups, legal links and the risk line, in English as those pages are. */
export function Footer() {
  return (
    <footer className={styles.footer} lang={ENGLISH_ONLY}>
      <div className={`${container} ${styles.inner}`}>
        <div className={styles.brand}>
          <LogoLink to="/" />
          <p className={styles.tagline}>Spend any crypto anywhere with a premium metal card.</p>
        </div>
        <nav aria-label="Footer" className={styles.groups}>
          {FOOTER_GROUPS.map((group) => (
            <div key={group.label}>
              <h2 className={styles.groupTitle}>{group.label}</h2>
              <FooterLinks links={group.links} className={styles.list} />
            </div>
          ))}
        </nav>
      </div>
      <div className={`${container} ${styles.bottom}`}>
        <p>
          © {new Date().getFullYear()} {BRAND.name}. All rights reserved.
        </p>
        <FooterLinks links={LEGAL_LINKS} className={styles.legal} />
        <p className={styles.disclaimer}>
          Crypto-asset values can rise and fall sharply. Only hold what you can afford to lose.
        </p>
      </div>
    </footer>
  );
}

/** One list of the footer's links: a group's, or the legal ones. */
function FooterLinks({ links, className }: { links: readonly NavLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={styles.link}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
