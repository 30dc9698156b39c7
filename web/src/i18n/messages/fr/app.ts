import type { AppMessages } from '@/i18n/messageTypes.ts';
import { dashboardAddress } from './dashboardAddress.ts';
import { dashboardCard } from './dashboardCard.ts';
import { dashboardCardTier } from './dashboardCardTier.ts';
import { dashboardHome } from './dashboardHome.ts';
import { dashboardMoney } from './dashboardMoney.ts';
import { moneyDeposit } from './moneyDeposit.ts';
import { moneyHistory } from './moneyHistory.ts';
import { moneyReceipt } from './moneyReceipt.ts';
import { profile } from './profile.ts';

/** The signed-in app's texts in this language, loaded when a signed-in page first opens (../../catalog.ts). */
export const areas = {
  dashboardHome,
  dashboardMoney,
  dashboardCard,
  dashboardAddress,
  dashboardCardTier,
  moneyHistory,
  moneyReceipt,
  moneyDeposit,
  profile,
};

export const messages: AppMessages = {
  ...dashboardHome,
  ...dashboardMoney,
  ...dashboardCard,
  ...dashboardAddress,
  ...dashboardCardTier,
  ...moneyHistory,
  ...moneyReceipt,
  ...moneyDeposit,
  ...profile,
};
