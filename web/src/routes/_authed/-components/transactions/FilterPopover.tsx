import { Filter } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { PopoverPanel } from '../../../../components/PopoverPanel.tsx';
import { SelectField, type SelectOption } from '../../../../components/SelectField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import {
  HISTORY_ASSETS,
  type HistoryAsset,
  type HistoryFilters,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '../../../../queries/transactions.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { STATUS_LABELS, TYPE_LABELS } from './describe.ts';
import {
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  type DatePreset,
  presetOf,
  presetRange,
  validateDateRange,
} from './filters.ts';
import * as styles from './Transactions.css.ts';

type TypeChoice = TransactionType | 'all';
type StatusChoice = TransactionStatus | 'all';
type AssetChoice = HistoryAsset | 'all';

const ASSET_OPTIONS: SelectOption<AssetChoice>[] = [
  { value: 'all', label: 'All assets' },
  ...HISTORY_ASSETS.map((asset) => ({ value: asset, label: asset })),
];

const DATE_OPTIONS: SelectOption<DatePreset>[] = DATE_PRESETS.map((preset) => ({
  value: preset,
  label: DATE_PRESET_LABELS[preset],
}));

const TYPE_OPTIONS: SelectOption<TypeChoice>[] = [
  { value: 'all', label: 'All types' },
  ...TRANSACTION_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
];

const STATUS_OPTIONS: SelectOption<StatusChoice>[] = [
  { value: 'all', label: 'All statuses' },
  ...TRANSACTION_STATUSES.map((status) => ({
    value: status,
    label: STATUS_LABELS[status],
  })),
];

/**
 * docs/product-rules.md rule 13: the history's Filter works — asset, type, status, a date range (a preset or
 * custom days) and a text search, applied together on the server.
 */
export function FilterPopover({
  filters,
  onApply,
}: {
  filters: HistoryFilters;
  onApply: (filters: HistoryFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<HistoryFilters>(filters);
  const [dateError, setDateError] = useState<string | undefined>();
  const [preset, setPreset] = useState<DatePreset>(presetOf(filters));
  const activeCount = [
    filters.asset,
    filters.type,
    filters.status,
    filters.from || filters.to,
    filters.q,
  ].filter(Boolean).length;

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the filters in force, not from an abandoned draft.
    if (next) {
      setDraft(filters);
      setPreset(presetOf(filters));
      setDateError(undefined);
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateDateRange(draft);
    setDateError(problem);
    if (problem) return;
    onApply({ ...draft, q: draft.q?.trim() || undefined });
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Filter size={16} aria-hidden="true" />
          Filter
          {activeCount > 0 ? (
            <>
              <span className={styles.filterCount} aria-hidden="true">
                {activeCount}
              </span>
              <span className={visuallyHidden}>, {activeCount} active</span>
            </>
          ) : null}
        </Button>
      </Popover.Trigger>
      <PopoverPanel className={styles.popover} labelledBy="history-filter-title">
        <form className={panel.form} onSubmit={onSubmit} noValidate aria-labelledby="history-filter-title">
          <h2 id="history-filter-title" className={styles.popoverTitle}>
            Filter transactions
          </h2>
          <TextField
            label="Search"
            name="q"
            type="search"
            maxLength={100}
            placeholder="Name, email, reference, amount"
            value={draft.q ?? ''}
            onChange={(event) => setDraft((current) => ({ ...current, q: event.target.value || undefined }))}
          />
          <SelectField
            label="Asset"
            name="asset"
            value={draft.asset ?? 'all'}
            options={ASSET_OPTIONS}
            onValueChange={(value) =>
              setDraft((current) => ({ ...current, asset: value === 'all' ? undefined : value }))
            }
          />
          <SelectField
            label="Type"
            name="type"
            value={draft.type ?? 'all'}
            options={TYPE_OPTIONS}
            onValueChange={(value) =>
              setDraft((current) => ({ ...current, type: value === 'all' ? undefined : value }))
            }
          />
          <SelectField
            label="Status"
            name="status"
            value={draft.status ?? 'all'}
            options={STATUS_OPTIONS}
            onValueChange={(value) =>
              setDraft((current) => ({ ...current, status: value === 'all' ? undefined : value }))
            }
          />
          <SelectField
            label="Date"
            name="period"
            value={preset}
            options={DATE_OPTIONS}
            onValueChange={(value) => {
              setPreset(value);
              if (value !== 'custom') {
                const range = presetRange(value);
                setDraft((current) => ({ ...current, from: range.from, to: range.to }));
              }
            }}
          />
          {preset === 'custom' ? (
            <div className={styles.dates}>
              <TextField
                label="From"
                name="from"
                type="date"
                value={draft.from ?? ''}
                max={draft.to || undefined}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, from: event.target.value || undefined }))
                }
                error={dateError}
              />
              <TextField
                label="To"
                name="to"
                type="date"
                value={draft.to ?? ''}
                min={draft.from || undefined}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, to: event.target.value || undefined }))
                }
              />
            </div>
          ) : null}
          <div className={styles.popoverActions}>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft({});
                setPreset('any');
              }}
            >
              Reset
            </Button>
            <Button type="submit" size="sm">
              Apply filters
            </Button>
          </div>
        </form>
      </PopoverPanel>
    </Popover.Root>
  );
}
