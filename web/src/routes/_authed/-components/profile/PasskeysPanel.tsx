import { useQuery } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { twoFactorQuery } from '@/queries/account.queries.ts';
import {
  type Passkey,
  passkeyFailureMessage,
  passkeysQuery,
  passkeysSupported,
  type Reauthentication,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from '@/queries/passkeys.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { CodeField, PasswordField } from '@/ui/form/fields.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { PanelError } from '@/ui/query/QueryState.tsx';
import { toast } from '@/ui/toast/index.ts';
import * as own from './Passkeys.css.ts';
import * as styles from './Profile.css.ts';

/**
 * Passkeys on /profile?tab=security: sign in with a fingerprint, face or device PIN instead of a password,
 * and the second step after a password. Adding or removing one asks for a fresh proof of the account
 * holder (the authenticator code with 2FA on, else the password), like a withdrawal.
 */
export function PasskeysPanel() {
  const list = useQuery(passkeysQuery);
  const [adding, setAdding] = useState(false);

  return (
    <Panel icon={Fingerprint} titleId="passkeys-title" title={t('profile.passkeys.title')}>
      <p className={panel.subtitle}>{t('profile.passkeys.intro')}</p>
      {list.isPending ? (
        <div className={panel.skeletonRow} aria-busy="true">
          <span className={visuallyHidden}>{t('profile.loading')}</span>
        </div>
      ) : list.isError ? (
        <PanelError onRetry={() => list.refetch()}>{t('profile.passkeys.loadFailed')}</PanelError>
      ) : (
        <>
          {list.data.length === 0 ? (
            <p className={panel.muted}>{t('profile.passkeys.none')}</p>
          ) : (
            <ul className={own.passkeyList} aria-label={t('profile.passkeys.list')}>
              {list.data.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )}
          {adding ? (
            <AddPasskeyForm onDone={() => setAdding(false)} />
          ) : passkeysSupported() ? (
            <div>
              <Button icon={Fingerprint} onClick={() => setAdding(true)}>
                {t('profile.passkeys.add')}
              </Button>
            </div>
          ) : (
            <p className={panel.muted}>{t('profile.passkeys.unsupported')}</p>
          )}
        </>
      )}
    </Panel>
  );
}

/** What the proof field says while empty. */
function proofMissing(usesCode: boolean): string {
  return usesCode ? t('profile.passkeys.enterCode') : t('profile.passkeys.enterPassword');
}

/** The proof field: the authenticator code with 2FA on, else the password. */
function useProof() {
  const twoFactor = useQuery(twoFactorQuery);
  const [value, setValue] = useState('');
  const usesCode = twoFactor.data?.enabled === true;
  const proof: Reauthentication = usesCode ? { totpCode: value.trim() } : { password: value };
  return { usesCode, value, setValue, proof, ready: usesCode ? /^\d{6}$/.test(value.trim()) : value !== '' };
}

function ProofField({
  proof,
  error,
  name,
}: {
  proof: ReturnType<typeof useProof>;
  error: string | undefined;
  name: string;
}) {
  return proof.usesCode ? (
    <CodeField
      name={`${name}-code`}
      value={proof.value}
      error={error}
      onCode={proof.setValue}
      hint={t('profile.passkeys.codeHint')}
    />
  ) : (
    <PasswordField
      name={`${name}-password`}
      label={t('profile.passkeys.password')}
      autoComplete="current-password"
      value={proof.value}
      error={error}
      hint={t('profile.passkeys.passwordHint')}
      onChange={(event) => proof.setValue(event.target.value)}
    />
  );
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskeyMutation();
  const proof = useProof();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ name?: string; proof?: string }>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const found: typeof errors = {};
    if (name.trim() === '') found.name = t('profile.passkeys.nameRequired');
    if (!proof.ready) found.proof = proofMissing(proof.usesCode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { name: name.trim(), proof: proof.proof },
      {
        onSuccess: () => {
          toast({
            title: t('profile.passkeys.added'),
            description: t('profile.passkeys.addedDetail'),
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) setErrors({ proof: error.message });
          toast({
            title: t('profile.passkeys.addFailed'),
            description: passkeyFailureMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <PanelForm label={t('profile.passkeys.add')} onSubmit={onSubmit}>
      <TextField
        name="passkey-name"
        label={t('profile.passkeys.name')}
        value={name}
        maxLength={50}
        autoComplete="off"
        placeholder={t('profile.passkeys.namePlaceholder')}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <ProofField proof={proof} error={errors.proof} name="add-passkey" />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onDone} disabled={add.isPending}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" pending={add.isPending} pendingLabel={t('profile.passkeys.waiting')}>
          {t('profile.passkeys.create')}
        </Button>
      </div>
    </PanelForm>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const headingId = useId();
  return (
    <li className={own.passkeyItem} aria-labelledby={headingId}>
      <div className={own.passkeyHead}>
        <div>
          <strong id={headingId}>{passkey.name}</strong>
          <p className={panel.muted}>
            {passkey.lastUsedAt
              ? t('profile.passkeys.used', {
                  added: formatDate(passkey.createdAt),
                  used: formatDate(passkey.lastUsedAt),
                })
              : t('profile.passkeys.unused', { added: formatDate(passkey.createdAt) })}
          </p>
        </div>
        {mode === 'view' ? (
          <div className={styles.formActions}>
            <Button
              variant="ghost"
              onClick={() => setMode('rename')}
              aria-label={t('profile.passkeys.renameNamed', { name: passkey.name })}
            >
              {t('profile.passkeys.rename')}
            </Button>
            <Button
              variant="danger"
              onClick={() => setMode('remove')}
              aria-label={t('profile.passkeys.removeNamed', { name: passkey.name })}
            >
              {t('profile.passkeys.remove')}
            </Button>
          </div>
        ) : null}
      </div>
      {mode === 'rename' ? <RenameForm passkey={passkey} onDone={() => setMode('view')} /> : null}
      {mode === 'remove' ? <RemoveForm passkey={passkey} onDone={() => setMode('view')} /> : null}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskeyMutation();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rename.isPending) return;
    if (name.trim() === '') return setError(t('profile.passkeys.renameRequired'));
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      { onSuccess: onDone, onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <PanelForm label={t('profile.passkeys.renameNamed', { name: passkey.name })} onSubmit={onSubmit}>
      <TextField
        name={`rename-${passkey.id}`}
        label={t('profile.passkeys.newName')}
        value={name}
        maxLength={50}
        autoComplete="off"
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onDone} disabled={rename.isPending}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" pending={rename.isPending}>
          {t('profile.passkeys.saveName')}
        </Button>
      </div>
    </PanelForm>
  );
}

function RemoveForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const remove = useRemovePasskeyMutation();
  const proof = useProof();
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!proof.ready) return setError(proofMissing(proof.usesCode));
    remove.mutate(
      { id: passkey.id, proof: proof.proof },
      {
        onSuccess: () => {
          toast({
            title: t('profile.passkeys.removed'),
            description: t('profile.passkeys.removedDetail', { name: passkey.name }),
            variant: 'success',
          });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <PanelForm label={t('profile.passkeys.removeNamed', { name: passkey.name })} onSubmit={onSubmit}>
      <p>{t('profile.passkeys.removeConfirm')}</p>
      <ProofField proof={proof} error={error} name={`remove-${passkey.id}`} />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onDone} disabled={remove.isPending}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" variant="danger" pending={remove.isPending}>
          {t('profile.passkeys.removeSubmit')}
        </Button>
      </div>
    </PanelForm>
  );
}
