import { ASSETS } from '../domain/shared/money.ts';

/**
 * The admin's fresh proof on the admin money routes (docs/security.md, "Admin re-authentication and
 * four-eyes"), sent the way the admin web sends it: the password the client signed in with goes in the
 * body of every admin money command that carries no proof of its own. A test that is about the proof
 * sends its own `password` or `totpCode` (a key present, even undefined, is left alone), or turns the
 * client's `autoProof` off.
 */

/** The admin money commands: method and path (ids as `[^/]+`). */
const ADMIN_MONEY_ROUTES: readonly { method: string; path: RegExp; when?: (body: object) => boolean }[] = [
  {
    method: 'POST',
    path: /^\/api\/transactions\/?$/,
    when: (body) => (body as { type?: unknown }).type === 'admin_deposit',
  },
  { method: 'PATCH', path: /^\/api\/admin\/crypto\/(deposits|withdrawals)\/[^/]+$/ },
  { method: 'PATCH', path: /^\/api\/payments\/[^/]+\/verify$/ },
  { method: 'POST', path: /^\/api\/admin\/approvals\/[^/]+\/(approve|reject)$/ },
];

/** Whether a request is an admin money command (query string ignored). */
export function isAdminMoneyCommand(method: string, path: string, body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const bare = path.split('?')[0] ?? path;
  return ADMIN_MONEY_ROUTES.some(
    (route) => route.method === method.toUpperCase() && route.path.test(bare) && (route.when?.(body) ?? true),
  );
}

/**
 * The body with the password added, when it is an admin money command that carries no proof. A body
 * given as JSON text (a test of numbers as written) keeps its text: the field goes in after the `{`.
 */
export function withAdminProof(
  method: string,
  path: string,
  body: unknown,
  password: string | null,
): unknown {
  if (password === null) return body;
  if (typeof body === 'string') {
    const parsed = parsedObject(body);
    if (!parsed || !needsProof(method, path, parsed)) return body;
    const rest = body.trimStart().slice(1).trimStart();
    return `{"password":${JSON.stringify(password)}${rest.startsWith('}') ? '' : ','}${rest}`;
  }
  return needsProof(method, path, body) ? { ...(body as object), password } : body;
}

function needsProof(method: string, path: string, body: unknown): boolean {
  if (!isAdminMoneyCommand(method, path, body)) return false;
  const fields = body as Record<string, unknown>;
  return !('password' in fields) && !('totpCode' in fields);
}

function parsedObject(text: string): object | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * An app's environment with the four-eyes thresholds at the largest amount the ledger holds: for a test
 * whose amounts are about something else (literals, random workloads) and would otherwise wait for a
 * second admin. Four-eyes itself is tested in api/approvals/fourEyes.int.test.ts.
 */
export const FOUR_EYES_LIFTED = {
  FOUR_EYES_THRESHOLDS: ASSETS.map((asset) => `${asset}=9999999999999999`).join(','),
};
