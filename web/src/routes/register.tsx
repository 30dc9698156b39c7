import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CheckboxField } from '@/ui/Field/CheckboxField.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { toast } from '@/ui/toast/index.ts';
import { currentLocale, t } from '../i18n/i18n.ts';
import { displayName } from '../lib/format.ts';
import { AUTH_REDIRECT_MS, redirectIfSignedIn } from '../lib/routeGuards.ts';
import { MIN_PASSWORD, type RegisterValues, validateRegister } from '../lib/validation.ts';
import { preferencesQuery, useSavePreferencesMutation } from '../queries/account.queries.ts';
import { useRegisterMutation } from '../queries/auth.queries.ts';
import { apiFieldErrors } from '../ui/form/apiFieldErrors.ts';
import { NewPasswordFields } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthEmailField, AuthShell, AuthSubmit, authStyles } from './-components/AuthShell.tsx';
import { LanguageSwitcher } from './-components/LanguageSwitcher.tsx';
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

  const keepLanguage = useKeepLanguage();

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
            title: t('auth.register.created'),
            description: t('auth.register.welcome', { name: displayName(user) }),
            variant: 'success',
          });
          const shown = new Promise((resolve) => window.setTimeout(resolve, AUTH_REDIRECT_MS));
          void Promise.all([keepLanguage(), shown]).then(() =>
            // Stays disabled until this page is left; only a failed navigation gives the form back.
            router.navigate({ to: '/dashboard' }).catch(() => setOpening(false)),
          );
        },
        onError: (error) => {
          form.showServerErrors(apiFieldErrors(error, FIELD_ORDER));
          toast({
            title: t('shell.error'),
            description: error.message
              ? t('auth.register.failedWith', { message: error.message })
              : t('auth.register.failed'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <AuthShell
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      switcher={<LanguageSwitcher />}
      width="wide"
      footer={
        <p>
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
        </p>
      }
    >
      <form
        className={authStyles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('auth.register.form')}
        aria-busy={busy || undefined}
      >
        <RegisterFields form={form} busy={busy} />
        <AuthSubmit
          icon={UserPlus}
          label={t('auth.register.form')}
          pending={busy}
          pendingLabel={opening ? t('auth.register.opening') : t('auth.register.creating')}
        />
        <p className={styles.progress} role="status" aria-live="polite">
          {opening
            ? t('auth.register.createdOpening')
            : register.isPending
              ? t('auth.register.creating')
              : ''}
        </p>
      </form>
    </AuthShell>
  );
}

/**
 * Signed up in a language other than English (the browser's, or one chosen above): it becomes the new
 * account's preference, saved before the dashboard opens, since LanguageSync applies the saved one there
 * and would otherwise switch the person to the default English. A failure leaves the default.
 */
function useKeepLanguage() {
  const queryClient = useQueryClient();
  const savePreferences = useSavePreferencesMutation();
  return async () => {
    const language = currentLocale();
    if (language === 'en') return;
    try {
      const preferences = await queryClient.fetchQuery(preferencesQuery);
      if (preferences.language !== language) await savePreferences.mutateAsync({ ...preferences, language });
    } catch (error) {
      console.warn('The language of the registration could not be saved', error);
    }
  };
}

/** The account's fields: names, username, e-mail, the password twice and the terms; disabled while busy. */
function RegisterFields({ form, busy }: { form: ReturnType<typeof useForm<RegisterValues>>; busy: boolean }) {
  return (
    <fieldset className={styles.fields} disabled={busy}>
      <div className={authStyles.row}>
        <TextField
          {...form.textField('firstName')}
          label={t('auth.register.firstName')}
          autoComplete="given-name"
          optional
        />
        <TextField
          {...form.textField('lastName')}
          label={t('auth.register.lastName')}
          autoComplete="family-name"
          optional
        />
      </div>
      <TextField
        {...form.textField('username')}
        label={t('auth.register.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <AuthEmailField {...form.textField('email')} autoComplete="email" />
      <div className={authStyles.row}>
        <NewPasswordFields
          password={{
            ...form.textField('password'),
            label: t('auth.password'),
            hint: t('auth.passwordHint', { min: MIN_PASSWORD }),
          }}
          confirm={{ ...form.textField('confirmPassword'), label: t('auth.register.confirmPassword') }}
        />
      </div>
      <CheckboxField
        ref={form.inputRef('termsAgreed')}
        label={t('auth.register.terms')}
        name="termsAgreed"
        checked={form.values.termsAgreed}
        onCheckedChange={(checked) => form.set('termsAgreed', checked)}
        error={form.errorFor('termsAgreed')}
      />
    </fieldset>
  );
}
