/**
 * The deposit addresses a test server starts with (the `DEPOSIT_ADDRESS_*` seeds), one valid address per
 * network family, so a test that deposits or buys finds every (currency, network) configured, as in a
 * deployment. A test about unset addresses passes '' for a variable (an empty value is unset).
 */
export const TEST_DEPOSIT_ADDRESSES = {
  DEPOSIT_ADDRESS_ETH: '0x52908400098527886E0F7030069857D2E4169EE7',
  DEPOSIT_ADDRESS_BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  DEPOSIT_ADDRESS_SOL: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  DEPOSIT_ADDRESS_XRP: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  DEPOSIT_ADDRESS_TRX: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
} as const;

/** Every `DEPOSIT_ADDRESS_*` unset: a server with no deposit address. */
export const NO_DEPOSIT_ADDRESSES: Record<keyof typeof TEST_DEPOSIT_ADDRESSES, string> = {
  DEPOSIT_ADDRESS_ETH: '',
  DEPOSIT_ADDRESS_BTC: '',
  DEPOSIT_ADDRESS_SOL: '',
  DEPOSIT_ADDRESS_XRP: '',
  DEPOSIT_ADDRESS_TRX: '',
};
