import { Send } from 'lucide-react';
import type { User } from '../../../../queries/auth.queries.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { SendMoneyForm } from './SendMoneyForm.tsx';

export function QuickSendCard({ user }: { user: User }) {
  return (
    <section className={panel.panel} aria-labelledby="quick-send-title">
      <div className={panel.titleRow}>
        <Send size={20} aria-hidden="true" className={panel.titleIcon} />
        <h2 id="quick-send-title" className={panel.title}>
          Quick send
        </h2>
      </div>
      <p className={panel.subtitle}>Send SAI to anyone with a SAI Wallet, by e-mail. No fees.</p>
      <SendMoneyForm user={user} />
    </section>
  );
}
