import { useQuery } from '@tanstack/react-query';
import { Save, Wallet, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDateTime, formatRelative } from '@/lib/format.ts';
import {
  type AdminDepositAddress,
  adminDepositAddressesQuery,
  useClearDepositAddressMutation,
  useSetDepositAddressMutation,
} from '@/queries/depositAddresses.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog/Dialog.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './DepositAddressSettings.css.ts';

function provenance(entry: AdminDepositAddress): string {
  if (!entry.address) return 'Not set: deposits and payments here are refused';
  const when = entry.updatedAt
    ? ` ${formatRelative(entry.updatedAt)} (${formatDateTime(entry.updatedAt)})`
    : '';
  return entry.source === 'admin' ? `Set by an admin${when}` : `Seeded from ${entry.source}${when}`;
}

/**
 * Our deposit addresses per currency and network (docs/product-rules.md rule 21). Each save or clear is an
 * audited event; the server checks the address against the network's format and checksum.
 */
export function DepositAddressSettings() {
  const addresses = useQuery(adminDepositAddressesQuery);
  return (
    <Panel icon={Wallet} titleId="deposit-addresses-title" title="Deposit addresses">
      <p className={panel.subtitle}>
        Where users send each currency on each network. A network without an address takes no deposits and no
        payments.
      </p>
      <QueryContent
        query={addresses}
        loading="Loading deposit addresses…"
        rows={3}
        failed="Could not load the deposit addresses."
      >
        {(data) => (
          <ul className={styles.list}>
            {data.map((entry) => (
              <AddressRow key={`${entry.currency}:${entry.network}`} entry={entry} />
            ))}
          </ul>
        )}
      </QueryContent>
    </Panel>
  );
}

function AddressRow({ entry }: { entry: AdminDepositAddress }) {
  const save = useSetDepositAddressMutation();
  const clear = useClearDepositAddressMutation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pair = `${entry.currency} on ${entry.networkName}`;
  const fieldName = `${entry.currency}-${entry.network}-address`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const address = value.trim();
    if (!address) {
      setError('Enter the address');
      return;
    }
    setError(undefined);
    save.mutate(
      { currency: entry.currency, network: entry.network, address },
      {
        onSuccess: () => {
          setValue('');
          toast({ title: 'Deposit address saved', description: pair, variant: 'success' });
        },
        onError: (failure) => {
          setError(failure.message);
          toastFailure('Failed to save the address', failure);
        },
      },
    );
  };

  // Resolves to close the confirmation; rejects (after its toast) to keep it open.
  const onClear = () =>
    clear.mutateAsync({ currency: entry.currency, network: entry.network }).then(
      () => toast({ title: 'Deposit address cleared', description: pair, variant: 'success' }),
      (failure: Error) => {
        toastFailure('Failed to clear the address', failure);
        throw failure;
      },
    );

  return (
    <li>
      <form className={styles.row} onSubmit={onSubmit} noValidate aria-label={`${pair} deposit address`}>
        <div className={styles.name}>
          <strong>{entry.currency}</strong>
          <span className={panel.muted}>{entry.networkName}</span>
          {entry.minimum ? <span className={styles.meta}>Minimum {entry.minimum}</span> : null}
        </div>
        <div className={styles.name}>
          {entry.address ? <code className={styles.current}>{entry.address}</code> : null}
          <span className={styles.meta}>{provenance(entry)}</span>
          <TextField
            label={entry.address ? 'New address' : 'Address'}
            name={fieldName}
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
          />
        </div>
        <div className={styles.actions}>
          <Button
            icon={Save}
            type="submit"
            variant="secondary"
            pending={save.isPending}
            pendingLabel="Saving…"
          >
            Save
            <span className={visuallyHidden}> {pair} address</span>
          </Button>
          {entry.address ? (
            <ConfirmDialog
              title={`Clear the ${pair} deposit address?`}
              description={`Deposits and purchases in ${entry.currency} on ${entry.networkName} stop until an address is set again.`}
              confirmLabel="Clear address"
              pendingLabel="Clearing…"
              confirmVariant="danger"
              pending={clear.isPending}
              onConfirm={onClear}
              trigger={
                <Button icon={X} type="button" variant="ghost" disabled={clear.isPending}>
                  Clear
                  <span className={visuallyHidden}> {pair} address</span>
                </Button>
              }
            />
          ) : null}
        </div>
      </form>
    </li>
  );
}
