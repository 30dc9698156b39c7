import * as styles from './MetalCard.css.ts';

export type CardTier = 'gold' | 'ruby' | 'black';

const tierNames: Record<CardTier, string> = {
  gold: 'Gold',
  ruby: 'Ruby Steel',
  black: 'Black',
};

/** A drawing of the metal card in one of the three tiers. Purely visual. */
export function MetalCard({ tier, className }: { tier: CardTier; className?: string }) {
  return (
    <div className={[styles.tier[tier], className].filter(Boolean).join(' ')} aria-hidden="true">
      <div className={styles.top}>
        <span>SAI</span>
        <span>))))</span>
      </div>
      <span className={styles.chip} />
      <span className={styles.tierName}>{tierNames[tier]}</span>
    </div>
  );
}
