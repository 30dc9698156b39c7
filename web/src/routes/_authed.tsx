import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RouteError } from '@/shell/RouteError.tsx';
import { loadAppMessages } from '../i18n/i18n.ts';
import { requireUser } from '../lib/routeGuards.ts';
import { EmailVerificationBanner } from './_authed/-components/EmailVerificationBanner.tsx';
import { LanguageSync } from './_authed/-components/LanguageSync.tsx';
import { RecordingNotice } from './_authed/-components/RecordingNotice.tsx';
import { ThemeSync } from './_authed/-components/ThemeSync.tsx';

/**
 * The signed-in screens (dashboard, deposit, history, profile), guarded once here: a signed-out visitor
 * goes to /login before any of them loads. A pathless layout: it adds nothing to the URL. The signed-in
 * user is the route context (`context.user`) of every screen below. If the guard itself fails (the API
 * cannot be reached), the layout shows the error with a Try again button rather than a blank screen.
 * Above every screen, a notice while the person's latest change is still being recorded (RecordingNotice),
 * and "Confirm your e-mail" while the account's address is unverified (EmailVerificationBanner).
 */
export const Route = createFileRoute('/_authed')({
  // The app's texts (docs/architecture/i18n.md: loaded with the first signed-in page) come with the guard.
  beforeLoad: async ({ context }) => {
    const [user] = await Promise.all([requireUser(context.queryClient), loadAppMessages()]);
    return { user };
  },
  errorComponent: RouteError,
  component: AuthedLayout,
});

function AuthedLayout() {
  return (
    <>
      <ThemeSync />
      <LanguageSync />
      <RecordingNotice />
      <EmailVerificationBanner />
      <Outlet />
    </>
  );
}
