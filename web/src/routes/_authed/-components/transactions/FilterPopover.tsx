import { Filter } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import type { HistoryFilters } from '@/queries/transactions.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { PopoverPanel } from '@/ui/Popover/PopoverPanel.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { FilterSelect } from '@/ui/Select/FilterSelect.tsx';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import {
  assetOptions,
  type DatePreset,
  dateOptions,
  presetOf,
  presetRange,
  statusOptions,
  typeOptions,
  validateDateRange,
} from './filters.ts';
import * as styles from './Transactions.css.ts';

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
        <Button icon={Filter} variant="secondary" size="sm">
          {t('money.filter.button')}
          {activeCount > 0 ? (
            <>
              <span className={styles.filterCount} aria-hidden="true">
                {activeCount}
              </span>
              <span className={visuallyHidden}>{t('money.filter.active', { count: activeCount })}</span>
            </>
          ) : null}
        </Button>
      </Popover.Trigger>
      <PopoverPanel className={styles.popover} labelledBy="history-filter-title">
        <form className={panel.form} onSubmit={onSubmit} noValidate aria-labelledby="history-filter-title">
          <h2 id="history-filter-title" className={styles.popoverTitle}>
            {t('money.filter.title')}
          </h2>
          <TextField
            label={t('money.filter.search')}
            name="q"
            type="search"
            maxLength={100}
            placeholder={t('money.filter.searchPlaceholder')}
            value={draft.q ?? ''}
            onChange={(event) => setDraft((current) => ({ ...current, q: event.target.value || undefined }))}
          />
          <FilterSelect
            label={t('money.filter.asset')}
            name="asset"
            value={draft.asset}
            options={assetOptions()}
            onChange={(asset) => setDraft((current) => ({ ...current, asset }))}
          />
          <FilterSelect
            label={t('money.filter.type')}
            name="type"
            value={draft.type}
            options={typeOptions()}
            onChange={(type) => setDraft((current) => ({ ...current, type }))}
          />
          <FilterSelect
            label={t('money.filter.status')}
            name="status"
            value={draft.status}
            options={statusOptions()}
            onChange={(status) => setDraft((current) => ({ ...current, status }))}
          />
          <SelectField
            label={t('money.filter.date')}
            name="period"
            value={preset}
            options={dateOptions()}
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
                label={t('money.filter.from')}
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
                label={t('money.filter.to')}
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
              {t('money.filter.reset')}
            </Button>
            <Button type="submit" size="sm">
              {t('money.filter.apply')}
            </Button>
          </div>
        </form>
      </PopoverPanel>
    </Popover.Root>
  );
}
