import { ArrowUpCircle, Trophy } from 'lucide-react';
import { Progress } from 'radix-ui';
import { Fragment } from 'react';
import { Button } from '../../../../../components/Button.tsx';
import { ConfirmDialog } from '../../../../../components/Dialog.tsx';
import { toast } from '../../../../../components/toast/index.ts';
import { upgradePath } from '../../../../../lib/assets.ts';
import { type CardTier, tierInfo } from '../../../../../lib/constants.ts';
import { formatDecimal } from '../../../../../lib/format.ts';
import { type Card, useUpgradeCardMutation } from '../../../../../queries/cards.queries.ts';
import * as panel from '../../../../../ui/panel/Panel.css.ts';
import * as styles from './Card.css.ts';
import { upgradeTarget } from './cardDisplay.ts';

/**
 * docs/product-rules.md spec 2: the next tier's threshold and progress as balance over threshold; "Top Tier
 * Reached" at 500+ (or with a Black card). The next tier is one above the card's own; when the balance
 * already reaches a tier above it, "Upgrade card" is offered (docs/product-rules.md rule 30).
 */
export function UpgradePath({ balance, card }: { balance: string; card: Card | null }) {
  const path = upgradePath(balance, card?.tier ?? null);
  const target = upgradeTarget(card, balance);
  const frozenTarget =
    card?.status === 'inactive' ? upgradeTarget({ ...card, status: 'active' }, balance) : null;
  const offer =
    card && target ? (
      <UpgradeOffer card={card} target={target} balance={balance} />
    ) : frozenTarget ? (
      <p className={styles.figures}>
        Your balance reaches {tierInfo(frozenTarget).name}: unfreeze your card to upgrade it.
      </p>
    ) : null;
  if (!path.next) {
    return (
      <div className={styles.upgrade}>
        <p className={panel.noticeTitle}>
          <Trophy size={16} aria-hidden="true" className={panel.titleIcon} />
          Top Tier Reached
        </p>
        <p className={styles.figures}>
          {!card
            ? 'Your balance keeps the Black card and all its benefits.'
            : card.tier === 'black'
              ? 'Your Black card has every benefit of the top tier.'
              : 'Your balance reaches Black: upgrade your card to get its benefits.'}
        </p>
        {offer}
      </div>
    );
  }
  const label = `Progress to ${path.next.name}`;
  return (
    <div className={styles.upgrade}>
      <div className={styles.upgradeHead}>
        <p>
          <strong>Upgrade path:</strong> {path.next.name} at {formatDecimal(path.next.minimum)} SAI
        </p>
        <p className={styles.figures}>{path.percent}%</p>
      </div>
      <Progress.Root
        className={styles.progress}
        value={path.percent}
        max={100}
        aria-label={label}
        getValueLabel={(value) => `${value}%`}
      >
        <Progress.Indicator
          className={styles.progressIndicator}
          style={{ transform: `translateX(-${100 - path.percent}%)` }}
        />
      </Progress.Root>
      <p className={styles.figures}>
        {formatDecimal(balance)} / {formatDecimal(path.next.minimum)} SAI · {formatDecimal(path.missing)} SAI
        to go
      </p>
      {offer}
    </div>
  );
}

/** "Upgrade card": what the target tier changes, then a confirmation; the card then shows its new tier. */
function UpgradeOffer({ card, target, balance }: { card: Card; target: CardTier; balance: string }) {
  const upgrade = useUpgradeCardMutation();
  const from = tierInfo(card.tier);
  const to = tierInfo(target);
  const confirm = async () => {
    try {
      await upgrade.mutateAsync({ cardId: card.id, tier: target });
    } catch (error) {
      toast({
        title: 'Failed to upgrade card',
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
        variant: 'destructive',
      });
      throw error;
    }
    toast({ title: 'Card upgraded', description: `Your card is now ${to.name}.`, variant: 'success' });
  };
  const changes: [string, string, string][] = [
    ['Free ATM a month', from.atmPerMonth, to.atmPerMonth],
    ['Cashback', from.cashback, to.cashback],
    ['Lounge', from.lounge, to.lounge],
  ];
  return (
    <div className={styles.offer}>
      <p>
        Your balance of {formatDecimal(balance)} SAI reaches <strong>{to.name}</strong>.
      </p>
      <ConfirmDialog
        title={`Upgrade to ${to.name}`}
        description={`Your ${from.name} card becomes a ${to.name} card. The tier stays yours even if your balance drops later; it never goes down.`}
        confirmLabel={`Upgrade to ${to.name}`}
        pendingLabel="Upgrading…"
        pending={upgrade.isPending}
        onConfirm={confirm}
        trigger={
          <Button size="sm">
            <ArrowUpCircle size={16} aria-hidden="true" />
            Upgrade card
          </Button>
        }
      >
        <dl className={styles.details} aria-label="What changes">
          {changes.map(([what, before, after]) => (
            <Fragment key={what}>
              <dt className={styles.term}>{what}</dt>
              <dd className={styles.definition}>
                {before} → {after}
              </dd>
            </Fragment>
          ))}
        </dl>
        <ul className={styles.benefits} aria-label={`${to.name} benefits`}>
          {to.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
