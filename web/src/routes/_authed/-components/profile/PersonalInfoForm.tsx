import { Save, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { TextAreaField } from '../../../../components/TextAreaField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { toast } from '../../../../components/toast/index.ts';
import { ApiError } from '../../../../lib/api.ts';
import { type FormErrors, hasErrors, MIN_USERNAME, messages } from '../../../../lib/validation.ts';
import { type ProfileInput, useUpdateProfileMutation } from '../../../../queries/account.queries.ts';
import type { User } from '../../../../queries/auth.queries.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import * as styles from './Profile.css.ts';

type Field = keyof ProfileInput;
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
  if (values.firstName.trim().length > MAX_NAME) errors.firstName = `Must be at most ${MAX_NAME} characters`;
  if (values.lastName.trim().length > MAX_NAME) errors.lastName = `Must be at most ${MAX_NAME} characters`;
  if (values.username.trim().length < MIN_USERNAME) errors.username = messages.username;
  if (values.bio.length > MAX_BIO) errors.bio = `Bio must be at most ${MAX_BIO} characters`;
  return errors;
}

/** Personal Info (docs/product-rules.md spec 2; docs/product-rules.md rule 13: Save Changes is a real call). The e-mail cannot change here. */
export function PersonalInfoForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const [values, setValues] = useState<ProfileInput>(() => fromUser(user));
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest as FormErrors<Field>);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const found = validateProfile(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const input: ProfileInput = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      username: values.username.trim(),
      bio: values.bio,
    };
    update.mutate(input, {
      onSuccess: (saved) => {
        setValues(fromUser(saved));
        toast({ title: 'Profile updated', description: 'Your changes have been saved.', variant: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setErrors({ username: error.message });
        else if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        toast({ title: 'Failed to update profile', description: error.message, variant: 'destructive' });
      },
    });
  };

  return (
    <section className={panel.panel} aria-labelledby="personal-info-title">
      <div className={panel.titleRow}>
        <UserRound size={20} aria-hidden="true" className={panel.titleIcon} />
        <h2 id="personal-info-title" className={panel.title}>
          Personal Info
        </h2>
      </div>
      <form className={panel.form} onSubmit={onSubmit} noValidate aria-label="Personal info">
        <div className={styles.twoColumns}>
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            maxLength={MAX_NAME}
            value={values.firstName}
            onChange={(event) => set('firstName', event.target.value)}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            maxLength={MAX_NAME}
            value={values.lastName}
            onChange={(event) => set('lastName', event.target.value)}
            error={errors.lastName}
          />
        </div>
        <div className={styles.twoColumns}>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            value={values.username}
            onChange={(event) => set('username', event.target.value)}
            error={errors.username}
            required
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            value={user.email}
            readOnly
            hint="Your e-mail address cannot be changed here."
          />
        </div>
        <TextAreaField
          label="Bio"
          name="bio"
          optional
          maxLength={MAX_BIO}
          value={values.bio}
          onChange={(event) => set('bio', event.target.value)}
          error={errors.bio}
        />
        <div className={styles.formActions}>
          <Button
            variant="ghost"
            onClick={() => {
              setValues(fromUser(user));
              setErrors({});
            }}
            disabled={update.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" pending={update.isPending} pendingLabel="Saving…">
            <Save size={16} aria-hidden="true" />
            Save Changes
          </Button>
        </div>
      </form>
    </section>
  );
}
