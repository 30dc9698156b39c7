import { Send } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import type { User } from '@/queries/auth.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { SendMoneyForm } from './SendMoneyForm.tsx';

export function QuickSendCard({ user }: { user: User }) {
  return (
    <Panel icon={Send} titleId="quick-send-title" title={t('dashboard.quickSend.title')}>
      <p className={panel.subtitle}>{t('dashboard.quickSend.subtitle')}</p>
      <SendMoneyForm user={user} />
    </Panel>
  );
}
