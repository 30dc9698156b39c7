/** The signed-in app's areas (./app.ts merges them into the part's messages). */
export { dashboardAddress } from './dashboardAddress.ts';
export { dashboardCard } from './dashboardCard.ts';
export { dashboardCardTier } from './dashboardCardTier.ts';
export { dashboardHome } from './dashboardHome.ts';
export { dashboardMoney } from './dashboardMoney.ts';
export { moneyDeposit } from './moneyDeposit.ts';
export { moneyHistory } from './moneyHistory.ts';
export { moneyReceipt } from './moneyReceipt.ts';
export { profile } from './profile.ts';
