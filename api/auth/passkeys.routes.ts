import { Hono } from 'hono';
import { z } from 'zod';
import { addPasskey, removePasskey } from '../../app/auth/passkeys.service.ts';
import { passkeysOf, renamePasskey } from '../../app/auth/passkeys.table.ts';
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  summary,
  verifyAssertion,
} from '../../app/auth/passkeys.ts';
import { assertActive, assertSecondFactorAllowed, loadUser } from '../../app/auth/users.service.ts';
import { announceSecurityChange } from '../../app/mail/securityNotice.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { limited } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { REAUTHENTICATION_401, REAUTHENTICATION_FIELDS, requireReauthentication } from '../http/reauth.ts';
import { clientIp } from '../http/security.ts';
import { requireUser, signedInFirst } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import { userAnswer } from './auth.schemas.ts';
import {
  addPasskeySchema,
  optionsAnswer,
  passkeyAnswer,
  passkeySignInSchema,
  registrationOptionsSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from './passkeys.schemas.ts';
import { openSignedInSession } from './signIn.ts';

/** A passkey's public id (a UUID; never the credential id). */
const passkeyParam = z.strictObject({ id: z.uuid({ error: 'Not a passkey id' }) });

const NOT_RECOGNISED = 'That passkey could not be verified. Try again, or sign in with your password.';

/**
 * Sign-in with a passkey (mounted at /api/auth/passkeys): options with a fresh challenge, then the
 * assertion. A discoverable credential names its account, so no e-mail is typed. The passkey asks for
 * user verification, so it stands for both factors: no TOTP code is asked after it.
 */
export function passkeySignInRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const rp = relyingParty(deps.config);
  const trustProxy = deps.config.TRUST_PROXY === '1';

  app.post('/sign-in/options', responds(200, optionsAnswer), async (c) => {
    // Each answer stores a challenge: a visitor may not fill the table.
    await limited(deps, 'login', clientIp(c, trustProxy));
    const options = await authenticationOptions(deps.pool, rp, 'sign_in', null, deps.now());
    return c.json({ options });
  });

  app.post(
    '/sign-in',
    responds(200, userAnswer),
    responds(401, null, { description: 'The passkey was not recognised or did not verify' }),
    validate('json', passkeySignInSchema),
    async (c) => {
      await limited(deps, 'login', clientIp(c, trustProxy));
      const input = c.req.valid('json');
      const passkey = await verifyAssertion(deps.pool, rp, input.response, 'sign_in', null, deps.now());
      const user = passkey ? await loadUser(deps, passkey.userId) : null;
      if (!user) throw new HttpProblem(401, NOT_RECOGNISED, { code: 'passkey_invalid' });
      return openSignedInSession(c, deps, user, input.rememberMe);
    },
  );

  return app;
}

/**
 * The signed-in user's passkeys (mounted at /api/account/passkeys): list, add (after a fresh password or
 * authenticator code), rename, remove (after one too).
 */
export function passkeyAccountRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const rp = relyingParty(deps.config);

  app.use(signedInFirst);

  app.get('/', responds(200, z.array(passkeyAnswer)), async (c) => {
    const session = requireUser(c);
    return c.json((await passkeysOf(deps.pool, session.userId)).map(summary));
  });

  /** Step 1 of adding a passkey: proves the account holder is here, then the options for the browser. */
  app.post(
    '/options',
    responds(200, optionsAnswer),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('json', registrationOptionsSchema),
    async (c) => {
      const session = requireUser(c);
      // Refused before the proof is asked for: nothing to prove for a step that cannot be taken.
      await assertSecondFactorAllowed(deps, session.userId);
      await requireReauthentication(deps, session.userId, c.req.valid('json'));
      const user = await assertActive(deps, session.userId);
      const displayName = `${user.firstName} ${user.lastName}`.trim() || user.username;
      const options = await registrationOptions(
        deps.pool,
        rp,
        { userId: user.userId, email: user.email, displayName },
        deps.now(),
      );
      return c.json({ options });
    },
  );

  /** Step 2: the browser's answer, verified against the challenge of step 1, stored under a name. */
  app.post('/', responds(201, passkeyAnswer), validate('json', addPasskeySchema), async (c) => {
    const session = requireUser(c);
    const input = c.req.valid('json');
    return await commandRoute(c, deps, null, async (_, metadata) => {
      const { passkey, position } = await addPasskey(deps, rp, session.userId, input, metadata);
      announceSecurityChange(deps, session.userId, 'passkey_added', metadata);
      return { status: 201, position, body: passkey };
    });
  });

  app.patch(
    '/:id',
    responds(200, passkeyAnswer),
    validate('param', passkeyParam),
    validate('json', renamePasskeySchema),
    async (c) => {
      const session = requireUser(c);
      const { id } = c.req.valid('param');
      if (!(await renamePasskey(deps.pool, session.userId, id, c.req.valid('json').name))) {
        throw new HttpProblem(404, 'Passkey not found');
      }
      const row = (await passkeysOf(deps.pool, session.userId)).find((p) => p.id === id);
      if (!row) throw new HttpProblem(404, 'Passkey not found');
      return c.json(summary(row));
    },
  );

  app.delete(
    '/:id',
    responds(200, z.object({ removed: z.literal(true) })),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('param', passkeyParam),
    validate('json', removePasskeySchema),
    async (c) => {
      const session = requireUser(c);
      await requireReauthentication(deps, session.userId, c.req.valid('json'));
      return await commandRoute(
        c,
        deps,
        null,
        async (_, metadata) => {
          const { position } = await removePasskey(deps, session.userId, c.req.valid('param').id, metadata);
          announceSecurityChange(deps, session.userId, 'passkey_removed', metadata);
          return { status: 200, position, body: { removed: true } };
        },
        { unhashed: REAUTHENTICATION_FIELDS },
      );
    },
  );

  return app;
}
