import { currentLocale, t } from '@/i18n/i18n.ts';
import { numberMarks } from '@/lib/amountInput.ts';
import { MAX_DESCRIPTION } from '@/lib/validation.ts';
import { TextField, type TextFieldProps } from '@/ui/Field/TextField.tsx';

/** The text fields several forms ask for, each with the input type, keyboard and autofill it needs. */

/** A required e-mail address. */
export function EmailField(props: TextFieldProps) {
  return <TextField type="email" inputMode="email" required {...props} />;
}

/** A required password; `autoComplete` says which one (current-password, new-password). */
export function PasswordField(props: TextFieldProps) {
  return <TextField type="password" required {...props} />;
}

/** A new password and its repeat, both offered to the password manager as the new one. */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: TextFieldProps;
  confirm: TextFieldProps;
}) {
  return (
    <>
      <PasswordField {...password} autoComplete="new-password" />
      <PasswordField {...confirm} autoComplete="new-password" />
    </>
  );
}

/** A required decimal amount, typed as text so it is read exactly (see lib/money.ts). */
export function AmountField(props: TextFieldProps) {
  // The placeholder in the language's notation ("0,00" in German): what the field reads (lib/amountInput.ts).
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      placeholder={`0${numberMarks(currentLocale()).decimal}00`}
      required
      {...props}
    />
  );
}

/** The optional description of a payment, as long as the API allows. */
export function DescriptionField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label={t('shell.field.description')}
      optional
      maxLength={MAX_DESCRIPTION}
      autoComplete="off"
      {...props}
    />
  );
}

/** A 6-digit code from an authenticator app; anything but digits is dropped as it is typed. */
export function CodeField({
  onCode,
  ...props
}: Omit<TextFieldProps, 'label' | 'onChange'> & { onCode: (code: string) => void }) {
  return (
    <TextField
      label={t('shell.field.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...props}
      onChange={(event) => onCode(event.target.value.replace(/\D/g, ''))}
    />
  );
}
