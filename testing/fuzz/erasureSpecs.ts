import { USER_ID_PATTERN } from '../../domain/shared/ids.ts';
import { field, invalidParam, oneOf, text } from './inputs.ts';
import type { Spec } from './spec.ts';

/**
 * The admin's erasure of a person. Its valid request names the admin's own account, which the route
 * refuses (422) after validating everything: the fuzz exercises the whole route without erasing the
 * fixtures' other user, whom the other specs still send money to.
 */
export const ERASURE_SPECS: Spec[] = [
  {
    route: 'POST /api/admin/users/:id/erase',
    params: {
      id: { valid: (f) => f.ids.admin, invalid: invalidParam((s) => USER_ID_PATTERN.test(s)) },
    },
    body: {
      base: () => ({ reason: 'fuzz: erasure requested', confirm: 'ERASE' }),
      required: ['reason', 'confirm'],
      fields: {
        reason: field(text({ trim: true, min: 1, max: 500, control: 'all' }), { hostile: true }),
        confirm: field(oneOf('ERASE')),
        moveBalancesToDormant: field((v) => typeof v === 'boolean'),
      },
    },
  },
];
