import { useQuery } from '@tanstack/react-query';
import { Percent } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDateTime, formatRelative } from '@/lib/format.ts';
import {
  FEE_TIERS,
  type FeeRate,
  type FeeTier,
  feeRatesQuery,
  useSetFeeRateMutation,
} from '@/queries/fees.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './AdminPanel.css.ts';
import { feeRow } from './FeeSettings.css.ts';

const TIER_NAMES: Record<FeeTier, string> = { gold: 'Gold', ruby: 'Ruby Steel', black: 'Black' };
const RATE = /^\d{1,2}(?:\.\d{1,2})?$/;

/** The server's rule, checked before sending: a percentage from 0 to 10 with at most two decimals. */
export function feeRateError(value: string): string | undefined {
  const text = value.trim();
  if (!RATE.test(text) || Number(text) > 10) return 'A fee rate is a percentage from 0 to 10.00, like 0.50';
  return undefined;
}

/**
 * The conversion fee's rate per tier (docs/product-rules.md rule 25). Each save is an audited event; a
 * change applies to purchases submitted after it, never to proofs already waiting for approval.
 */
export function FeeSettings() {
  const rates = useQuery(feeRatesQuery);
  return (
    <Panel icon={Percent} titleId="fee-rates-title" title="Conversion fee">
      <p className={panel.subtitle}>
        Charged on top of each SAI purchase at the buyer&apos;s tier (their card&apos;s, else their
        balance&apos;s). A change applies to purchases submitted after it.
      </p>
      <QueryContent query={rates} loading="Loading fee rates…" failed="Could not load the fee rates.">
        {(data) => (
          <ul className={styles.settingsGrid}>
            {FEE_TIERS.map((tier) => (
              <FeeRateRow key={tier} tier={tier} entry={data[tier]} />
            ))}
          </ul>
        )}
      </QueryContent>
    </Panel>
  );
}

function FeeRateRow({ tier, entry }: { tier: FeeTier; entry: FeeRate }) {
  const save = useSetFeeRateMutation();
  const [rate, setRate] = useState(entry.rate);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = feeRateError(rate);
    setError(problem);
    if (problem) return;
    save.mutate(
      { tier, rate: rate.trim() },
      {
        onSuccess: (rates) => {
          setRate(rates[tier].rate);
          toast({
            title: `${TIER_NAMES[tier]} fee updated`,
            description: `${rates[tier].rate}% on purchases from now on`,
            variant: 'success',
          });
        },
        onError: (failure) => {
          setError(failure.message);
          toastFailure('Failed to update the fee', failure);
        },
      },
    );
  };
  return (
    <li>
      <form className={feeRow} onSubmit={onSubmit} noValidate aria-label={`${TIER_NAMES[tier]} fee`}>
        <div className={styles.settingName}>
          <strong>{TIER_NAMES[tier]}</strong>
          <span className={styles.setAt}>
            {entry.setAt
              ? `Set ${formatRelative(entry.setAt)} (${formatDateTime(entry.setAt)})`
              : 'Default, never set'}
          </span>
        </div>
        <TextField
          label="Fee rate (%)"
          name={`${tier}-fee-rate`}
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          error={error}
          required
        />
        <Button type="submit" variant="secondary" pending={save.isPending} pendingLabel="Saving…">
          Save
          <span className={visuallyHidden}> {TIER_NAMES[tier]} fee</span>
        </Button>
      </form>
    </li>
  );
}
