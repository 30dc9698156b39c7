import { randomUUID } from 'node:crypto';
import { FUZZ_ADMIN_PASSWORD, field, invalidParam, REAUTH_FIELDS, text, UUID } from './inputs.ts';
import type { Spec } from './spec.ts';

/** A four-eyes request's id (api/approvals): any well-formed one; none exists, so each ends in a 404. */
const approvalId = {
  valid: () => randomUUID(),
  invalid: invalidParam((s) => UUID.test(s)),
};

/** The second admin's decisions on a four-eyes request (docs/security.md, "Admin re-authentication"). */
export const APPROVAL_SPECS: Spec[] = [
  {
    route: 'POST /api/admin/approvals/:id/approve',
    params: { id: approvalId },
    body: {
      base: () => ({ password: FUZZ_ADMIN_PASSWORD }),
      required: [],
      // The approving admin's fresh proof: the only thing the body may carry (applied from the record).
      fields: REAUTH_FIELDS,
    },
  },
  {
    route: 'POST /api/admin/approvals/:id/reject',
    params: { id: approvalId },
    body: {
      base: () => ({ reason: 'fuzz' }),
      required: [],
      fields: {
        reason: field(text({ trim: true, max: 300, control: 'all' }), { hostile: true }),
        ...REAUTH_FIELDS,
      },
    },
  },
];
