/** What a deposit proof may be paid in (the spec's payment methods). */
export const PAYMENT_METHODS = ['ETH', 'USDT', 'USDC', 'BTC', 'BNB'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
