import { Lock, Unlock } from 'lucide-react';
import { Fragment } from 'react';
import { tierById } from '@/content/constants.ts';
import { t, tRich } from '@/i18n/i18n.ts';
import { isPositive } from '@/lib/assets.ts';
import type { CardTier } from '@/lib/constants.ts';
import { formatDecimal } from '@/lib/format.ts';
import { useIdempotentCommand } from '@/lib/idempotency.ts';
import { fromUnits, toUnits } from '@/lib/money.ts';
import { type Card, type CardStake, useStakeCardMutation } from '@/queries/cards.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog/Dialog.tsx';
import { CommandNotice } from '@/ui/review/CommandNotice.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './Card.css.ts';

/**
 * Staking the card's tier (docs/product-rules.md rule 30): a card waiting for its activation is offered
 * "Stake X SAI" when the holder's SAI covers a tier above Gold, with a review of what is held, what is left
 * and what releases it; once staked, the panel says how much is held and offers to release it. Sent once
 * per action (lib/idempotency.ts): a retry replays the first outcome, never stakes twice.
 */
export function StakeOffer({
  card,
  stake,
  target,
}: {
  card: Card;
  stake: CardStake;
  target: { tier: CardTier; amount: string };
}) {
  const staking = useStake(card);
  const tier = tierById(target.tier).name;
  const amount = formatDecimal(target.amount);
  const after = fromUnits((toUnits(stake.available) ?? 0n) - (toUnits(target.amount) ?? 0n));
  const confirm = () =>
    staking.run(target.tier, {
      title: t('dashboard.stake.done'),
      description: t('dashboard.stake.done.description', { tier, amount }),
      failed: t('dashboard.stake.failed'),
    });
  const rows: [string, string][] = [
    [t('dashboard.stake.held'), t('dashboard.sai', { amount })],
    [t('dashboard.stake.tier'), tier],
    [t('dashboard.stake.after'), t('dashboard.sai', { amount: formatDecimal(after) })],
    [t('dashboard.stake.releasedBy'), t('dashboard.stake.releasedWhen')],
  ];
  return (
    <div className={styles.offer}>
      <p>{tRich('dashboard.stake.offer', { strong: (chunks) => <strong>{chunks}</strong>, tier })}</p>
      <ConfirmDialog
        title={t('dashboard.stake.title', { amount, tier })}
        description={t('dashboard.stake.description')}
        confirmLabel={t('dashboard.stake.button', { amount })}
        pendingLabel={t('dashboard.stake.pending')}
        pending={staking.pending}
        onConfirm={confirm}
        trigger={
          <Button icon={Lock} size="sm">
            {t('dashboard.stake.button', { amount })}
          </Button>
        }
      >
        <dl className={styles.details} aria-label={t('dashboard.stake.review')}>
          {rows.map(([what, value]) => (
            <Fragment key={what}>
              <dt className={styles.term}>{what}</dt>
              <dd className={styles.definition}>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <CommandNotice notice={staking.notice} />
      </ConfirmDialog>
    </div>
  );
}

/** How much is staked for the card, and "Release stake" (back to Gold: the whole stake returns). */
export function StakedLine({ card, stake }: { card: Card; stake: CardStake }) {
  const releasing = useStake(card);
  if (!isPositive(stake.staked)) return null;
  const amount = formatDecimal(stake.staked);
  const confirm = () =>
    releasing.run('gold', {
      title: t('dashboard.stake.release.done'),
      description: t('dashboard.stake.release.done.description', { amount }),
      failed: t('dashboard.stake.release.failed'),
    });
  return (
    <div className={styles.offer}>
      <p data-testid="card-stake">
        {t('dashboard.stake.staked', { amount, tier: tierById(stake.tier).name })}
      </p>
      <ConfirmDialog
        title={t('dashboard.stake.release.title')}
        description={t('dashboard.stake.release.description', { amount })}
        confirmLabel={t('dashboard.stake.release')}
        pendingLabel={t('dashboard.stake.release.pending')}
        pending={releasing.pending}
        onConfirm={confirm}
        trigger={
          <Button icon={Unlock} size="sm" variant="secondary">
            {t('dashboard.stake.release')}
          </Button>
        }
      >
        <CommandNotice notice={releasing.notice} />
      </ConfirmDialog>
    </div>
  );
}

/** Sets the stake to a tier's amount, once; resolves when it is done, rejects (keeping the dialog) if not. */
function useStake(card: Card) {
  const mutation = useStakeCardMutation();
  const command = useIdempotentCommand(mutation.mutateAsync);
  const run = async (tier: CardTier, texts: { title: string; description: string; failed: string }) => {
    const outcome = await command.sendAsync({ cardId: card.id, tier });
    if (outcome.kind === 'done') {
      toast({ title: texts.title, description: texts.description, variant: 'success' });
      return;
    }
    const error =
      outcome.kind === 'busy'
        ? new Error(t('shell.command.waiting'))
        : outcome.kind === 'unknown'
          ? new Error(t('shell.command.unknown'))
          : outcome.error;
    if (outcome.kind !== 'busy') toastFailure(texts.failed, error);
    throw error;
  };
  return { run, pending: command.pending, notice: command.notice };
}
