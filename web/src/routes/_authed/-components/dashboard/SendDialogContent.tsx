import { useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { CRYPTO_CURRENCIES, type CryptoCurrency, isCryptoCurrency } from '@/lib/constants.ts';
import type { User } from '@/queries/auth.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import { CryptoTransferForm } from './CryptoTransferForm.tsx';
import { SendMoneyForm } from './SendMoneyForm.tsx';

type SendCurrency = 'SAI' | CryptoCurrency;
const OPTIONS = [
  { value: 'SAI' as const, label: 'SAI' },
  ...CRYPTO_CURRENCIES.map((currency) => ({ value: currency, label: currency })),
];

/** The SEND quick action: SAI by the ledger's transfer, any crypto currency by the crypto transfer. */
export function SendDialogContent({ user, onSent }: { user: User; onSent: () => void }) {
  const [currency, setCurrency] = useState<SendCurrency>('SAI');
  return (
    <div className={panel.form}>
      <SelectField
        label={t('dashboard.currency')}
        name="currency"
        value={currency}
        options={OPTIONS}
        onValueChange={setCurrency}
      />
      {isCryptoCurrency(currency) ? (
        <CryptoTransferForm key={currency} user={user} currency={currency} onSent={onSent} />
      ) : (
        <SendMoneyForm user={user} onSent={onSent} />
      )}
    </div>
  );
}
