import { Send } from 'lucide-react';
import type { User } from '../../../../queries/auth.queries.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { Panel } from '../../../../ui/panel/Panel.tsx';
import { SendMoneyForm } from './SendMoneyForm.tsx';

export function QuickSendCard({ user }: { user: User }) {
  return (
    <Panel icon={Send} titleId="quick-send-title" title="Quick send">
      <p className={panel.subtitle}>Send SAI to anyone with a SAI Wallet, by e-mail. No fees.</p>
      <SendMoneyForm user={user} />
    </Panel>
  );
}
