import { Send } from 'lucide-react';
import type { User } from '../../../../queries/auth.queries.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { PanelTitle } from '../../../../ui/panel/PanelTitle.tsx';
import { SendMoneyForm } from './SendMoneyForm.tsx';

export function QuickSendCard({ user }: { user: User }) {
  return (
    <section className={panel.panel} aria-labelledby="quick-send-title">
      <PanelTitle icon={Send} id="quick-send-title">
        Quick send
      </PanelTitle>
      <p className={panel.subtitle}>Send SAI to anyone with a SAI Wallet, by e-mail. No fees.</p>
      <SendMoneyForm user={user} />
    </section>
  );
}
