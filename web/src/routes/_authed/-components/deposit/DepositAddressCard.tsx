import { Ban } from 'lucide-react';
import { useEffect, useState } from 'react';
import { t, tRich } from '@/i18n/i18n.ts';
import { paymentUri } from '@/lib/paymentUri.ts';
import type { DepositAddress } from '@/queries/depositAddresses.queries.ts';
import { CopyButton } from '@/ui/CopyButton/CopyButton.tsx';
import * as styles from './DepositAddressCard.css.ts';

/** The explanation a form shows, disabled, where no address is set (the API refuses the same way). */
export function unavailableText(currency: string, networkName: string): string {
  return t('money.address.unavailable', { currency, network: networkName });
}

export function DepositUnavailable({
  id,
  currency,
  networkName,
}: {
  id: string;
  currency: string;
  networkName: string;
}) {
  return (
    <p id={id} className={styles.unavailable} role="note">
      <Ban size={16} aria-hidden="true" className={styles.unavailableIcon} />
      {unavailableText(currency, networkName)}
    </p>
  );
}

/**
 * Where to send (docs/product-rules.md rule 21): the network, the address with a copy button, and a QR code
 * of the payment URI (lib/paymentUri.ts; with the amount where the form knows one and the URI carries it).
 */
export function DepositAddressCard({
  currency,
  entry,
  address,
  amount,
}: {
  currency: string;
  entry: DepositAddress;
  address: string;
  amount?: string;
}) {
  const uri = paymentUri(currency, entry.network, address, amount);
  return (
    <section className={styles.card} aria-label={t('money.address.label')}>
      <PaymentQr uri={uri} currency={currency} networkName={entry.networkName} />
      <div className={styles.body}>
        <p>
          {tRich('money.address.sendOnly', {
            currency,
            network: entry.networkName,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        <div className={styles.row}>
          <code className={styles.address}>{address}</code>
          <CopyButton
            text={address}
            what={t('money.address.copyWhat')}
            successToast={t('money.address.copied')}
          />
        </div>
      </div>
    </section>
  );
}

/**
 * A scannable QR code, drawn by `qrcode` as SVG (loaded on first use, off the main bundle). The image
 * carries the URI it encodes in `data-payment-uri`.
 */
function PaymentQr({ uri, currency, networkName }: { uri: string; currency: string; networkName: string }) {
  const [drawn, setDrawn] = useState<{ uri: string; svg: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (live) setDrawn({ uri, svg });
      })
      .catch((error: unknown) => console.warn('QR code failed', error));
    return () => {
      live = false;
    };
  }, [uri]);
  if (drawn?.uri !== uri) return <div className={styles.qrPlaceholder} aria-hidden="true" />;
  return (
    <img
      className={styles.qr}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
      alt={t('money.address.qr', { currency, network: networkName })}
      data-payment-uri={uri}
      width={144}
      height={144}
    />
  );
}
