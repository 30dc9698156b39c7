import { t } from '@/i18n/i18n.ts';
import {
  HISTORY_ASSETS,
  type HistoryAsset,
  type HistoryFilters,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@/queries/transactions.queries.ts';
import type { SelectOption } from '@/ui/Select/SelectField.tsx';
import { statusLabel, typeLabel } from './describe.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value));
}

/** The /transactions search params, read leniently: anything unknown is dropped, not an error. */
export function readHistorySearch(search: Record<string, unknown>): HistoryFilters {
  const filters: HistoryFilters = {};
  if (HISTORY_ASSETS.includes(search.asset as HistoryAsset)) filters.asset = search.asset as HistoryAsset;
  if (TRANSACTION_TYPES.includes(search.type as TransactionType))
    filters.type = search.type as TransactionType;
  if (TRANSACTION_STATUSES.includes(search.status as TransactionStatus)) {
    filters.status = search.status as TransactionStatus;
  }
  if (isDay(search.from)) filters.from = search.from;
  if (isDay(search.to)) filters.to = search.to;
  // Text as the API takes it: at most 100 characters, trimmed.
  if (typeof search.q === 'string' && search.q.trim()) filters.q = search.q.trim().slice(0, 100);
  return filters;
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Boolean(filters.asset || filters.type || filters.status || filters.from || filters.to || filters.q);
}

export function validateDateRange(filters: HistoryFilters): string | undefined {
  if (filters.from && filters.to && filters.from > filters.to) return t('money.filter.dateOrder');
  return undefined;
}

export const DATE_PRESETS = ['any', '7d', '30d', 'month', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** A preset's name in the current language. */
export function datePresetLabel(preset: DatePreset): string {
  return t(`money.period.${preset}`);
}

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
}

/** The days a preset stands for, both inclusive, ending today; `custom` and `any` pick none. */
export function presetRange(preset: DatePreset, now: Date = new Date()): { from?: string; to?: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const daysBack = (n: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - n);
  switch (preset) {
    case '7d':
      return { from: localDay(daysBack(6)), to: localDay(today) };
    case '30d':
      return { from: localDay(daysBack(29)), to: localDay(today) };
    case 'month':
      return { from: localDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: localDay(today) };
    default:
      return {};
  }
}

/** Which preset a range is (so the filter shows it again), else custom; no range is any time. */
export function presetOf(filters: HistoryFilters, now: Date = new Date()): DatePreset {
  if (!filters.from && !filters.to) return 'any';
  for (const preset of ['7d', '30d', 'month'] as const) {
    const range = presetRange(preset, now);
    if (range.from === filters.from && range.to === filters.to) return preset;
  }
  return 'custom';
}

type TypeChoice = TransactionType | 'all';
type StatusChoice = TransactionStatus | 'all';
type AssetChoice = HistoryAsset | 'all';

// The choices are made at render, in the language of the moment (a list built at load would keep the first).
export function assetOptions(): SelectOption<AssetChoice>[] {
  return [
    { value: 'all', label: t('money.filter.allAssets') },
    ...HISTORY_ASSETS.map((asset) => ({ value: asset, label: asset })),
  ];
}

export function dateOptions(): SelectOption<DatePreset>[] {
  return DATE_PRESETS.map((preset) => ({ value: preset, label: datePresetLabel(preset) }));
}

export function typeOptions(): SelectOption<TypeChoice>[] {
  return [
    { value: 'all', label: t('money.filter.allTypes') },
    ...TRANSACTION_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
  ];
}

export function statusOptions(): SelectOption<StatusChoice>[] {
  return [
    { value: 'all', label: t('money.filter.allStatuses') },
    ...TRANSACTION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
  ];
}
