import { BRAND, type Tier } from '@/content/constants.ts';
import * as styles from './Cards.css.ts';

/** A card tier's name (h3) beside the stake it takes. */
export function TierHead({ tier }: { tier: Tier }) {
  return (
    <div className={styles.tierHead}>
      <h3 className={styles.tierName}>{tier.name}</h3>
      <span className={styles.tierStake}>
        {tier.stake} {BRAND.token}
      </span>
    </div>
  );
}
