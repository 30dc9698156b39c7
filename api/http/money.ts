import { z } from 'zod';
import { type Asset, parseAmount } from '../../domain/shared/money.ts';

/**
 * An amount at the API edge: a JSON number (read through its shortest decimal text) or a decimal string,
 * parsed exactly into minor units; more decimals than the asset has, exponents, zero, negatives, NaN and
 * values beyond the column's range are refused with a message.
 */
export function amountInput(asset: Asset) {
  return z
    .union([z.number(), z.string().max(40)], { error: 'Amount must be a positive number' })
    .transform((value, ctx) => {
      const parsed = parseAmount(value, asset);
      if (!parsed.ok) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.reason === 'Amount must be a positive number' ? parsed.reason : parsed.reason,
        });
        return z.NEVER;
      }
      return parsed.units;
    });
}
