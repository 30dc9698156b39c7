import { Link } from '@tanstack/react-router';
import { CarFront, CircleHelp, CreditCard, Info } from 'lucide-react';
import { buttonClassName } from '../../../../components/Button.tsx';
import { CARD_TIERS, CARD_VERIFICATION_TIME, DEPOSIT_CONFIRMATION_TIME } from '../../../../lib/constants.ts';
import { formatDecimal } from '../../../../lib/format.ts';
import { multiply } from '../../../../lib/money.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import * as styles from './Deposit.css.ts';

/** The /deposit page's side column (docs/product-rules.md spec 2): how it works, tier prices, the giveaway and support. */
export function DepositInfo({ tokenPrice }: { tokenPrice: string }) {
  return (
    <aside className={styles.aside} aria-label="About deposits">
      <section className={panel.panel} aria-labelledby="deposit-how-title">
        <h2 id="deposit-how-title" className={styles.infoTitle}>
          <Info size={18} aria-hidden="true" className={panel.titleIcon} />
          How deposits work
        </h2>
        <ol className={styles.steps}>
          <li>Choose the currency and the network you send from.</li>
          <li>Send to the address shown, at least the minimum for that network.</li>
          <li>Declare the deposit, with the transaction hash if you have it.</li>
          <li>It is credited once confirmed on the chain, usually within {DEPOSIT_CONFIRMATION_TIME}.</li>
        </ol>
        <p className={panel.subtitle}>Crypto deposits carry no fee.</p>
      </section>

      <section className={panel.panel} aria-labelledby="deposit-tiers-title">
        <h2 id="deposit-tiers-title" className={styles.infoTitle}>
          <CreditCard size={18} aria-hidden="true" className={panel.titleIcon} />
          Card tiers
        </h2>
        <ul className={styles.tiers}>
          {CARD_TIERS.map((tier) => (
            <li key={tier.tier} className={styles.tier}>
              <span>{tier.name}</span>
              <span className={styles.tierPrice}>
                {formatDecimal(tier.minimum, 0)} SAI
                <span className={panel.muted}>
                  {' '}
                  ≈ {formatDecimal(multiply(tier.minimum, tokenPrice) ?? '0')} USDT
                </span>
              </span>
            </li>
          ))}
        </ul>
        <p className={panel.subtitle}>
          Buy SAI in the Buy tab. Card verification takes {CARD_VERIFICATION_TIME} after your payment.
        </p>
      </section>

      <section className={panel.panel} aria-labelledby="deposit-giveaway-title">
        <h2 id="deposit-giveaway-title" className={styles.infoTitle}>
          <CarFront size={18} aria-hidden="true" className={panel.titleIcon} />
          Car giveaway
        </h2>
        <p className={panel.subtitle}>Every SAI you hold brings the community closer to the prize draw.</p>
        <Link to="/rewards" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          See the giveaway
        </Link>
      </section>

      <section className={panel.panel} aria-labelledby="deposit-help-title">
        <h2 id="deposit-help-title" className={styles.infoTitle}>
          <CircleHelp size={18} aria-hidden="true" className={panel.titleIcon} />
          Need help?
        </h2>
        <p className={panel.subtitle}>Our support team answers questions about deposits around the clock.</p>
        <Link to="/help" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          Contact Support
        </Link>
      </section>
    </aside>
  );
}

/** docs/product-rules.md spec 2: the page's footer links. */
export function DepositFooter() {
  return (
    <nav className={styles.footer} aria-label="Deposit page links">
      <ul className={styles.footerList}>
        <li>
          <Link to="/dashboard">Dashboard</Link>
        </li>
        <li>
          <Link to="/partners">Partners</Link>
        </li>
        <li>
          <Link to="/help">Help</Link>
        </li>
        <li>
          <Link to="/terms">Terms</Link>
        </li>
        <li>
          <Link to="/privacy">Privacy</Link>
        </li>
      </ul>
    </nav>
  );
}
