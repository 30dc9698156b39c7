import { describe, expect, it } from 'vitest';
import { isUserId, newUserId } from '../../domain/shared/ids.ts';
import { userIdSchema } from './ids.ts';

describe('user ids', () => {
  const schema = userIdSchema('User not found');

  it('accepts what was ever issued, 7 or 8 lower-case letters and digits', () => {
    for (const id of ['ab12cd3', 'ab12cd34', newUserId()]) {
      expect(isUserId(id)).toBe(true);
      expect(schema.parse(id)).toBe(id);
    }
  });

  it("refuses anything else with the route's own message", () => {
    for (const id of ['ab12cd', 'ab12cd345', 'AB12CD34', 'ab12cd3!', '']) {
      expect(isUserId(id)).toBe(false);
      const result = schema.safeParse(id);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('User not found');
    }
  });
});
