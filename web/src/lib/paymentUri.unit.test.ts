import { describe, expect, it } from 'vitest';
import { paymentUri, toWei } from './paymentUri.ts';

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('payment URIs for deposit QR codes', () => {
  it('Bitcoin: BIP-21 with the amount where known', () => {
    expect(paymentUri('BTC', 'bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(paymentUri('BTC', 'bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '0.001')).toBe(
      'bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa?amount=0.001',
    );
  });

  it('EVM native coins: EIP-681 with the chain id and the value in wei', () => {
    expect(paymentUri('ETH', 'ethereum', EVM)).toBe(`ethereum:${EVM}@1`);
    expect(paymentUri('ETH', 'base', EVM, '1.5')).toBe(`ethereum:${EVM}@8453?value=1500000000000000000`);
    expect(paymentUri('ETH', 'arbitrum', EVM)).toBe(`ethereum:${EVM}@42161`);
    expect(paymentUri('BNB', 'bsc', EVM, '0.000000000000000001')).toBe(`ethereum:${EVM}@56?value=1`);
  });

  it('tokens, Tron and XRP: the bare address', () => {
    expect(paymentUri('USDT', 'ethereum', EVM, '100')).toBe(EVM);
    expect(paymentUri('USDC', 'solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    );
    expect(paymentUri('USDT', 'tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(paymentUri('XRP', 'xrpl', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '20')).toBe(
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    );
  });

  it('Solana: Solana Pay for SOL', () => {
    expect(paymentUri('SOL', 'solana', '11111111111111111111111111111111', '2')).toBe(
      'solana:11111111111111111111111111111111?amount=2',
    );
  });

  it('leaves out an amount that is not a plain positive decimal', () => {
    expect(paymentUri('BTC', 'bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '0')).toBe(
      'bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    );
    expect(paymentUri('BTC', 'bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '1e3')).toBe(
      'bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    );
    expect(toWei('0.0000000000000000001')).toBeUndefined();
  });
});
