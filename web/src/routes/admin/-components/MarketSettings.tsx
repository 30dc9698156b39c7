import { useQuery } from '@tanstack/react-query';
import { Coins, Save, TrendingUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CRYPTO_CURRENCIES, type CryptoCurrency, CURRENCY_NAMES } from '@/lib/constants.ts';
import { formatDateTime, formatRelative } from '@/lib/format.ts';
import {
  type MarketSettings as MarketSettingsData,
  marketSettingsQuery,
  type SettingPrice,
  useSetCryptoPriceMutation,
  useSetTokenPriceMutation,
} from '@/queries/admin.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './AdminPanel.css.ts';

const POSITIVE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** docs/product-rules.md spec 3: a system setting's value must be a positive number. */
export function positiveError(value: string, label: string): string | undefined {
  const trimmed = value.trim();
  if (!POSITIVE.test(trimmed) || !/[1-9]/.test(trimmed)) return `${label} must be a positive number`;
  return undefined;
}

function setAt(updatedAt: string | null): string {
  return updatedAt ? `Set ${formatRelative(updatedAt)} (${formatDateTime(updatedAt)})` : 'Default, never set';
}

/**
 * Market settings (docs/product-rules.md rule 12): each currency's price (its 24h change is computed from the price
 * history, not typed in), and the SAI token price. Each
 * save is an event; the screen shows when every value was set, or that the default still applies.
 */
export function MarketSettings() {
  const settings = useQuery(marketSettingsQuery);
  return (
    <QueryContent query={settings} loading="Loading settings…" rows={2} failed="Could not load the settings.">
      {(data) => <MarketPanels settings={data} />}
    </QueryContent>
  );
}

function MarketPanels({ settings: { prices, tokenPrice } }: { settings: MarketSettingsData }) {
  return (
    <>
      <Panel icon={Coins} titleId="token-price-title" title="SAI token price">
        <p className={panel.subtitle}>
          The USDT value of one SAI: every balance&apos;s USD figure and every purchase use it.
        </p>
        <TokenPriceForm key="token-price" price={tokenPrice.price} updatedAt={tokenPrice.updatedAt} />
      </Panel>
      <Panel icon={TrendingUp} titleId="crypto-prices-title" title="Crypto prices">
        <p className={panel.subtitle}>
          Prices in USD, as users see them next to their balances. The 24-hour change is computed from the
          prices set over the last day.
        </p>
        <ul className={styles.settingsGrid}>
          {CRYPTO_CURRENCIES.map((currency) => {
            const entry = prices[currency];
            return entry ? <PriceRow key={currency} currency={currency} entry={entry} /> : null;
          })}
        </ul>
      </Panel>
    </>
  );
}

function TokenPriceForm({ price, updatedAt }: { price: string; updatedAt: string | null }) {
  const save = useSetTokenPriceMutation();
  const [value, setValue] = useState(price);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = positiveError(value, 'Token price');
    setError(problem);
    if (problem) return;
    save.mutate(value.trim(), {
      onSuccess: () =>
        toast({
          title: 'Token price updated',
          description: `1 SAI = ${value.trim()} USDT`,
          variant: 'success',
        }),
      onError: (failure) => {
        setError(failure.message);
        toastFailure('Failed to update token price', failure);
      },
    });
  };
  return (
    <PanelForm label="Token price" onSubmit={onSubmit}>
      <TextField
        label="Price of 1 SAI (USDT)"
        name="tokenPrice"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={setAt(updatedAt)}
        error={error}
        required
      />
      <div>
        <Button icon={Save} type="submit" pending={save.isPending} pendingLabel="Saving…">
          Save token price
        </Button>
      </div>
    </PanelForm>
  );
}

function PriceRow({ currency, entry }: { currency: CryptoCurrency; entry: SettingPrice }) {
  const save = useSetCryptoPriceMutation();
  const [price, setPrice] = useState(entry.price);
  const [errors, setErrors] = useState<{ price?: string }>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const found: typeof errors = {};
    const priceProblem = positiveError(price, 'Price');
    if (priceProblem) found.price = priceProblem;
    setErrors(found);
    if (found.price) return;
    save.mutate(
      { currency, price: price.trim() },
      {
        onSuccess: () => toast({ title: `${currency} price updated`, variant: 'success' }),
        onError: (failure) => {
          setErrors({ price: failure.message });
          toast({
            title: `Failed to update the ${currency} price`,
            description: failure.message,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <li>
      <form className={styles.settingRow} onSubmit={onSubmit} noValidate aria-label={`${currency} price`}>
        <div className={styles.settingName}>
          <strong>{currency}</strong>
          <span className={panel.muted}>{CURRENCY_NAMES[currency]}</span>
          <span className={styles.setAt}>{setAt(entry.updatedAt)}</span>
        </div>
        <TextField
          label="Price (USD)"
          name={`${currency}-price`}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={errors.price}
          required
        />
        <p className={panel.muted}>
          24h change: {entry.change_24h}%<span className={visuallyHidden}> (from the price history)</span>
        </p>
        <Button type="submit" variant="secondary" pending={save.isPending} pendingLabel="Saving…">
          Save
          <span className={visuallyHidden}> {currency} price</span>
        </Button>
      </form>
    </li>
  );
}
