import type { Hono } from 'hono';
import { stream } from 'hono/streaming';
import {
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  savePreferences,
  setUpTwoFactor,
} from '../../app/account/account.service.ts';
import { dataExport } from '../../app/account/dataExport.ts';
import { assertSecondFactorAllowed, loadUser, updateProfile } from '../../app/auth/users.service.ts';
import { announceSecurityChange } from '../../app/mail/securityNotice.ts';
import { DEFAULT_PREFERENCES } from '../../domain/users/preferences.ts';
import { findPreferences } from '../../projections/users/users.queries.ts';
import { userAnswer } from '../auth/auth.schemas.ts';
import { balanceFigures, userJsonFromState } from '../auth/userJson.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { limited } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { REAUTHENTICATION_401, requireReauthentication } from '../http/reauth.ts';
import { routerOf } from '../http/router.ts';
import { requireUser, signedInFirst } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import {
  dataExportAnswer,
  passwordChangedAnswer,
  passwordChangeSchema,
  preferencesAnswer,
  preferencesSchema,
  profileSchema,
  totpCodeSchema,
  twoFactorAnswer,
  twoFactorSetupAnswer,
  twoFactorSetupSchema,
} from './account.schemas.ts';

/** The signed-in user's own account (profile page, docs/product-rules.md spec 2): mounted at /api/account. */
export function accountRoutes(deps: Deps) {
  const signedIn = (app: Hono<AppEnv>) => app.use(signedInFirst);
  return routerOf(deps, [signedIn, profileRoutes, preferencesRoutes, twoFactorRoutes, dataExportRoute]);
}

/** Personal info and the password. */
function profileRoutes(app: Hono<AppEnv>, deps: Deps) {
  /** Personal Info. The e-mail is not editable: the strict schema answers 400 to it. */
  app.patch('/profile', responds(200, userAnswer), validate('json', profileSchema), async (c) => {
    const session = requireUser(c);
    return await commandRoute(c, deps, null, async (_, metadata) => {
      const { user, position } = await updateProfile(deps, session.userId, c.req.valid('json'), metadata);
      return {
        status: 200,
        position,
        read: async () => userJsonFromState(user, await balanceFigures(deps, user.userId)),
      };
    });
  });

  /** Security: Update Password. Other sessions of the user end; this one stays signed in. */
  app.post(
    '/password',
    responds(200, passwordChangedAnswer),
    validate('json', passwordChangeSchema),
    async (c) => {
      const session = requireUser(c);
      // Each try costs an argon2 verification and is a password guess. Only the session's holder can spend
      // this limit, so it is per user and cannot lock anyone else out.
      await limited(deps, 'password', session.userId);
      const input = c.req.valid('json');
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const { position, endedSessions } = await changePassword(
          deps,
          session.userId,
          session.sessionId,
          input,
          metadata,
        );
        await deps.limits.reset('password', session.userId);
        announceSecurityChange(deps, session.userId, 'password_changed', metadata);
        return { status: 200, position, body: { message: 'Password updated', endedSessions } };
      });
    },
  );
}

/** The preferences and their reset. */
function preferencesRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.get('/preferences', responds(200, preferencesAnswer), async (c) => {
    const session = requireUser(c);
    return c.json(await findPreferences(readModels(c), session.userId));
  });

  app.put(
    '/preferences',
    responds(200, preferencesAnswer),
    validate('json', preferencesSchema),
    async (c) => {
      const session = requireUser(c);
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const { user, position } = await savePreferences(deps, session.userId, c.req.valid('json'), metadata);
        return { status: 200, position, body: user.preferences };
      });
    },
  );

  /** Reset to Default: the spec's defaults, saved like any other change. */
  app.post('/preferences/reset', responds(200, preferencesAnswer), async (c) => {
    const session = requireUser(c);
    return await commandRoute(c, deps, null, async (_, metadata) => {
      const { user, position } = await savePreferences(
        deps,
        session.userId,
        { ...DEFAULT_PREFERENCES },
        metadata,
      );
      return { status: 200, position, body: user.preferences };
    });
  });
}

/** The authenticator second factor: status, setup (with the password), enable, disable. */
function twoFactorRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.get('/2fa', responds(200, twoFactorAnswer), async (c) => {
    const session = requireUser(c);
    // The write side is the authority here (no read-model lag right after enabling).
    const enabled = (await loadUser(deps, session.userId))?.twoFactorEnabled ?? false;
    return c.json({ enabled });
  });

  /**
   * Enable 2FA, step 1: a new secret, returned once as an otpauth:// URI and its QR code. Nothing is
   * enabled until a code from the authenticator confirms it; a repeated set-up replaces the pending secret.
   */
  app.post(
    '/2fa/setup',
    responds(200, twoFactorSetupAnswer),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('json', twoFactorSetupSchema),
    async (c) => {
      const session = requireUser(c);
      // Already on: said before any proof is asked for (it is the session's own account).
      if ((await loadUser(deps, session.userId))?.twoFactorEnabled)
        throw new HttpProblem(409, 'Two-factor authentication is already enabled');
      await assertSecondFactorAllowed(deps, session.userId);
      await requireReauthentication(deps, session.userId, c.req.valid('json'));
      return c.json(await setUpTwoFactor(deps, session.userId));
    },
  );

  // Turned on or off with a current code, guessed no faster than at sign-in (the `totp` budget).
  const switches = [
    { path: '/2fa/enable', change: enableTwoFactor, notice: 'two_factor_enabled', enabled: true },
    { path: '/2fa/disable', change: disableTwoFactor, notice: 'two_factor_disabled', enabled: false },
  ] as const;
  for (const { path, change, notice, enabled } of switches) {
    app.post(path, responds(200, twoFactorAnswer), validate('json', totpCodeSchema), async (c) => {
      const session = requireUser(c);
      await limited(deps, 'totp', session.userId);
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const { position } = await change(deps, session.userId, c.req.valid('json').code, metadata);
        await deps.limits.reset('totp', session.userId);
        announceSecurityChange(deps, session.userId, notice, metadata);
        return { status: 200, position, body: { enabled } };
      });
    });
  }
}

/** The user's own data, whole. */
function dataExportRoute(app: Hono<AppEnv>, deps: Deps) {
  /**
   * "Download my data": everything held about the signed-in person, as a JSON file written while it is
   * read (app/account/dataExport.ts). Limited per user: an export reads every page of their history and log.
   */
  app.get('/data-export', responds(200, dataExportAnswer), async (c) => {
    const session = requireUser(c);
    await limited(deps, 'dataExport', session.userId);
    const pieces = dataExport(deps, session.userId);
    // The first piece reads the profile: a failure there is still an ordinary error answer, not a cut file.
    const first = await pieces.next();
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="sai-wallet-data-${deps.now().toISOString().slice(0, 10)}.json"`,
    );
    c.header('Cache-Control', 'no-store');
    return stream(
      c,
      async (s) => {
        if (!first.done) await s.write(first.value);
        for await (const piece of pieces) {
          if (s.aborted) break;
          await s.write(piece);
        }
      },
      // The status line is gone: the file ends short of its closing brace, which no JSON reader accepts.
      async (error) => {
        deps.logger.error({ err: error.message, userId: session.userId }, 'data export cut short');
      },
    );
  });
}
