import type { z } from 'zod';
import { type TextOptions, textProblem } from '../../domain/shared/text.ts';

/**
 * The stored-text rule (domain/shared/text.ts) as a zod refinement, for every free-text field of every
 * schema: `z.string().max(200).superRefine(storedText('Description'))`. The message names the field.
 */
export function storedText(label: string, options: TextOptions = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, label, options);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  };
}
