/**
 * Sessions the money journeys open before their first screen: a page and the API calls that share its
 * cookies, one per person, so that each step of a journey can be handed the sessions it acts in; and the
 * seeding steps they take over the API before the screens (a saved language, SAI given, a crypto deposit).
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import {
  type Account,
  type browserKit,
  DESKTOP,
  newAdmin,
  setUpBrowserApp,
  type Viewport,
} from './browserKit.ts';

type Kit = ReturnType<typeof browserKit>;

/** A browser session of the kit (kit.session): its context, its page and the problems seen on the page. */
export type BrowserSession = Awaited<ReturnType<Kit['session']>>;

/**
 * The browser app of a file whose journeys need the admin the server makes at start (newAdmin), with
 * `env` besides: `adminSession` opens a session signed in as that admin (`sharedAdmin` one for the whole
 * file), `userFriendAndAdmin` the three sessions of a money journey.
 */
export function setUpAdminApp(databasePrefix: string, env: Record<string, string> = {}) {
  const ADMIN = newAdmin();
  const setUp = setUpBrowserApp(databasePrefix, { ...ADMIN.env, ...env });
  const { kit } = setUp;

  async function adminSession(viewport: Viewport = DESKTOP): Promise<BrowserSession> {
    const admin = await kit.session(viewport);
    await kit.signIn(admin.context, ADMIN.email, ADMIN.password);
    return admin;
  }

  let shared: BrowserContext | undefined;
  /** One session of the admin for the whole file, signed in when first asked for. */
  async function sharedAdmin(): Promise<BrowserContext> {
    if (!shared) {
      shared = (await kit.session()).context;
      await kit.signIn(shared, ADMIN.email, ADMIN.password);
    }
    return shared;
  }

  /**
   * `user` and `friend`, each registered in a session of their own, and the admin signed in to a third,
   * all at the same width, in that order. `locale` is the user's browser language.
   */
  async function userFriendAndAdmin(
    viewport: Viewport,
    user: Account,
    friend: Account,
    options: { locale?: string } = {},
  ) {
    const userSession = await kit.registered(viewport, user, options);
    const other = await kit.registered(viewport, friend);
    const admin = await adminSession(viewport);
    return { user: userSession, other, admin };
  }

  return { ...setUp, ADMIN, adminSession, sharedAdmin, userFriendAndAdmin };
}

/** The id of the user signed in on `context`. */
export async function userIdOf(kit: Kit, context: BrowserContext): Promise<string> {
  const response = await context.request.get(kit.url('/api/auth/user'));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Saves `language` with the preferences of the user signed in on `context`, as the profile's Save does. */
export async function saveLanguage(kit: Kit, context: BrowserContext, language: string) {
  const current = await context.request.get(kit.url('/api/account/preferences'));
  expect(current.status()).toBe(200);
  const saved = await context.request.put(kit.url('/api/account/preferences'), {
    data: { ...((await current.json()) as object), language },
    headers: { Origin: kit.url('') },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** An admin's distribution of `amount` SAI to `receiverId`, from the admin's session `admin`. */
export function giveSai(
  kit: Kit,
  admin: BrowserContext,
  receiverId: string,
  amount: string,
  description?: string,
) {
  return kit.call<{ id: string }>(admin, 'POST', '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: receiverId,
    amount,
    ...(description === undefined ? {} : { description }),
  });
}

/** A transfer of `amount` SAI with `description` from the user signed in on `sender` to `receiverId`. */
export function sendSai(
  kit: Kit,
  sender: BrowserContext,
  receiverId: string,
  amount: string,
  description: string,
) {
  return kit.call<{ id: string }>(sender, 'POST', '/api/transactions', {
    type: 'transfer',
    receiver_id: receiverId,
    amount,
    description,
  });
}

/** A crypto deposit the user declares on `user` and the admin confirms on `admin` with a fresh tx hash. */
export async function confirmedCryptoDeposit(
  kit: Kit,
  sessions: { user: BrowserContext; admin: BrowserContext },
  deposit: { currency: string; network: string; amount: string },
) {
  const declared = await kit.call<{ id: string }>(sessions.user, 'POST', '/api/crypto/deposits', {
    currency: deposit.currency,
    network: deposit.network,
  });
  await kit.call(sessions.admin, 'PATCH', `/api/admin/crypto/deposits/${declared.id}`, {
    action: 'confirm',
    amount: deposit.amount,
    txHash: `0x${randomBytes(32).toString('hex')}`,
  });
  return declared;
}
