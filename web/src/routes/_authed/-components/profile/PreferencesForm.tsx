import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Save, SlidersHorizontal } from 'lucide-react';
import type { FormEvent } from 'react';
import { setLocale, t } from '@/i18n/i18n.ts';
import {
  DEFAULT_PREFERENCES,
  LANGUAGES,
  type Language,
  type Preferences,
  THEMES,
  type ThemeChoice,
} from '@/lib/constants.ts';
import { applyTheme } from '@/lib/theme.ts';
import {
  preferencesQuery,
  useResetPreferencesMutation,
  useSavePreferencesMutation,
} from '@/queries/account.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import { SwitchField } from '@/ui/Switch/SwitchField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './Profile.css.ts';

type SwitchPreference = Exclude<keyof Preferences, 'language' | 'theme'>;

/** The on/off preferences, in the order the form shows them, in the current language. */
function switches(): readonly { name: SwitchPreference; label: string; description: string }[] {
  return [
    {
      name: 'emailNotifications',
      label: t('profile.preferences.emailNotifications'),
      description: t('profile.preferences.emailNotificationsDetail'),
    },
    {
      name: 'marketingCommunications',
      label: t('profile.preferences.marketingCommunications'),
      description: t('profile.preferences.marketingCommunicationsDetail'),
    },
    {
      name: 'transactionAlerts',
      label: t('profile.preferences.transactionAlerts'),
      description: t('profile.preferences.transactionAlertsDetail'),
    },
  ];
}

/**
 * Each language in its own name, whatever the current one: a person who
 * cannot read the current language still finds theirs.
 */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

function languageOptions() {
  return LANGUAGES.map(({ value }) => ({ value, label: LANGUAGE_NAMES[value] }));
}

function themeOptions() {
  return THEMES.map(({ value }) => ({ value, label: t(`profile.preferences.theme.${value}`) }));
}

/**
 * Applies what the server stored: the theme, then the language. The language switch remounts the app
 * (I18nRoot) once the language's catalog is loaded, so the toast is raised after that, in the new
 * language; the toast store lives outside React and the remounted Toaster shows it. A catalog that cannot
 * be fetched leaves the page in its language; the preference is saved all the same.
 */
async function applyStored(stored: Preferences): Promise<void> {
  applyTheme(stored.theme);
  await setLocale(stored.language).catch(() => undefined);
}

/** Preferences (docs/product-rules.md spec 2; docs/product-rules.md rule 13: Save Preferences and Reset to Default are real calls). */
export function PreferencesSettings() {
  const preferences = useQuery(preferencesQuery);
  return (
    <Panel icon={SlidersHorizontal} titleId="preferences-title" title={t('profile.tab.preferences')}>
      <QueryContent
        query={preferences}
        loading={t('profile.preferences.loading')}
        failed={t('profile.preferences.loadFailed')}
      >
        {(saved) => <PreferencesForm saved={saved} />}
      </QueryContent>
    </Panel>
  );
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const save = useSavePreferencesMutation();
  const reset = useResetPreferencesMutation();
  const { values, setValues, set } = useForm<Preferences>({ ...DEFAULT_PREFERENCES, ...saved }, []);
  const busy = save.isPending || reset.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // mutateAsync, not mutate's callbacks: those are dropped once the form unmounts, and the language
    // switch remounts it (LanguageSync may see the stored language first).
    save.mutateAsync(values).then(
      async (stored) => {
        setValues(stored);
        await applyStored(stored);
        toast({ title: t('profile.preferences.saved'), variant: 'success' });
      },
      (error: Error) => toastFailure(t('profile.preferences.saveFailed'), error),
    );
  };

  const onReset = () => {
    if (busy) return;
    reset.mutateAsync().then(
      async (stored) => {
        setValues(stored);
        await applyStored(stored);
        toast({ title: t('profile.preferences.resetDone'), variant: 'success' });
      },
      (error: Error) => toastFailure(t('profile.preferences.resetFailed'), error),
    );
  };

  return (
    <PanelForm label={t('profile.tab.preferences')} onSubmit={onSubmit}>
      <div className={styles.switches}>
        {switches().map(({ name, label, description }) => (
          <SwitchField
            key={name}
            label={label}
            description={description}
            name={name}
            checked={values[name]}
            onCheckedChange={(checked) => set(name, checked)}
          />
        ))}
      </div>
      <SelectField<Language>
        label={t('profile.preferences.language')}
        name="language"
        value={values.language}
        options={languageOptions()}
        onValueChange={(language) => set('language', language)}
      />
      <SelectField<ThemeChoice>
        label={t('profile.preferences.theme')}
        name="theme"
        value={values.theme}
        options={themeOptions()}
        onValueChange={(theme) => set('theme', theme)}
      />
      <div className={styles.formActions}>
        <Button icon={RotateCcw} variant="ghost" onClick={onReset} pending={reset.isPending} disabled={busy}>
          {t('profile.preferences.reset')}
        </Button>
        <Button
          icon={Save}
          type="submit"
          pending={save.isPending}
          disabled={busy}
          pendingLabel={t('profile.saving')}
        >
          {t('profile.preferences.save')}
        </Button>
      </div>
    </PanelForm>
  );
}
