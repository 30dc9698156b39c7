import { Link } from '@tanstack/react-router';
import { Globe } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import * as styles from './Banners.css.ts';

/**
 * The dashboard's main-site banner (docs/product-rules.md spec 2): a way back to the public site, where
 * the cards, partners and the giveaway are described.
 */
export function MainSiteBanner() {
  return (
    <aside className={styles.mainSite} aria-label={t('dashboard.mainSite.label')}>
      <Globe size={16} aria-hidden="true" className={styles.mainSiteIcon} />
      <p className={styles.mainSiteText}>{t('dashboard.mainSite.text')}</p>
      <Link to="/" className={styles.mainSiteLink}>
        {t('dashboard.mainSite.link')}
      </Link>
    </aside>
  );
}
