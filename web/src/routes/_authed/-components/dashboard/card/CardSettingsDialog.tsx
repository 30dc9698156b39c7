import { CircleCheck, KeyRound, Snowflake, Wallet } from 'lucide-react';
import type { FormEvent } from 'react';
import { tierById } from '@/content/constants.ts';
import { type MessageId, t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { type Card, useChangePinMutation, useFreezeCardMutation } from '@/queries/cards.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { Modal } from '@/ui/Dialog/Dialog.tsx';
import { PasswordField } from '@/ui/form/fields.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { SwitchField } from '@/ui/Switch/SwitchField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './Card.css.ts';
import { canOpenSettings, cardDisplay, validatePin } from './cardDisplay.ts';

/**
 * Card settings (docs/product-rules.md spec 2; docs/product-rules.md rule 14: real commands). Only an active or frozen card has settings:
 * freeze/unfreeze, the activation notice and the PIN. Anything else reads "Card Not Yet Active".
 */
export function CardSettingsDialog({
  card,
  open,
  onOpenChange,
  onDepositNow,
}: {
  card: Card | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDepositNow: () => void;
}) {
  if (!canOpenSettings(card)) {
    const shipping = card?.status === 'shipping';
    return (
      <Modal
        title={t('dashboard.card.notActive')}
        description={
          shipping ? t('dashboard.card.notActive.shipping') : t('dashboard.card.notActive.description')
        }
        open={open}
        onOpenChange={onOpenChange}
      >
        {card ? (
          <p className={panel.subtitle}>
            {t('dashboard.card.currentState', { state: cardDisplay(card).label })}
          </p>
        ) : null}
        {shipping ? null : (
          <Button icon={Wallet} fullWidth onClick={onDepositNow}>
            {t('dashboard.card.depositNow')}
          </Button>
        )}
      </Modal>
    );
  }
  return (
    <Modal
      title={t('dashboard.card.settings')}
      description={t('dashboard.card.settings.description', { tier: tierById(card.tier).name })}
      open={open}
      onOpenChange={onOpenChange}
    >
      <CardSettings card={card} />
    </Modal>
  );
}

function CardSettings({ card }: { card: Card }) {
  const freeze = useFreezeCardMutation();
  const frozen = card.status === 'inactive';

  const toggle = (next: boolean) => {
    if (freeze.isPending) return;
    freeze.mutate(
      { cardId: card.id, frozen: next },
      {
        onSuccess: () =>
          toast({
            title: next ? t('dashboard.card.frozenToast') : t('dashboard.card.unfrozenToast'),
            description: next
              ? t('dashboard.card.frozenToast.description')
              : t('dashboard.card.unfrozenToast.description'),
            variant: 'success',
          }),
        onError: (error) => toastFailure(t('dashboard.card.updateFailed'), error),
      },
    );
  };

  return (
    <div className={panel.form}>
      <SwitchField
        label={t('dashboard.card.freeze')}
        description={t('dashboard.card.freeze.description')}
        name="frozen"
        checked={frozen}
        onCheckedChange={toggle}
        disabled={freeze.isPending}
      />
      <div className={panel.notice} role="status">
        <p className={panel.noticeTitle}>
          {frozen ? <Snowflake size={16} aria-hidden="true" /> : <CircleCheck size={16} aria-hidden="true" />}
          {frozen ? t('dashboard.card.isFrozen') : t('dashboard.card.isActive')}
        </p>
        <p className={panel.muted}>
          {frozen ? t('dashboard.card.isFrozen.description') : t('dashboard.card.isActive.description')}
        </p>
      </div>
      <PinForm card={card} disabled={frozen} />
    </div>
  );
}

type PinName = 'pin' | 'confirmPin';
const PIN_FIELDS: readonly { name: PinName; label: MessageId }[] = [
  { name: 'pin', label: 'dashboard.card.pin.new' },
  { name: 'confirmPin', label: 'dashboard.card.pin.confirm' },
];
const PIN_ORDER = PIN_FIELDS.map((field) => field.name);

function PinForm({ card, disabled }: { card: Card; disabled: boolean }) {
  const changePin = useChangePinMutation();
  const form = useForm({ pin: '', confirmPin: '' }, PIN_ORDER);
  const { pin, confirmPin } = form.values;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changePin.isPending || disabled) return;
    if (!form.check(validatePin(pin, confirmPin))) return;
    changePin.mutate(
      { cardId: card.id, pin, confirmPin },
      {
        onSuccess: () => {
          toast({
            title: t('dashboard.card.pin.changed'),
            description: t('dashboard.card.pin.changed.description'),
            variant: 'success',
          });
          form.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) form.setErrors(error.fieldErrors);
          toastFailure(t('dashboard.card.pin.failed'), error);
        },
      },
    );
  };

  return (
    <form
      className={styles.section}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('dashboard.card.pin.change')}
    >
      <h3 className={styles.sectionTitle}>{t('dashboard.card.pin.change')}</h3>
      <div className={styles.pinRow}>
        {PIN_FIELDS.map(({ name, label }) => (
          <PasswordField
            key={name}
            {...form.textField(name)}
            label={t(label)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            onChange={(event) => form.set(name, event.target.value.replace(/\D/g, '').slice(0, 4))}
            disabled={disabled}
          />
        ))}
      </div>
      {disabled ? <p className={panel.subtitle}>{t('dashboard.card.pin.unfreezeFirst')}</p> : null}
      <Button
        icon={KeyRound}
        type="submit"
        variant="secondary"
        fullWidth
        pending={changePin.isPending}
        disabled={disabled}
      >
        {t('dashboard.card.pin.change')}
      </Button>
    </form>
  );
}
