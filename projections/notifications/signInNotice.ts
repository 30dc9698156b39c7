import type { SignInEvent } from '../../domain/users/signIns.ts';
import { presentTexts } from './noticeParams.ts';

/** What the sign-in notice advises (the bulk SQL quotes it as is: no apostrophe). */
export const SIGN_IN_ADVICE =
  'If this was not you, sign that session out under Profile, Security and change your password.';

/** The bell's notice of a new sign-in: "New sign-in from Chrome on macOS." (notifications.bulk.ts mirrors it). */
export function signInNotice(data: SignInEvent['data']) {
  return {
    userId: data.userId,
    title: 'New sign-in',
    message: `New sign-in from ${data.browser || 'an unknown browser'} on ${data.os || 'an unknown system'}. ${SIGN_IN_ADVICE}`,
    type: 'system' as const,
    relatedId: data.sessionId,
    params: presentTexts({ browser: data.browser, os: data.os }),
  };
}
