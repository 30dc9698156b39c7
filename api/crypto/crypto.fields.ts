import { z } from 'zod';
import { type CryptoAsset, parseAmount } from '../../domain/shared/money.ts';
import { amountText } from '../http/money.ts';
import { HttpProblem } from '../http/problem.ts';

/** The amount's text as written (a JSON number's literal, never its double); parsed once the asset is known. */
export const amountField = amountText('Amount must be greater than 0');

/** An amount of `asset` from its text, exactly, or a 400 naming the amount field. */
export function exactAmount(
  asset: CryptoAsset | 'SAI',
  value: string,
  message = 'Amount must be greater than 0',
): bigint {
  const parsed = parseAmount(value, asset);
  if (!parsed.ok) {
    const reason = parsed.reason === 'Amount must be a positive number' ? message : parsed.reason;
    throw new HttpProblem(400, reason, { fieldErrors: { amount: reason } });
  }
  return parsed.units;
}

/** The form's check; the network's own form (and its canonical spelling) is the domain's: txHash.ts. */
export const txHashField = z
  .string()
  .trim()
  .max(128)
  .regex(/^[A-Za-z0-9]*$/, 'Transaction hash may only contain letters and digits');
