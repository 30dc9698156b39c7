/**
 * What a deposit address's QR code holds: a payment URI where the network has a standard one for what is
 * sent, else the bare address (every wallet reads that). With an amount, where the URI carries one:
 * - Bitcoin, BTC: BIP-21 `bitcoin:<address>?amount=<BTC>`.
 * - EVM networks, their native coin (ETH on Ethereum, Arbitrum, Optimism, Base; BNB on BNB Chain):
 *   EIP-681 `ethereum:<address>@<chain id>?value=<wei>`. A token (USDT, USDC) would need its contract in
 *   the URI, which the client does not hold: those get the bare address, as wallets otherwise offer to send
 *   the native coin instead.
 * - Solana, SOL: Solana Pay `solana:<address>?amount=<SOL>`; tokens again the bare address.
 * - Tron and the XRP Ledger have no URI wallets agree on: the bare address.
 * An amount is a decimal string; one that is not a plain positive decimal is left out.
 */
const EVM_CHAIN_IDS: Partial<Record<string, number>> = {
  ethereum: 1,
  optimism: 10,
  bsc: 56,
  base: 8453,
  arbitrum: 42161,
  avalanche: 43114,
};

/** The coin each EVM network pays its fees in. */
const NATIVE: Partial<Record<string, string>> = {
  ethereum: 'ETH',
  optimism: 'ETH',
  base: 'ETH',
  arbitrum: 'ETH',
  bsc: 'BNB',
  avalanche: 'AVAX',
};

const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

function positive(amount: string | undefined): string | undefined {
  if (amount === undefined || !DECIMAL.test(amount) || !/[1-9]/.test(amount)) return undefined;
  return amount;
}

/** "1.5" ETH → "1500000000000000000" wei, exactly (no float); undefined beyond 18 decimals. */
export function toWei(amount: string): string | undefined {
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > 18) return undefined;
  return (BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))).toString();
}

export function paymentUri(currency: string, network: string, address: string, amount?: string): string {
  const value = positive(amount);
  if (network === 'bitcoin' && currency === 'BTC') {
    return value ? `bitcoin:${address}?amount=${value}` : `bitcoin:${address}`;
  }
  const chainId = EVM_CHAIN_IDS[network];
  if (chainId !== undefined && NATIVE[network] === currency) {
    const wei = value ? toWei(value) : undefined;
    return `ethereum:${address}@${chainId}${wei ? `?value=${wei}` : ''}`;
  }
  if (network === 'solana' && currency === 'SOL') {
    return value ? `solana:${address}?amount=${value}` : `solana:${address}`;
  }
  return address;
}
