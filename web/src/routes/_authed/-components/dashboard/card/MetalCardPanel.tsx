import { useQuery } from '@tanstack/react-query';
import { CreditCard, Eye, MapPin, Settings, Snowflake, Wallet } from 'lucide-react';
import { useState } from 'react';
import { tierById } from '@/content/constants.ts';
import { t } from '@/i18n/i18n.ts';
import { isPositive } from '@/lib/assets.ts';
import { formatDecimal } from '@/lib/format.ts';
import type { User } from '@/queries/auth.queries.ts';
import {
  type Card,
  cardStakeQuery,
  type ShippingAddress,
  useRequestCardMutation,
  userCardQuery,
  useSetShippingAddressMutation,
} from '@/queries/cards.queries.ts';
import { cardVerificationTime } from '@/routes/_authed/-components/timings.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { Modal } from '@/ui/Dialog/Dialog.tsx';
import { MetalCard } from '@/ui/MetalCard/MetalCard.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { PanelError, PanelLoading } from '@/ui/query/QueryState.tsx';
import { toast } from '@/ui/toast/index.ts';
import { BuyTokensForm } from '../BuyTokensCard.tsx';
import * as styles from './Card.css.ts';
import { CardDetails, formatDay } from './CardDetails.tsx';
import { CardSettingsDialog } from './CardSettingsDialog.tsx';
import {
  balanceTier,
  canViewDetails,
  cardDisplay,
  needsShippingAddress,
  reach,
  stakeTarget,
} from './cardDisplay.ts';
import { ShippingAddressForm } from './ShippingAddressForm.tsx';
import { StakedLine, StakeOffer } from './StakeCard.tsx';
import { UpgradePath } from './UpgradeCard.tsx';

type PanelDialog = 'request' | 'deposit' | 'details' | 'shipping' | null;

/**
 * The metal card panel (docs/product-rules.md spec 2 "Card flows", docs/product-rules.md spec 4 "Card display"): the card in its tier, its state,
 * the request flow (deposit first at a zero balance, else the shipping address), details, the shipping
 * address when it is missing, the upgrade path, and the settings dialog (shared with the quick action).
 */
export function MetalCardPanel({
  user,
  settingsOpen,
  onSettingsOpenChange,
}: {
  user: User;
  settingsOpen: boolean;
  onSettingsOpenChange: (open: boolean) => void;
}) {
  const card = useQuery(userCardQuery(user.id));
  const stake = useQuery(cardStakeQuery(user.id));
  const [dialog, setDialog] = useState<PanelDialog>(null);
  const request = useRequestCardMutation();
  const setShipping = useSetShippingAddressMutation();
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const requestCard = async (address: ShippingAddress | null) => {
    try {
      await request.mutateAsync(address);
    } catch (error) {
      toast({
        title: t('dashboard.card.requestFailed'),
        description: error instanceof Error ? error.message : t('dashboard.unexpected'),
        variant: 'destructive',
      });
      throw error;
    }
    toast({
      title: t('dashboard.card.requested'),
      description: address ? t('dashboard.card.requested.address') : t('dashboard.card.requested.deposit'),
      variant: 'success',
    });
    // At a zero balance the deposit comes next (docs/product-rules.md spec 2, "Deposit Required"); else the flow is done.
    setDialog(address ? null : 'deposit');
  };

  const saveAddress = async (cardId: string, address: ShippingAddress) => {
    try {
      await setShipping.mutateAsync({ cardId, address });
    } catch (error) {
      toast({
        title: t('dashboard.card.addressFailed'),
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      } as const);
      throw error;
    }
    toast({ title: t('dashboard.card.addressSaved'), variant: 'success' });
    setDialog(null);
  };

  const current = card.data ?? null;
  // A holder whose SAI covers a tier activates by staking it; too little, and the card is bought for.
  const staking = stakeTarget(current, stake.data);
  const display = cardDisplay(current, staking !== null);
  const tier = current?.tier ?? balanceTier(user.balance);
  const frozen = current?.status === 'inactive';

  return (
    <Panel icon={CreditCard} titleId="metal-card-title" title={t('dashboard.actions.card')} head>
      {card.isPending ? (
        <PanelLoading label={t('dashboard.card.loading')} />
      ) : card.isError ? (
        <PanelError onRetry={() => card.refetch()}>{t('dashboard.card.failed')}</PanelError>
      ) : (
        <div className={styles.body}>
          <div className={styles.visual}>
            <MetalCard tier={tier} className={!current || frozen ? styles.dimmed : undefined} />
            {frozen ? (
              <span className={styles.frozenTag} aria-hidden="true">
                <Snowflake size={14} />
                {t('dashboard.card.state.frozen')}
              </span>
            ) : null}
          </div>
          <div className={styles.status}>
            <p className={panel.muted}>
              {current
                ? t('dashboard.card.tierCard', { tier: tierById(tier).name })
                : t('dashboard.card.tierToday', { tier: tierById(tier).name })}
            </p>
            <p className={styles.statusLabel} data-testid="card-status">
              {display.label}
            </p>
            <p className={panel.subtitle}>{display.description}</p>
            {current?.status === 'shipping' && current.estimatedDelivery ? (
              <p className={panel.subtitle}>
                {t('dashboard.card.estimatedDelivery', { date: formatDay(current.estimatedDelivery) })}
              </p>
            ) : null}
            <CardActions
              card={current}
              staking={staking !== null}
              onDialog={setDialog}
              onSettings={() => onSettingsOpenChange(true)}
            />
            {current && staking && stake.data ? (
              <StakeOffer card={current} stake={stake.data} target={staking} />
            ) : null}
            {current && stake.data ? <StakedLine card={current} stake={stake.data} /> : null}
          </div>
        </div>
      )}

      <UpgradePath balance={reach(user.balance, stake.data)} card={current} stake={stake.data} />

      <RequestCardDialog
        user={user}
        open={dialog === 'request'}
        onOpenChange={close}
        pending={request.isPending}
        onRequest={requestCard}
      />

      <Modal
        title={t('dashboard.card.buyTitle')}
        description={t('dashboard.card.buyDescription', { time: cardVerificationTime() })}
        open={dialog === 'deposit'}
        onOpenChange={close}
      >
        <BuyTokensForm user={user} onSubmitted={() => setDialog(null)} />
      </Modal>

      {current ? (
        <>
          <Modal title={t('dashboard.card.details')} open={dialog === 'details'} onOpenChange={close}>
            <CardDetails card={current} />
          </Modal>
          <Modal
            title={t('dashboard.card.addAddress')}
            description={t('dashboard.card.addAddress.description')}
            open={dialog === 'shipping'}
            onOpenChange={close}
          >
            <ShippingAddressForm
              initial={addressOf(current)}
              submitLabel={t('dashboard.card.saveAddress')}
              pending={setShipping.isPending}
              onSubmit={(address) => saveAddress(current.id, address)}
            />
          </Modal>
        </>
      ) : null}

      <CardSettingsDialog
        card={current}
        open={settingsOpen}
        onOpenChange={onSettingsOpenChange}
        onDepositNow={() => {
          onSettingsOpenChange(false);
          setDialog(current ? 'deposit' : 'request');
        }}
      />
    </Panel>
  );
}

