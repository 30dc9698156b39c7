import { ArrowUpCircle, Trophy } from 'lucide-react';
import { Progress } from 'radix-ui';
import { Fragment } from 'react';
import { tierById } from '@/content/constants.ts';
import { t, tRich } from '@/i18n/i18n.ts';
import { upgradePath } from '@/lib/assets.ts';
import type { CardTier } from '@/lib/constants.ts';
import { formatDecimal } from '@/lib/format.ts';
import { fromUnits, toUnits } from '@/lib/money.ts';
import { type Card, type CardStake, useUpgradeCardMutation } from '@/queries/cards.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog/Dialog.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { toast } from '@/ui/toast/index.ts';
import * as styles from './Card.css.ts';
import { stakeMore, upgradeTarget } from './cardDisplay.ts';
import { tierText } from './tierText.ts';

/**
 * docs/product-rules.md spec 2: the next tier's threshold and progress as balance over threshold; "Top Tier
 * Reached" at 500+ (or with a Black card). The next tier is one above the card's own; when the balance
 * already reaches a tier above it, "Upgrade card" is offered (docs/product-rules.md rule 30).
 */
export function UpgradePath({
  balance,
  card,
  stake,
}: {
  balance: string;
  card: Card | null;
  stake?: CardStake | undefined;
}) {
  const path = upgradePath(balance, card?.tier ?? null);
  const target = upgradeTarget(card, balance);
  const frozenTarget =
    card?.status === 'inactive' ? upgradeTarget({ ...card, status: 'active' }, balance) : null;
  const offer =
    card && target ? (
      <UpgradeOffer
        card={card}
        target={target}
        balance={balance}
        held={stakeMore(target, stake)}
        staked={stake?.staked ?? '0'}
      />
    ) : frozenTarget ? (
      <p className={styles.figures}>{t('dashboard.upgrade.frozen', { tier: tierById(frozenTarget).name })}</p>
    ) : null;
  if (!path.next) {
    return (
      <div className={styles.upgrade}>
        <p className={panel.noticeTitle}>
          <Trophy size={16} aria-hidden="true" className={panel.titleIcon} />
          {t('dashboard.upgrade.top')}
        </p>
        <p className={styles.figures}>
          {!card
            ? t('dashboard.upgrade.top.noCard')
            : card.tier === 'black'
              ? t('dashboard.upgrade.top.black')
              : t('dashboard.upgrade.top.reaches')}
        </p>
        {offer}
      </div>
    );
  }
  const label = t('dashboard.upgrade.progress', { tier: path.next.name });
  return (
    <div className={styles.upgrade}>
      <div className={styles.upgradeHead}>
        <p>
          {tRich('dashboard.upgrade.path', {
            strong: (chunks) => <strong>{chunks}</strong>,
            tier: path.next.name,
            minimum: formatDecimal(path.next.minimum),
          })}
        </p>
        <p className={styles.figures}>{percentText(path.percent)}</p>
      </div>
      <Progress.Root
        className={styles.progress}
        value={path.percent}
        max={100}
        aria-label={label}
        getValueLabel={percentText}
      >
        <Progress.Indicator
          className={styles.progressIndicator}
          style={{ transform: `translateX(-${100 - path.percent}%)` }}
        />
      </Progress.Root>
      <p className={styles.figures}>
        {t('dashboard.upgrade.figures', {
          balance: formatDecimal(balance),
          minimum: formatDecimal(path.next.minimum),
          missing: formatDecimal(path.missing),
        })}
      </p>
      {offer}
    </div>
  );
}

/** "37.5%", "37,5 %": the progress (a number with at most one decimal) as the language writes it. */
function percentText(percent: number): string {
  const digits = String(percent);
  return t('dashboard.percent', { value: formatDecimal(digits, digits.split('.')[1]?.length ?? 0) });
}

/** "Upgrade card": what the target tier changes, then a confirmation; the card then shows its new tier. */
function UpgradeOffer({
  card,
  target,
  balance,
  held,
  staked,
}: {
  card: Card;
  target: CardTier;
  balance: string;
  /** What the upgrade's stake holds beyond the stake the holder has. */
  held: string;
  /** The stake the holder has now. */
  staked: string;
}) {
  const upgrade = useUpgradeCardMutation();
  const from = tierText(card.tier);
  const to = tierText(target);
  const confirm = async () => {
    try {
      await upgrade.mutateAsync({ cardId: card.id, tier: target });
    } catch (error) {
      toast({
        title: t('dashboard.upgrade.failed'),
        description: error instanceof Error ? error.message : t('dashboard.unexpected'),
        variant: 'destructive',
      });
      throw error;
    }
    toast({
      title: t('dashboard.upgrade.done'),
      description: t('dashboard.upgrade.done.description', { tier: to.name }),
      variant: 'success',
    });
  };
  const changes: [string, string, string][] = [
    [
      t('dashboard.stake.held'),
      t('dashboard.sai', { amount: formatDecimal(staked) }),
      t('dashboard.sai', {
        amount: formatDecimal(fromUnits((toUnits(staked) ?? 0n) + (toUnits(held) ?? 0n))),
      }),
    ],
    [t('dashboard.upgrade.atm'), from.atmPerMonth, to.atmPerMonth],
    [t('dashboard.upgrade.cashback'), from.cashback, to.cashback],
    [t('dashboard.upgrade.lounge'), from.lounge, to.lounge],
  ];
  return (
    <div className={styles.offer}>
      <p>
        {tRich('dashboard.upgrade.offer', {
          strong: (chunks) => <strong>{chunks}</strong>,
          balance: formatDecimal(balance),
          tier: to.name,
        })}
      </p>
      <ConfirmDialog
        title={t('dashboard.upgrade.to', { tier: to.name })}
        description={t('dashboard.upgrade.confirm.description', {
          from: from.name,
          to: to.name,
          amount: formatDecimal(held),
        })}
        confirmLabel={t('dashboard.upgrade.to', { tier: to.name })}
        pendingLabel={t('dashboard.upgrade.pending')}
        pending={upgrade.isPending}
        onConfirm={confirm}
        trigger={
          <Button icon={ArrowUpCircle} size="sm">
            {t('dashboard.upgrade.button')}
          </Button>
        }
      >
        <dl className={styles.details} aria-label={t('dashboard.upgrade.changes')}>
          {changes.map(([what, before, after]) => (
            <Fragment key={what}>
              <dt className={styles.term}>{what}</dt>
              <dd className={styles.definition}>
                {before} → {after}
              </dd>
            </Fragment>
          ))}
        </dl>
        <ul className={styles.benefits} aria-label={t('dashboard.card.benefits', { tier: to.name })}>
          {to.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
