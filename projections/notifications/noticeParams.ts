import { ERASED_USERNAME } from '../../domain/users/user.ts';

/**
 * What a notice says, as data: the event type it was made of (`kind`) and the values its text carries
 * (`params`, text only), so a screen words it in the reader's language (web/src/lib/notificationText.ts);
 * `title` and `message` are the same notice in English, for API clients and as the fallback.
 */
export type NoticeParams = Record<string, string>;

/** The optional text values of a notice: a missing or empty one is left out, as the bulk SQL (jsonb_strip_nulls) leaves it. */
export function presentTexts(values: Record<string, string | undefined | null>): NoticeParams {
  const kept: NoticeParams = {};
  for (const [key, value] of Object.entries(values)) if (value) kept[key] = value;
  return kept;
}

/** What an erased sender leaves in a notice's params (ERASED_NOTIFICATIONS_SQL, notifications.bulk.ts): the sender's name replaced, their description gone. */
export const ERASED_PARAMS = `params = (params - 'description') || jsonb_build_object('from', '${ERASED_USERNAME}')`;
