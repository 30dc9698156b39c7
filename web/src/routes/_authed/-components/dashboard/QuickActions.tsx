import { Link } from '@tanstack/react-router';
import { ArrowDownToLine, ArrowRight, ArrowUpFromLine, CreditCard, QrCode, Send } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../../../components/CopyButton.tsx';
import { Modal } from '../../../../components/Dialog.tsx';
import { WITHDRAWAL_PROMISE_HOURS } from '../../../../lib/constants.ts';
import type { User } from '../../../../queries/auth.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as styles from './QuickActions.css.ts';
import { SendDialogContent } from './SendDialogContent.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';

/** docs/product-rules.md spec 2: SEND, WITHDRAW, DEPOSIT, RECEIVE, METAL CARD (opens the card settings), then View Partners. */
export function QuickActions({ user, onOpenCardSettings }: { user: User; onOpenCardSettings: () => void }) {
  const [sendOpen, setSendOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className={visuallyHidden}>
        Quick actions
      </h2>
      <ul className={styles.grid}>
        <li>
          <Modal
            title="Send"
            description="Send SAI or crypto to another SAI Wallet user by e-mail. Transfers are free."
            open={sendOpen}
            onOpenChange={setSendOpen}
            trigger={
              <button type="button" className={styles.action}>
                <span className={styles.actionIcon} aria-hidden="true">
                  <Send size={18} />
                </span>
                Send
              </button>
            }
          >
            <SendDialogContent user={user} onSent={() => setSendOpen(false)} />
          </Modal>
        </li>
        <li>
          <Modal
            title="Withdraw crypto"
            description={`Send crypto to an external wallet. Processed within ${WITHDRAWAL_PROMISE_HOURS} hours.`}
            open={withdrawOpen}
            onOpenChange={setWithdrawOpen}
            trigger={
              <button type="button" className={styles.action}>
                <span className={styles.actionIcon} aria-hidden="true">
                  <ArrowUpFromLine size={18} />
                </span>
                Withdraw
              </button>
            }
          >
            <WithdrawForm onDone={() => setWithdrawOpen(false)} />
          </Modal>
        </li>
        <li>
          <Link to="/deposit" className={styles.action}>
            <span className={styles.actionIcon} aria-hidden="true">
              <ArrowDownToLine size={18} />
            </span>
            Deposit
          </Link>
        </li>
        <li>
          <Modal
            title="Receive SAI"
            description="Share your e-mail address: anyone with a SAI Wallet can send you tokens with it."
            trigger={
              <button type="button" className={styles.action}>
                <span className={styles.actionIcon} aria-hidden="true">
                  <QrCode size={18} />
                </span>
                Receive
              </button>
            }
          >
            <div className={styles.receiveBox}>
              <span className={styles.receiveEmail}>{user.email}</span>
              <CopyButton text={user.email} what="email address" />
            </div>
          </Modal>
        </li>
        <li>
          <button type="button" className={styles.action} onClick={onOpenCardSettings}>
            <span className={styles.actionIcon} aria-hidden="true">
              <CreditCard size={18} />
            </span>
            Metal card
          </button>
        </li>
      </ul>
      <Link to="/partners" className={styles.partners}>
        View Partners
        <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </section>
  );
}
