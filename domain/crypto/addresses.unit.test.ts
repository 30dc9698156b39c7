import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { parseAddress } from './addresses.ts';
import type { NetworkId } from './networks.ts';

function valid(network: NetworkId, address: string) {
  expect(parseAddress(network, address), `${network} ${address}`).toEqual({
    ok: true,
    address: address.trim().startsWith('BC1') ? address.trim().toLowerCase() : address.trim(),
  });
}

function invalid(network: NetworkId, address: string, reason: RegExp) {
  const parsed = parseAddress(network, address);
  expect(parsed.ok, `${network} ${address}`).toBe(false);
  if (!parsed.ok) expect(parsed.reason).toMatch(reason);
}

describe('EVM addresses', () => {
  // The EIP-55 specification's own examples.
  const checksummed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('accepts checksummed, all lower-case and all upper-case addresses on every EVM network', () => {
    for (const network of ['ethereum', 'arbitrum', 'optimism', 'base', 'bsc', 'avalanche'] as const) {
      for (const address of checksummed) valid(network, address);
      valid(network, checksummed[0]!.toLowerCase());
      valid(network, `0x${checksummed[0]!.slice(2).toUpperCase()}`);
      valid(network, '0x52908400098527886E0F7030069857D2E4169EE7');
    }
  });

  it('refuses a mixed-case address whose checksum does not match', () => {
    // One letter's case flipped.
    invalid('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', /checksum \(EIP-55\)/);
    invalid('base', '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', /checksum/);
  });

  it('refuses other shapes', () => {
    invalid('ethereum', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /0x followed by 40/);
    invalid('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', /0x followed by 40/);
    invalid('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', /0x followed by 40/);
    invalid('ethereum', '', /Enter the Ethereum address/);
  });
});

describe('Bitcoin addresses', () => {
  it('accepts P2PKH, P2SH, segwit v0 (bech32) and taproot (bech32m)', () => {
    valid('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    valid('bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
    valid('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    valid('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4');
    valid('bitcoin', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3');
    valid('bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0');
  });

  it('refuses a wrong checksum', () => {
    invalid('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', /valid checksum/);
    invalid('bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz', /valid checksum/);
    invalid('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', /bech32 checksum/);
  });

  it('refuses the wrong bech32 variant for the witness version, mixed case and testnet', () => {
    const program = Array.from({ length: 32 }, (_, i) => i);
    // Taproot (v1) written with the bech32 checksum, and v0 with bech32m: BIP-350 refuses both.
    invalid('bitcoin', bech32.encode('bc', [1, ...bech32.toWords(Uint8Array.from(program))]), /bech32/);
    invalid('bitcoin', bech32m.encode('bc', [0, ...bech32m.toWords(Uint8Array.from(program))]), /bech32/);
    invalid('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7KV8F3T4', /mixes upper and lower/);
    invalid('bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', /testnet/);
    invalid('bitcoin', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /1…, 3… or bc1…/);
  });
});

describe('Tron addresses', () => {
  it('accepts a base58check T… address', () => {
    valid('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });
  it('refuses a wrong checksum and other networks’ addresses', () => {
    invalid('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', /valid checksum/);
    invalid('tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /T… base58check/);
  });
});

describe('Solana addresses', () => {
  it('accepts base58 public keys of 32 bytes', () => {
    valid('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    valid('solana', '11111111111111111111111111111111');
  });
  it('refuses other lengths and characters outside base58', () => {
    invalid('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4w', /32 bytes/);
    invalid('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv', /32 bytes/);
    invalid('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', /32 bytes/);
  });
});

describe('XRP Ledger addresses', () => {
  it('accepts classic r… addresses', () => {
    valid('xrpl', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
    valid('xrpl', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp');
  });
  it('refuses a wrong checksum, a Bitcoin-alphabet address and X-addresses', () => {
    invalid('xrpl', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', /valid checksum/);
    invalid('xrpl', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /classic r…/);
    invalid('xrpl', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ', /classic r…/);
  });
});
