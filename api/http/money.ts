import { isLosslessNumber } from 'lossless-json';
import { z } from 'zod';
import { type Asset, parseAmount } from '../../domain/shared/money.ts';
import { numberLiteral } from './jsonBody.ts';

/**
 * A decimal at the API edge, as the text the client wrote: a JSON string (trimmed), or a JSON number read
 * from its literal in the body, never from the double JSON.parse would make of it. `jsonBody`
 * (api/http/jsonBody.ts) leaves a number as a `number` only when `String(n)` is its literal, and keeps any
 * other literal (`1.999999999999999999`, `1e3`, `2.50`) as a LosslessNumber, read here as its text.
 */
export function decimalText(maxLength: number, message: string, tooLong = message) {
  return z.preprocess(
    (value) => (isLosslessNumber(value) ? numberLiteral(value) : value),
    z
      .union([z.number(), z.string().max(maxLength, tooLong)], { error: message })
      .transform((value) => (typeof value === 'number' ? String(value) : value.trim())),
  );
}

/**
 * An amount whose asset the schema knows: the decimal text parsed exactly into minor units. More decimals
 * than the asset has, exponents, zero, negatives, NaN and values beyond the column's range are refused
 * with a message, whatever JSON type carried them.
 */
export function amountInput(asset: Asset) {
  return amountText('Amount must be a positive number').transform((text, ctx) => {
    const parsed = parseAmount(text, asset);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.reason });
      return z.NEVER;
    }
    return parsed.units;
  });
}

/** An amount's text, for a route whose asset is another field: it parses with `parseAmount` itself. */
export function amountText(message: string) {
  return decimalText(40, message, 'Amount has too many digits');
}
