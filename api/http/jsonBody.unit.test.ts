import fc from 'fast-check';
import { isLosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../infra/eventStore/hashChain.ts';
import { canonicalBody, numberLiteral, parseJsonBody } from './jsonBody.ts';
import { amountInput, amountText, decimalText } from './money.ts';

const amountOf = (text: string) => (parseJsonBody(text) as { amount: unknown }).amount;

describe('parseJsonBody', () => {
  it('keeps the literal of every number JSON.parse would round', () => {
    for (const literal of [
      '1.999999999999999999',
      '0.10000000000000001',
      '9007199254740993',
      '1e3',
      '2.50',
      '-0',
      '1e400',
      '1E-7',
    ]) {
      const value = amountOf(`{"amount":${literal}}`);
      expect(isLosslessNumber(value), literal).toBe(true);
      expect(numberLiteral(value)).toBe(literal);
    }
  });

  it('gives plain numbers where String(n) is the literal, on the fast path and the slow one', () => {
    expect(parseJsonBody('{"amount":12.5,"n":[1,-2,0.001]}')).toEqual({ amount: 12.5, n: [1, -2, 0.001] });
    // Whitespace takes the lossless parser; the answer is the same.
    expect(parseJsonBody('{ "amount": 12.5, "n": [1, -2, 0.001] }')).toEqual({
      amount: 12.5,
      n: [1, -2, 0.001],
    });
    expect(numberLiteral(amountOf('{"amount":9007199254740991}'))).toBe('9007199254740991');
  });

  it('reads what JSON.parse reads, and refuses what it refuses', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const parsed = parseJsonBody(text);
        expect(canonicalBody(parsed)).toBe(canonicalJson(JSON.parse(text)));
      }),
    );
    for (const bad of [
      '',
      '{',
      '{"a":1,}',
      '{"a":01}',
      '{"a":.5}',
      '{"a":NaN}',
      '[1,]',
      '{"a":"\t"}',
      'nul',
    ]) {
      expect(() => JSON.parse(bad), bad).toThrow();
      expect(() => parseJsonBody(bad), bad).toThrow(SyntaxError);
    }
  });

  it('refuses a key given twice with different values (JSON.parse silently kept the last one)', () => {
    expect(() => parseJsonBody('{"amount":1,"amount":1000}')).toThrow(/Duplicate key/);
    expect(parseJsonBody('{"amount":1,"amount":1}')).toEqual({ amount: 1 });
  });

  it('keeps __proto__ an own key, as JSON.parse does', () => {
    const parsed = parseJsonBody('{ "__proto__": {"admin": true} }') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
  });
});

describe('canonicalBody', () => {
  it('writes numbers as written, so bodies JSON.parse confuses hash apart', () => {
    expect(canonicalBody(parseJsonBody('{"b":9007199254740993,"a":"x"}'))).toBe(
      '{"a":"x","b":9007199254740993}',
    );
    expect(canonicalBody(parseJsonBody('{"b":9007199254740993}'))).not.toBe(
      canonicalBody(parseJsonBody('{"b":9007199254740992}')),
    );
  });
});

describe('amount schemas read a number by its literal', () => {
  const sai = amountInput('SAI');
  const eth = amountInput('ETH');
  const parse = (schema: typeof sai, body: string) => schema.safeParse(amountOf(body));

  it('refuses a digit SAI cannot hold instead of rounding it away', () => {
    const rounded = parse(sai, '{"amount":1.999999999999999999}');
    expect(rounded.success).toBe(false);
    expect(rounded.error?.issues[0]?.message).toBe('Amount has more than 2 decimal places for SAI');
    expect(parse(sai, '{"amount":0.10000000000000001}').success).toBe(false);
    expect(parse(sai, '{"amount":2.000}').success).toBe(false);
  });

  it('takes integers past 2^53 exactly, and refuses what the column cannot hold', () => {
    expect(parse(sai, '{"amount":9007199254740993}').data).toBe(900719925474099300n);
    expect(parse(sai, '{"amount":9999999999999999.99}').data).toBe(999999999999999999n);
    expect(parse(sai, '{"amount":10000000000000000}').error?.issues[0]?.message).toBe('Amount is too large');
  });

  it('accepts plain numbers and strings, refuses exponents, zero, negatives and other types', () => {
    expect(parse(sai, '{"amount":12.5}').data).toBe(1250n);
    expect(parse(sai, '{"amount":"12.50"}').data).toBe(1250n);
    expect(parse(eth, '{"amount":0.00000001}').data).toBe(1n);
    expect(parse(eth, '{"amount":1e-8}').success).toBe(false);
    for (const body of [
      '{"amount":1e3}',
      '{"amount":"1e3"}',
      '{"amount":""}',
      '{"amount":-5}',
      '{"amount":"-5"}',
      '{"amount":0}',
      '{"amount":"NaN"}',
      '{"amount":null}',
      '{"amount":true}',
      '{"amount":{"value":"5"}}',
      '{"amount":1e400}',
    ]) {
      expect(parse(sai, body).success, body).toBe(false);
    }
  });

  it('hands the literal text on where the asset comes from another field', () => {
    expect(amountText('x').parse(amountOf('{"amount":0.10000000000000001}'))).toBe('0.10000000000000001');
    expect(amountText('x').parse(amountOf('{"amount":" 1.5 "}'))).toBe('1.5');
    expect(decimalText(30, 'x').parse(amountOf('{"amount":9007199254740993}'))).toBe('9007199254740993');
  });
});
