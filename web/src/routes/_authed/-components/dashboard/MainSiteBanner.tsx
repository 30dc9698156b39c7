import { Link } from '@tanstack/react-router';
import { Globe } from 'lucide-react';
import * as styles from './Banners.css.ts';

/**
 * The dashboard's main-site banner (docs/product-rules.md spec 2): a way back to the public site, where
 * the cards, partners and the giveaway are described.
 */
export function MainSiteBanner() {
  return (
    <aside className={styles.mainSite} aria-label="Main site">
      <Globe size={16} aria-hidden="true" className={styles.mainSiteIcon} />
      <p className={styles.mainSiteText}>Cards, partners and the giveaway are described on the main site.</p>
      <Link to="/" className={styles.mainSiteLink}>
        Visit the main site
      </Link>
    </aside>
  );
}
