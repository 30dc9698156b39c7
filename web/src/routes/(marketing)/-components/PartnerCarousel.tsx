import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  Car,
  Coffee,
  Film,
  Hotel,
  type LucideIcon,
  Pause,
  Plane,
  Play,
  ShoppingBag,
  Sofa,
  Store,
  TreePalm,
  Tv,
  Zap,
} from 'lucide-react';
import { useState } from 'react';
import { CAROUSEL_PARTNERS, type CarouselPartner, type PartnerIconName } from '@/content/partners.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as styles from './Landing.css.ts';
import { iconBadge } from './Public.css.ts';

/**
 * The landing page's scrolling partner discounts (docs/product-rules.md spec 3: ten partners, in order). The rail is
 * two copies of the list moving left forever; it stops on hover, on focus and with the Pause button, and
 * does not move at all for visitors who prefer reduced motion (the list then scrolls by hand).
 */
export function PartnerCarousel() {
  const [paused, setPaused] = useState(false);
  return (
    <div className={styles.carousel} data-paused={paused}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls by keyboard when motion is reduced */}
      <section className={styles.carouselViewport} aria-label="Partner discounts" tabIndex={0}>
        <div className={styles.rail}>
          <ul className={styles.railList}>
            {CAROUSEL_PARTNERS.map((deal) => (
              <Deal key={deal.partner.id} deal={deal} />
            ))}
          </ul>
          <ul className={`${styles.railList} ${styles.railCopy}`} aria-hidden="true">
            {CAROUSEL_PARTNERS.map((deal) => (
              <Deal key={deal.partner.id} deal={deal} />
            ))}
          </ul>
        </div>
      </section>
      <div className={styles.carouselControls}>
        <Button variant="ghost" size="sm" onClick={() => setPaused((value) => !value)}>
          {paused ? <Play size={16} aria-hidden="true" /> : <Pause size={16} aria-hidden="true" />}
          {paused ? 'Play carousel' : 'Pause carousel'}
        </Button>
        <Link to="/all-partners" className={styles.featureLink}>
          See all partners
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}

/**
 * Only the carousel's own icons, so the landing page does not download the directory's full icon set;
 * a partner added to the carousel without an icon here shows a shop front.
 */
const CAROUSEL_ICONS: Partial<Record<PartnerIconName, LucideIcon>> = {
  ShoppingBag,
  Coffee,
  Plane,
  Hotel,
  Film,
  Tv,
  TreePalm,
  Zap,
  Car,
  Sofa,
};

function Deal({ deal }: { deal: CarouselPartner }) {
  const Icon = CAROUSEL_ICONS[deal.partner.icon] ?? Store;
  return (
    <li className={styles.deal}>
      <span className={iconBadge}>
        <Icon size={20} aria-hidden="true" />
      </span>
      <span className={styles.dealBody}>
        <span className={styles.dealPercent}>{deal.percentOff}% off</span>
        <span className={styles.dealName}>{deal.partner.name}</span>
        <span className={styles.dealCategory}>{deal.partner.category}</span>
      </span>
    </li>
  );
}
