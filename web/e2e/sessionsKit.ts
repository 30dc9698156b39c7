/**
 * Sessions the money journeys open before their first screen: a page and the API calls that share its
 * cookies, one per person, so that each step of a journey can be handed the sessions it acts in.
 */
import type { Account, browserKit, DESKTOP } from './browserKit.ts';

type Kit = ReturnType<typeof browserKit>;

/** A browser session of the kit (kit.session): its context, its page and the problems seen on the page. */
export type BrowserSession = Awaited<ReturnType<Kit['session']>>;

/**
 * A user and a friend, each registered in a session of their own, and the admin signed in to a third,
 * all at the same width, in that order. `locale` is the user's browser language.
 */
export async function userFriendAndAdmin(
  kit: Kit,
  viewport: typeof DESKTOP,
  people: { user: Account; friend: Account; admin: { email: string; password: string } },
  options: { locale?: string } = {},
) {
  const user = await kit.session(viewport, options);
  await kit.register(user.context, people.user);
  const other = await kit.session(viewport);
  await kit.register(other.context, people.friend);
  const admin = await kit.session(viewport);
  await kit.signIn(admin.context, people.admin.email, people.admin.password);
  return { user, other, admin };
}
