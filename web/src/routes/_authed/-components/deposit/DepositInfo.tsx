import { Link } from '@tanstack/react-router';
import { CarFront, CircleHelp, CreditCard, Info } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { CARD_TIERS, CARD_VERIFICATION_TIME, DEPOSIT_CONFIRMATION_TIME } from '@/lib/constants.ts';
import { formatDecimal } from '@/lib/format.ts';
import { multiply } from '@/lib/money.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { durationText } from '../timings.ts';
import * as styles from './Deposit.css.ts';

/** The /deposit page's side column (docs/product-rules.md spec 2): how it works, tier prices, the giveaway and support. */
export function DepositInfo({ tokenPrice }: { tokenPrice: string }) {
  return (
    <aside className={styles.aside} aria-label={t('money.info.label')}>
      <section className={panel.panel} aria-labelledby="deposit-how-title">
        <h2 id="deposit-how-title" className={styles.infoTitle}>
          <Info size={18} aria-hidden="true" className={panel.titleIcon} />
          {t('money.info.howTitle')}
        </h2>
        <ol className={styles.steps}>
          <li>{t('money.info.step1')}</li>
          <li>{t('money.info.step2')}</li>
          <li>{t('money.info.step3')}</li>
          <li>{t('money.info.step4', { time: durationText(DEPOSIT_CONFIRMATION_TIME) })}</li>
        </ol>
        <p className={panel.subtitle}>{t('money.info.noFee')}</p>
      </section>

      <section className={panel.panel} aria-labelledby="deposit-tiers-title">
        <h2 id="deposit-tiers-title" className={styles.infoTitle}>
          <CreditCard size={18} aria-hidden="true" className={panel.titleIcon} />
          {t('money.info.tiersTitle')}
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
          {t('money.info.tiersHelp', { time: durationText(CARD_VERIFICATION_TIME) })}
        </p>
      </section>

      <section className={panel.panel} aria-labelledby="deposit-giveaway-title">
        <h2 id="deposit-giveaway-title" className={styles.infoTitle}>
          <CarFront size={18} aria-hidden="true" className={panel.titleIcon} />
          {t('money.info.giveawayTitle')}
        </h2>
        <p className={panel.subtitle}>{t('money.info.giveawayText')}</p>
        <Link to="/rewards" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          {t('money.info.giveawayLink')}
        </Link>
      </section>

      <section className={panel.panel} aria-labelledby="deposit-help-title">
        <h2 id="deposit-help-title" className={styles.infoTitle}>
          <CircleHelp size={18} aria-hidden="true" className={panel.titleIcon} />
          {t('money.info.helpTitle')}
        </h2>
        <p className={panel.subtitle}>{t('money.info.helpText')}</p>
        <Link to="/help" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          {t('money.info.contact')}
        </Link>
      </section>
    </aside>
  );
}

/** docs/product-rules.md spec 2: the page's footer links. */
export function DepositFooter() {
  return (
    <nav className={styles.footer} aria-label={t('money.footer.label')}>
      <ul className={styles.footerList}>
        <li>
          <Link to="/dashboard">{t('money.footer.dashboard')}</Link>
        </li>
        <li>
          <Link to="/partners">{t('money.footer.partners')}</Link>
        </li>
        <li>
          <Link to="/help">{t('money.footer.help')}</Link>
        </li>
        <li>
          <Link to="/terms">{t('money.footer.terms')}</Link>
        </li>
        <li>
          <Link to="/privacy">{t('money.footer.privacy')}</Link>
        </li>
      </ul>
    </nav>
  );
}
