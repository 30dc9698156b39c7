import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Save, SlidersHorizontal } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { SelectField } from '../../../../components/SelectField.tsx';
import { SwitchField } from '../../../../components/SwitchField.tsx';
import { toast } from '../../../../components/toast/index.ts';
import {
  DEFAULT_PREFERENCES,
  LANGUAGES,
  type Language,
  type Preferences,
  THEMES,
  type ThemeChoice,
} from '../../../../lib/constants.ts';
import { applyTheme } from '../../../../lib/theme.ts';
import {
  preferencesQuery,
  useResetPreferencesMutation,
  useSavePreferencesMutation,
} from '../../../../queries/account.queries.ts';
import { useForm } from '../../../../ui/form/useForm.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { Panel } from '../../../../ui/panel/Panel.tsx';
import { QueryContent } from '../../../../ui/query/QueryState.tsx';
import * as styles from './Profile.css.ts';

type SwitchPreference = Exclude<keyof Preferences, 'language' | 'theme'>;

/** The on/off preferences, in the order the form shows them. */
const SWITCHES: readonly { name: SwitchPreference; label: string; description: string }[] = [
  {
    name: 'emailNotifications',
    label: 'Email Notifications',
    description: 'Account news and security notices by e-mail.',
  },
  {
    name: 'marketingCommunications',
    label: 'Marketing Communications',
    description: 'Offers, partner discounts and product updates.',
  },
  {
    name: 'transactionAlerts',
    label: 'Transaction Alerts',
    description: 'A message for every payment in or out of your wallet.',
  },
];

/** Preferences (docs/product-rules.md spec 2; docs/product-rules.md rule 13: Save Preferences and Reset to Default are real calls). */
export function PreferencesSettings() {
  const preferences = useQuery(preferencesQuery);
  return (
    <Panel icon={SlidersHorizontal} titleId="preferences-title" title="Preferences">
      <QueryContent
        query={preferences}
        loading="Loading preferences…"
        failed="Could not load your preferences."
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
    save.mutate(values, {
      onSuccess: (stored) => {
        setValues(stored);
        applyTheme(stored.theme);
        toast({ title: 'Preferences saved', variant: 'success' });
      },
      onError: (error) =>
        toast({ title: 'Failed to save preferences', description: error.message, variant: 'destructive' }),
    });
  };

  const onReset = () => {
    if (busy) return;
    reset.mutate(undefined, {
      onSuccess: (stored) => {
        setValues(stored);
        applyTheme(stored.theme);
        toast({ title: 'Preferences reset to default', variant: 'success' });
      },
      onError: (error) =>
        toast({ title: 'Failed to reset preferences', description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <form className={panel.form} onSubmit={onSubmit} noValidate aria-label="Preferences">
      <div className={styles.switches}>
        {SWITCHES.map(({ name, label, description }) => (
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
        label="Language"
        name="language"
        value={values.language}
        options={LANGUAGES}
        onValueChange={(language) => set('language', language)}
      />
      <SelectField<ThemeChoice>
        label="Theme"
        name="theme"
        value={values.theme}
        options={THEMES}
        onValueChange={(theme) => set('theme', theme)}
      />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onReset} pending={reset.isPending} disabled={busy}>
          <RotateCcw size={16} aria-hidden="true" />
          Reset to Default
        </Button>
        <Button type="submit" pending={save.isPending} disabled={busy} pendingLabel="Saving…">
          <Save size={16} aria-hidden="true" />
          Save Preferences
        </Button>
      </div>
    </form>
  );
}
