import type { Partner } from '@/content/partners.ts';
import { PartnerIcon } from './PartnerIcon.tsx';
import * as styles from './Partners.css.ts';
import { iconBadge } from './Public.css.ts';

export function PartnerCard({ partner, headingLevel = 3 }: { partner: Partner; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className={styles.card}>
      <span className={iconBadge}>
        <PartnerIcon name={partner.icon} size={20} />
      </span>
      <div className={styles.body}>
        <Heading className={styles.name}>{partner.name}</Heading>
        <span className={styles.category}>{partner.category}</span>
        <span className={styles.discount}>{partner.discount}</span>
      </div>
    </article>
  );
}
