import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { CheckboxField } from '../components/CheckboxField.tsx';
import { TextField } from '../components/TextField.tsx';
import { toast } from '../components/toast/index.ts';
import { displayName } from '../lib/format.ts';
import { AUTH_REDIRECT_MS, redirectIfSignedIn } from '../lib/routeGuards.ts';
import { type RegisterValues, validateRegister } from '../lib/validation.ts';
import { useRegisterMutation } from '../queries/auth.queries.ts';
import { apiFieldErrors } from '../ui/form/apiFieldErrors.ts';
import { EmailField, PasswordField } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';
import * as styles from './-components/Register.css.ts';

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.queryClient),
  component: RegisterPage,
});

type Field = keyof RegisterValues;
const FIELD_ORDER: Field[] = [
  'firstName',
  'lastName',
  'username',
  'email',
  'password',
  'confirmPassword',
  'termsAgreed',
];

const initialValues: RegisterValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  termsAgreed: false,
};

function RegisterPage() {
  const router = useRouter();
  const register = useRegisterMutation();
  // Messages the API sends for a field stand until that field is edited.
  const form = useForm(initialValues, FIELD_ORDER, { validate: validateRegister });
  const { values } = form;
  // From the click until the dashboard shows (the account is created, then the dashboard loads): the
  // filled form stays disabled and says what is happening, instead of looking idle under the new URL.
  const [opening, setOpening] = useState(false);
  const busy = register.isPending || opening;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // validateRegister refuses an unchecked box; the second test narrows its type for the API.
    if (!form.check() || !values.termsAgreed) return;
    register.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        termsAgreed: values.termsAgreed,
      },
      {
        onSuccess: (user) => {
          setOpening(true);
          toast({
            title: 'Account created',
            description: `Welcome to SAI Wallet, ${displayName(user)}.`,
            variant: 'success',
          });
          window.setTimeout(() => {
            // Stays disabled until this page is left; only a failed navigation gives the form back.
            router.navigate({ to: '/dashboard' }).catch(() => setOpening(false));
          }, AUTH_REDIRECT_MS);
        },
        onError: (error) => {
          form.showServerErrors(apiFieldErrors(error, FIELD_ORDER));
          toast({
            title: 'Error',
            description: error.message
              ? `Registration failed: ${error.message}`
              : 'Failed to create account. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <AuthShell
      title="Create your account"
      subtitle="Open a SAI Wallet in a minute. Your metal card is one deposit away."
      width="wide"
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <form
        className={authStyles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label="Create account"
        aria-busy={busy || undefined}
      >
        <fieldset className={styles.fields} disabled={busy}>
          <div className={authStyles.row}>
            <TextField
              {...form.textField('firstName')}
              label="First name"
              autoComplete="given-name"
              optional
            />
            <TextField
              {...form.textField('lastName')}
              label="Last name"
              autoComplete="family-name"
              optional
            />
          </div>
          <TextField
            {...form.textField('username')}
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <EmailField
            {...form.textField('email')}
            label="Email"
            autoComplete="email"
            placeholder="you@example.com"
          />
          <div className={authStyles.row}>
            <PasswordField
              {...form.textField('password')}
              label="Password"
              autoComplete="new-password"
              hint="At least 6 characters."
            />
            <PasswordField
              {...form.textField('confirmPassword')}
              label="Confirm password"
              autoComplete="new-password"
            />
          </div>
          <CheckboxField
            ref={form.inputRef('termsAgreed')}
            label="I agree to the terms and conditions"
            name="termsAgreed"
            checked={values.termsAgreed}
            onCheckedChange={(checked) => form.set('termsAgreed', checked)}
            error={form.errorFor('termsAgreed')}
          />
        </fieldset>
        <Button
          type="submit"
          size="lg"
          fullWidth
          pending={busy}
          pendingLabel={opening ? 'Opening your dashboard…' : 'Creating your account…'}
        >
          <UserPlus size={18} aria-hidden="true" />
          Create account
        </Button>
        <p className={styles.progress} role="status" aria-live="polite">
          {opening
            ? 'Account created. Opening your dashboard…'
            : register.isPending
              ? 'Creating your account…'
              : ''}
        </p>
      </form>
    </AuthShell>
  );
}