/** The card's buttons: request, deposit, add the address, details (when they can be seen) and settings. */
function CardActions({
  card,
  staking,
  onDialog,
  onSettings,
}: {
  card: Card | null;
  staking: boolean;
  onDialog: (dialog: PanelDialog) => void;
  onSettings: () => void;
}) {
  return (
    <div className={styles.actions}>
      {!card ? (
        <Button icon={CreditCard} size="sm" onClick={() => onDialog('request')}>
          {t('dashboard.card.request')}
        </Button>
      ) : null}
      {card?.status === 'pending' && !staking ? (
        <Button icon={Wallet} size="sm" onClick={() => onDialog('deposit')}>
          {t('dashboard.card.depositNow')}
        </Button>
      ) : null}
      {needsShippingAddress(card) ? (
        <Button icon={MapPin} size="sm" onClick={() => onDialog('shipping')}>
          {t('dashboard.card.addAddress')}
        </Button>
      ) : null}
      <Button
        icon={Eye}
        size="sm"
        variant="secondary"
        disabled={!canViewDetails(card)}
        onClick={() => onDialog('details')}
      >
        {t('dashboard.card.viewDetails')}
      </Button>
      <Button icon={Settings} size="sm" variant="secondary" onClick={onSettings}>
        {t('dashboard.card.settings')}
      </Button>
    </div>
  );
}

/**
 * The request dialog: the shipping address when the balance is positive, else the deposit first
 * (docs/product-rules.md spec 2, "Deposit Required").
 */
function RequestCardDialog({
  user,
  open,
  onOpenChange,
  pending,
  onRequest,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onRequest: (address: ShippingAddress | null) => Promise<void>;
}) {
  return (
    <Modal
      title={
        isPositive(user.balance) ? t('dashboard.card.requestTitle') : t('dashboard.card.depositRequired')
      }
      description={
        isPositive(user.balance)
          ? t('dashboard.card.requestDescription', { tier: tierById(balanceTier(user.balance)).name })
          : t('dashboard.card.depositDescription', {
              minimum: formatDecimal(String(tierById('gold').stake), 0),
              time: cardVerificationTime(),
            })
      }
      open={open}
      onOpenChange={onOpenChange}
    >
      {isPositive(user.balance) ? (
        <ShippingAddressForm
          submitLabel={t('dashboard.card.request')}
          pending={pending}
          onSubmit={onRequest}
        />
      ) : (
        <Button
          icon={Wallet}
          fullWidth
          pending={pending}
          pendingLabel={t('dashboard.requesting')}
          onClick={() => onRequest(null).catch(() => undefined)}
        >
          {t('dashboard.card.depositNow')}
        </Button>
      )}
    </Modal>
  );
}

function addressOf(card: Card): Partial<ShippingAddress> {
  const address: Partial<ShippingAddress> = {};
  if (card.address) address.address = card.address;
  if (card.city) address.city = card.city;
  if (card.state) address.state = card.state;
  if (card.zipCode) address.zipCode = card.zipCode;
  if (card.country) address.country = card.country;
  return address;
}
