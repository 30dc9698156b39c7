import { Link } from '@tanstack/react-router';
import { CarFront, CircleHelp, CreditCard, Info, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
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
      <DepositPanel id="deposit-how-title" icon={Info} title={t('money.info.howTitle')}>
        <ol className={styles.steps}>
          <li>{t('money.info.step1')}</li>
          <li>{t('money.info.step2')}</li>
          <li>{t('money.info.step3')}</li>
          <li>{t('money.info.step4', { time: durationText(DEPOSIT_CONFIRMATION_TIME) })}</li>
        </ol>
        <p className={panel.subtitle}>{t('money.info.noFee')}</p>
      </DepositPanel>

      <DepositPanel id="deposit-tiers-title" icon={CreditCard} title={t('money.info.tiersTitle')}>
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
      </DepositPanel>

      <DepositPanel id="deposit-giveaway-title" icon={CarFront} title={t('money.info.giveawayTitle')}>
        <p className={panel.subtitle}>{t('money.info.giveawayText')}</p>
        <InfoLink to="/rewards">{t('money.info.giveawayLink')}</InfoLink>
      </DepositPanel>

      <DepositPanel id="deposit-help-title" icon={CircleHelp} title={t('money.info.helpTitle')}>
        <p className={panel.subtitle}>{t('money.info.helpText')}</p>
        <InfoLink to="/help">{t('money.info.contact')}</InfoLink>
      </DepositPanel>
    </aside>
  );
}

const FOOTER_LINKS = [
  ['/dashboard', 'money.footer.dashboard'],
  ['/partners', 'money.footer.partners'],
  ['/help', 'money.footer.help'],
  ['/terms', 'money.footer.terms'],
  ['/privacy', 'money.footer.privacy'],
] as const;

/** docs/product-rules.md spec 2: the page's footer links. */
export function DepositFooter() {
  return (
    <nav className={styles.footer} aria-label={t('money.footer.label')}>
      <ul className={styles.footerList}>
        {FOOTER_LINKS.map(([to, key]) => (
          <li key={to}>
            <Link to={to}>{t(key)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A panel of the deposit page, labelled by its h2: a way to deposit, with its subtitle, or a panel of the
 * side column, with its icon.
 */
export function DepositPanel({
  id,
  title,
  icon: Icon,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section className={panel.panel} aria-labelledby={id}>
      <h2 id={id} className={Icon ? styles.infoTitle : panel.title}>
        {Icon ? <Icon size={18} aria-hidden="true" className={panel.titleIcon} /> : null}
        {title}
      </h2>
      {subtitle === undefined ? null : <p className={panel.subtitle}>{subtitle}</p>}
      {children}
    </section>
  );
}

/** A panel's way onward, drawn as a small secondary button. */
function InfoLink({ to, children }: { to: '/rewards' | '/help'; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
      {children}
    </Link>
  );
}
