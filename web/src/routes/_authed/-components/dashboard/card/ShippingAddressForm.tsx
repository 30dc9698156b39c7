import { type FormEvent, useRef, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { type FormErrors, hasErrors } from '@/lib/validation.ts';
import type { ShippingAddress } from '@/queries/cards.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { ADDRESS_FIELDS, validateAddress } from './cardDisplay.ts';

type Field = keyof ShippingAddress;
const FIELDS = ADDRESS_FIELDS;

const EMPTY: ShippingAddress = { address: '', city: '', state: '', zipCode: '', country: '' };

/**
 * The shipping address form, for requesting the card and for adding the address later. `onSubmit`
 * rejects with the API's error to keep the form open; its field errors are shown on the fields.
 */
export function ShippingAddressForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: Partial<ShippingAddress>;
  submitLabel: string;
  pending: boolean;
  onSubmit: (address: ShippingAddress) => Promise<unknown>;
}) {
  const [values, setValues] = useState<ShippingAddress>({ ...EMPTY, ...stripNulls(initial) });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const showErrors = (found: FormErrors<Field>) => {
    setErrors(found);
    const first = FIELDS.find(({ field }) => found[field]);
    if (first) inputs.current[first.field]?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateAddress(values);
    showErrors(found);
    if (hasErrors(found)) return;
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, value.trim()]),
    ) as unknown as ShippingAddress;
    onSubmit(trimmed).catch((error: unknown) => {
      if (error instanceof ApiError && error.fieldErrors) {
        const fromServer: FormErrors<Field> = {};
        for (const { field } of FIELDS) {
          const message = error.fieldErrors[field];
          if (message) fromServer[field] = message;
        }
        showErrors(fromServer);
      }
    });
  };

  return (
    <PanelForm label={t('dashboard.address.form')} onSubmit={submit}>
      {FIELDS.map(({ field, label, autoComplete }) => (
        <TextField
          key={field}
          ref={(element) => {
            inputs.current[field] = element;
          }}
          label={t(label)}
          name={field}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field]: value }));
            if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest as FormErrors<Field>);
          }}
          error={errors[field]}
          required
        />
      ))}
      <Button type="submit" fullWidth pending={pending} pendingLabel={t('dashboard.saving')}>
        {submitLabel}
      </Button>
    </PanelForm>
  );
}

function stripNulls(initial: Partial<ShippingAddress> | undefined): Partial<ShippingAddress> {
  if (!initial) return {};
  return Object.fromEntries(Object.entries(initial).filter(([, value]) => typeof value === 'string'));
}
