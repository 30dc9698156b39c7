import { Save, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { type FormErrors, MIN_USERNAME, messages } from '@/lib/validation.ts';
import { type ProfileInput, useUpdateProfileMutation } from '@/queries/account.queries.ts';
import type { User } from '@/queries/auth.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextAreaField } from '@/ui/Field/TextAreaField.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './Profile.css.ts';

type Field = keyof ProfileInput;
const FIELD_ORDER: Field[] = ['firstName', 'lastName', 'username', 'bio'];
const MAX_NAME = 50;
const MAX_BIO = 500;

function fromUser(user: User): ProfileInput {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username,
    bio: user.bio ?? '',
  };
}

export function validateProfile(values: ProfileInput): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  if (values.firstName.trim().length > MAX_NAME)
    errors.firstName = t('profile.personal.tooLong', { max: MAX_NAME });
  if (values.lastName.trim().length > MAX_NAME)
    errors.lastName = t('profile.personal.tooLong', { max: MAX_NAME });
  if (values.username.trim().length < MIN_USERNAME) errors.username = messages.username;
  if (values.bio.length > MAX_BIO) errors.bio = t('profile.personal.bioTooLong', { max: MAX_BIO });
  return errors;
}

/** Personal Info (docs/product-rules.md spec 2; docs/product-rules.md rule 13: Save Changes is a real call). The e-mail cannot change here. */
export function PersonalInfoForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const form = useForm(fromUser(user), FIELD_ORDER);
  const { values } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (!form.check(validateProfile(values))) return;
    const input: ProfileInput = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      username: values.username.trim(),
      bio: values.bio,
    };
    update.mutate(input, {
      onSuccess: (saved) => {
        form.setValues(fromUser(saved));
        toast({
          title: t('profile.personal.saved'),
          description: t('profile.personal.savedDetail'),
          variant: 'success',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) form.setErrors({ username: error.message });
        else if (error instanceof ApiError && error.fieldErrors) form.setErrors(error.fieldErrors);
        toastFailure(t('profile.personal.failed'), error);
      },
    });
  };

  return (
    <Panel icon={UserRound} titleId="personal-info-title" title={t('profile.tab.personal')}>
      <PanelForm label={t('profile.personal.form')} onSubmit={onSubmit}>
        <div className={styles.twoColumns}>
          <TextField
            {...form.textField('firstName')}
            label={t('profile.personal.firstName')}
            autoComplete="given-name"
            maxLength={MAX_NAME}
          />
          <TextField
            {...form.textField('lastName')}
            label={t('profile.personal.lastName')}
            autoComplete="family-name"
            maxLength={MAX_NAME}
          />
        </div>
        <div className={styles.twoColumns}>
          <TextField
            {...form.textField('username')}
            label={t('profile.personal.username')}
            autoComplete="username"
            required
          />
          <TextField
            label={t('profile.personal.email')}
            name="email"
            type="email"
            value={user.email}
            readOnly
            hint={t('profile.personal.emailHint')}
          />
        </div>
        <TextAreaField
          {...form.textField('bio')}
          label={t('profile.personal.bio')}
          optional
          maxLength={MAX_BIO}
        />
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={() => form.reset(fromUser(user))} disabled={update.isPending}>
            {t('profile.cancel')}
          </Button>
          <Button icon={Save} type="submit" pending={update.isPending} pendingLabel={t('profile.saving')}>
            {t('profile.personal.save')}
          </Button>
        </div>
      </PanelForm>
    </Panel>
  );
}
