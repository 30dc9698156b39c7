import { CircleCheck, KeyRound, Snowflake, Wallet } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '../../../../../components/Button.tsx';
import { Modal } from '../../../../../components/Dialog.tsx';
import { SwitchField } from '../../../../../components/SwitchField.tsx';
import { toast } from '../../../../../components/toast/index.ts';
import { ApiError } from '../../../../../lib/api.ts';
import { tierInfo } from '../../../../../lib/constants.ts';
import {
  type Card,
  useChangePinMutation,
  useFreezeCardMutation,
} from '../../../../../queries/cards.queries.ts';
import { PasswordField } from '../../../../../ui/form/fields.tsx';
import { useForm } from '../../../../../ui/form/useForm.ts';
import * as panel from '../../../../../ui/panel/Panel.css.ts';
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
        title="Card Not Yet Active"
        description={
          shipping
            ? 'Your card is on its way. Its settings open once it has been delivered.'
            : 'Card settings open once your card is active. Buy SAI and submit your payment to activate it.'
        }
        open={open}
        onOpenChange={onOpenChange}
      >
        {card ? <p className={panel.subtitle}>Current state: {cardDisplay(card).label}</p> : null}
        {shipping ? null : (
          <Button fullWidth onClick={onDepositNow}>
            <Wallet size={16} aria-hidden="true" />
            Deposit Now
          </Button>
        )}
      </Modal>
    );
  }
  return (
    <Modal
      title="Card settings"
      description={`Your ${tierInfo(card.tier).name} card.`}
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
            title: next ? 'Card frozen' : 'Card unfrozen',
            description: next
              ? 'Payments with this card are blocked until you unfreeze it.'
              : 'Your card works again.',
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: 'Failed to update card', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className={panel.form}>
      <SwitchField
        label="Freeze card"
        description="Blocks every payment with the card until you turn this off."
        name="frozen"
        checked={frozen}
        onCheckedChange={toggle}
        disabled={freeze.isPending}
      />
      <div className={panel.notice} role="status">
        <p className={panel.noticeTitle}>
          {frozen ? <Snowflake size={16} aria-hidden="true" /> : <CircleCheck size={16} aria-hidden="true" />}
          {frozen ? 'Your card is frozen' : 'Your card is active'}
        </p>
        <p className={panel.muted}>
          {frozen
            ? 'Unfreeze it to activate payments again.'
            : 'It works for payments and ATM withdrawals. Freeze it at once if you misplace it.'}
        </p>
      </div>
      <PinForm card={card} disabled={frozen} />
    </div>
  );
}

type PinName = 'pin' | 'confirmPin';
const PIN_FIELDS: readonly { name: PinName; label: string }[] = [
  { name: 'pin', label: 'New PIN' },
  { name: 'confirmPin', label: 'Confirm PIN' },
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
          toast({ title: 'PIN changed', description: 'Use your new PIN from now on.', variant: 'success' });
          form.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) form.setErrors(error.fieldErrors);
          toast({ title: 'Failed to change PIN', description: error.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form className={styles.section} onSubmit={onSubmit} noValidate aria-label="Change PIN">
      <h3 className={styles.sectionTitle}>Change PIN</h3>
      <div className={styles.pinRow}>
        {PIN_FIELDS.map(({ name, label }) => (
          <PasswordField
            key={name}
            {...form.textField(name)}
            label={label}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            onChange={(event) => form.set(name, event.target.value.replace(/\D/g, '').slice(0, 4))}
            disabled={disabled}
          />
        ))}
      </div>
      {disabled ? <p className={panel.subtitle}>Unfreeze the card to change its PIN.</p> : null}
      <Button type="submit" variant="secondary" fullWidth pending={changePin.isPending} disabled={disabled}>
        <KeyRound size={16} aria-hidden="true" />
        Change PIN
      </Button>
    </form>
  );
}
