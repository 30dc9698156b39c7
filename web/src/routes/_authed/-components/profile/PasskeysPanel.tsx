import { useQuery } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { toast } from '../../../../components/toast/index.ts';
import { ApiError } from '../../../../lib/api.ts';
import { twoFactorQuery } from '../../../../queries/account.queries.ts';
import {
  type Passkey,
  passkeyFailureMessage,
  passkeysQuery,
  passkeysSupported,
  type Reauthentication,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from '../../../../queries/passkeys.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import { CodeField, PasswordField } from '../../../../ui/form/fields.tsx';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { Panel } from '../../../../ui/panel/Panel.tsx';
import { PanelError } from '../../../../ui/query/QueryState.tsx';
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
    <Panel icon={Fingerprint} titleId="passkeys-title" title="Passkeys">
      <p className={panel.subtitle}>
        A passkey lets you sign in with your fingerprint, face or device PIN, without typing a password. With
        a passkey added, signing in with your password also asks for it.
      </p>
      {list.isPending ? (
        <div className={panel.skeletonRow} aria-busy="true">
          <span className={visuallyHidden}>Loading…</span>
        </div>
      ) : list.isError ? (
        <PanelError onRetry={() => list.refetch()}>Could not load your passkeys.</PanelError>
      ) : (
        <>
          {list.data.length === 0 ? (
            <p className={panel.muted}>No passkeys yet.</p>
          ) : (
            <ul className={own.passkeyList} aria-label="Your passkeys">
              {list.data.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )}
          {adding ? (
            <AddPasskeyForm onDone={() => setAdding(false)} />
          ) : passkeysSupported() ? (
            <div>
              <Button onClick={() => setAdding(true)}>
                <Fingerprint size={16} aria-hidden="true" />
                Add a passkey
              </Button>
            </div>
          ) : (
            <p className={panel.muted}>This browser cannot create passkeys.</p>
          )}
        </>
      )}
    </Panel>
  );
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
      hint="Enter the current code from your authenticator app to confirm."
    />
  ) : (
    <PasswordField
      name={`${name}-password`}
      label="Password"
      autoComplete="current-password"
      value={proof.value}
      error={error}
      hint="Enter your password to confirm."
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
    if (name.trim() === '') found.name = 'Give the passkey a name, e.g. the device it is on';
    if (!proof.ready) found.proof = proof.usesCode ? 'Enter the 6-digit code' : 'Enter your password';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { name: name.trim(), proof: proof.proof },
      {
        onSuccess: () => {
          toast({
            title: 'Passkey added',
            description: 'You can now sign in with it, and signing in with your password asks for it.',
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) setErrors({ proof: error.message });
          toast({
            title: 'Could not add the passkey',
            description: passkeyFailureMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form className={panel.form} onSubmit={onSubmit} noValidate aria-label="Add a passkey">
      <TextField
        name="passkey-name"
        label="Passkey name"
        value={name}
        maxLength={50}
        autoComplete="off"
        placeholder="e.g. My laptop"
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <ProofField proof={proof} error={errors.proof} name="add-passkey" />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={add.isPending} pendingLabel="Waiting for your passkey…">
          Create passkey
        </Button>
      </div>
    </form>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const headingId = useId();
  return (
    <li className={own.passkeyItem} aria-labelledby={headingId}>
      <div className={own.passkeyHead}>
        <div>
          <strong id={headingId}>{passkey.name}</strong>
          <p className={panel.muted}>
            Added {dateFormat.format(new Date(passkey.createdAt))}
            {passkey.lastUsedAt
              ? ` · last used ${dateFormat.format(new Date(passkey.lastUsedAt))}`
              : ' · not used yet'}
          </p>
        </div>
        {mode === 'view' ? (
          <div className={styles.formActions}>
            <Button variant="ghost" onClick={() => setMode('rename')} aria-label={`Rename ${passkey.name}`}>
              Rename
            </Button>
            <Button variant="danger" onClick={() => setMode('remove')} aria-label={`Remove ${passkey.name}`}>
              Remove
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
    if (name.trim() === '') return setError('Give the passkey a name');
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      { onSuccess: onDone, onError: (failure) => setError(failure.message) },
    );
  };
  return (
    <form className={panel.form} onSubmit={onSubmit} noValidate aria-label={`Rename ${passkey.name}`}>
      <TextField
        name={`rename-${passkey.id}`}
        label="New name"
        value={name}
        maxLength={50}
        autoComplete="off"
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onDone} disabled={rename.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={rename.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
}

function RemoveForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const remove = useRemovePasskeyMutation();
  const proof = useProof();
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!proof.ready) return setError(proof.usesCode ? 'Enter the 6-digit code' : 'Enter your password');
    remove.mutate(
      { id: passkey.id, proof: proof.proof },
      {
        onSuccess: () => {
          toast({
            title: 'Passkey removed',
            description: `${passkey.name} no longer signs you in.`,
            variant: 'success',
          });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <form className={panel.form} onSubmit={onSubmit} noValidate aria-label={`Remove ${passkey.name}`}>
      <p>Remove this passkey? It will no longer sign you in.</p>
      <ProofField proof={proof} error={error} name={`remove-${passkey.id}`} />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onDone} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={remove.isPending}>
          Remove passkey
        </Button>
      </div>
    </form>
  );
}
