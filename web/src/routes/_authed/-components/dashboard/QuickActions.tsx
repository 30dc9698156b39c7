import { Link } from '@tanstack/react-router';
import {
  ArrowDownToLine,
  ArrowRight,
  ArrowUpFromLine,
  CreditCard,
  type LucideIcon,
  QrCode,
  Send,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { WITHDRAWAL_PROMISE_HOURS } from '@/lib/constants.ts';
import type { User } from '@/queries/auth.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { CopyButton } from '@/ui/CopyButton/CopyButton.tsx';
import { Modal } from '@/ui/Dialog/Dialog.tsx';
import * as styles from './QuickActions.css.ts';
import { SendDialogContent } from './SendDialogContent.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';

/** An action tile's face: its icon in a badge, then its name. */
function ActionFace({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <>
      <span className={styles.actionIcon} aria-hidden="true">
        <Icon size={18} />
      </span>
      {children}
    </>
  );
}

/** docs/product-rules.md spec 2: SEND, WITHDRAW, DEPOSIT, RECEIVE, METAL CARD (opens the card settings), then View Partners. */
export function QuickActions({ user, onOpenCardSettings }: { user: User; onOpenCardSettings: () => void }) {
  const [sendOpen, setSendOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className={visuallyHidden}>
        {t('dashboard.actions.title')}
      </h2>
      <ul className={styles.grid}>
        <li>
          <Modal
            title={t('dashboard.actions.send')}
            description={t('dashboard.actions.send.description')}
            open={sendOpen}
            onOpenChange={setSendOpen}
            trigger={
              <button type="button" className={styles.action}>
                <ActionFace icon={Send}>{t('dashboard.actions.send')}</ActionFace>
              </button>
            }
          >
            <SendDialogContent user={user} onSent={() => setSendOpen(false)} />
          </Modal>
        </li>
        <li>
          <Modal
            title={t('dashboard.actions.withdraw.title')}
            description={t('dashboard.actions.withdraw.description', { hours: WITHDRAWAL_PROMISE_HOURS })}
            open={withdrawOpen}
            onOpenChange={setWithdrawOpen}
            trigger={
              <button type="button" className={styles.action}>
                <ActionFace icon={ArrowUpFromLine}>{t('dashboard.actions.withdraw')}</ActionFace>
              </button>
            }
          >
            <WithdrawForm onDone={() => setWithdrawOpen(false)} />
          </Modal>
        </li>
        <li>
          <Link to="/deposit" className={styles.action}>
            <ActionFace icon={ArrowDownToLine}>{t('dashboard.actions.deposit')}</ActionFace>
          </Link>
        </li>
        <li>
          <Modal
            title={t('dashboard.actions.receive.title')}
            description={t('dashboard.actions.receive.description')}
            trigger={
              <button type="button" className={styles.action}>
                <ActionFace icon={QrCode}>{t('dashboard.actions.receive')}</ActionFace>
              </button>
            }
          >
            <div className={styles.receiveBox}>
              <span className={styles.receiveEmail}>{user.email}</span>
              <CopyButton text={user.email} what={t('dashboard.actions.receive.what')} />
            </div>
          </Modal>
        </li>
        <li>
          <button type="button" className={styles.action} onClick={onOpenCardSettings}>
            <ActionFace icon={CreditCard}>{t('dashboard.actions.card')}</ActionFace>
          </button>
        </li>
      </ul>
      <Link to="/partners" className={styles.partners}>
        {t('dashboard.actions.partners')}
        <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </section>
  );
}
