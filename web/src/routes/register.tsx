import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { CheckboxField } from '../components/CheckboxField.tsx';
import { TextField } from '../components/TextField.tsx';
import { toast } from '../components/toast/index.ts';
import { ApiError } from '../lib/api.ts';
import { displayName } from '../lib/format.ts';
import { AUTH_REDIRECT_MS, redirectIfSignedIn } from '../lib/routeGuards.ts';
import { type FormErrors, hasErrors, type RegisterValues, validateRegister } from '../lib/validation.ts';
import { useRegisterMutation } from '../queries/auth.queries.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';

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

function isField(name: string): name is Field {
  return (FIELD_ORDER as string[]).includes(name);
}

function RegisterPage() {
  const router = useRouter();
  const register = useRegisterMutation();
  const [values, setValues] = useState<RegisterValues>(initialValues);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  // Messages the API sent for a field; they stand until that field is edited.
  const [serverErrors, setServerErrors] = useState<FormErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLButtonElement | null>>>({});

  const bind = (field: Field) => (element: HTMLInputElement | HTMLButtonElement | null) => {
    inputs.current[field] = element;
  };

  const update = <F extends Field>(field: F, value: RegisterValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (serverErrors[field]) setServerErrors(({ [field]: _dropped, ...rest }) => rest as FormErrors<Field>);
    if (submitted) setErrors(validateRegister(next));
  };

  const focusFirstError = (found: FormErrors<Field>) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(found);
      return;
    }
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
          toast({
            title: 'Account created',
            description: `Welcome to SAI Wallet, ${displayName(user)}.`,
            variant: 'success',
          });
          window.setTimeout(() => {
            void router.navigate({ to: '/dashboard' });
          }, AUTH_REDIRECT_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) {
            const fromServer: FormErrors<Field> = {};
            for (const [name, message] of Object.entries(error.fieldErrors)) {
              if (isField(name)) fromServer[name] = message;
            }
            setServerErrors(fromServer);
            focusFirstError(fromServer);
          }
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

  const errorFor = (field: Field) => errors[field] ?? serverErrors[field];

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
      <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label="Create account">
        <div className={authStyles.row}>
          <TextField
            ref={bind('firstName')}
            label="First name"
            name="firstName"
            autoComplete="given-name"
            optional
            value={values.firstName}
            onChange={(event) => update('firstName', event.target.value)}
            error={errorFor('firstName')}
          />
          <TextField
            ref={bind('lastName')}
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            optional
            value={values.lastName}
            onChange={(event) => update('lastName', event.target.value)}
            error={errorFor('lastName')}
          />
        </div>
        <TextField
          ref={bind('username')}
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(event) => update('username', event.target.value)}
          error={errorFor('username')}
          required
        />
        <TextField
          ref={bind('email')}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          error={errorFor('email')}
          required
        />
        <div className={authStyles.row}>
          <TextField
            ref={bind('password')}
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
            error={errorFor('password')}
            required
          />
          <TextField
            ref={bind('confirmPassword')}
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => update('confirmPassword', event.target.value)}
            error={errorFor('confirmPassword')}
            required
          />
        </div>
        <CheckboxField
          ref={bind('termsAgreed')}
          label="I agree to the terms and conditions"
          name="termsAgreed"
          checked={values.termsAgreed}
          onCheckedChange={(checked) => update('termsAgreed', checked)}
          error={errorFor('termsAgreed')}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          pending={register.isPending}
          pendingLabel="Creating account…"
        >
          <UserPlus size={18} aria-hidden="true" />
          Create account
        </Button>
      </form>
    </AuthShell>
  );
}
