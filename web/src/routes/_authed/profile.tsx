import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Bell, LogOut, ShieldCheck, SlidersHorizontal, UserRound } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { pageTitle } from '@/content/constants.ts';
import { t } from '@/i18n/i18n.ts';
import { initials } from '@/lib/format.ts';
import { preferencesQuery, twoFactorQuery } from '@/queries/account.queries.ts';
import type { User } from '@/queries/auth.queries.ts';
import { useSignOut } from '@/shell/useSignOut.ts';
import { card } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as dashboardStyles from '@/ui/page/Page.css.ts';
import { translatedStates } from '@/ui/page/PageStates.tsx';
import * as tabStyles from '@/ui/Tabs/Tabs.css.ts';
import { PersonalInfoForm } from './-components/profile/PersonalInfoForm.tsx';
import { PreferencesSettings } from './-components/profile/PreferencesForm.tsx';
import * as styles from './-components/profile/Profile.css.ts';
import { SecuritySettings } from './-components/profile/SecuritySettings.tsx';
import { YourData } from './-components/profile/YourData.tsx';
import { PageHeading, signedIn, TabBarPage } from './-components/SignedInPage.tsx';

const TABS = ['personal', 'security', 'preferences'] as const;
type ProfileTab = (typeof TABS)[number];

function readSearch(search: Record<string, unknown>): { tab?: ProfileTab } {
  const tab = TABS.find((value) => value === search.tab);
  return tab && tab !== 'personal' ? { tab } : {};
}

export const Route = createFileRoute('/_authed/profile')({
  // Each screen its own title, in the reader's language (issue 48.13).
  head: () => ({ meta: [{ title: pageTitle(t('profile.title')) }] }),
  validateSearch: readSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(preferencesQuery);
    void context.queryClient.prefetchQuery(twoFactorQuery);
  },
  ...translatedStates({
    loading: 'profile.pageLoading',
    title: 'profile.loadFailed.title',
    message: 'profile.loadFailed.message',
    to: '/dashboard',
    action: 'profile.loadFailed.action',
  }),
  component: signedIn(Profile),
});

function Profile({ user }: { user: User }) {
  const { tab = 'personal' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { signOut, isPending: signingOut } = useSignOut();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const showTab = (next: ProfileTab) =>
    void navigate({ search: next === 'personal' ? {} : { tab: next }, replace: true });

  return (
    <TabBarPage user={user}>
      <PageHeading eyebrow={t('profile.eyebrow')} title={t('profile.title')} />
      <section className={`${card} ${dashboardStyles.stack}`} aria-label={t('profile.account')}>
        <div className={styles.identity}>
          <span className={styles.avatar} aria-hidden="true">
            {user.initials || initials(user)}
          </span>
          <div className={styles.who}>
            <p className={styles.name}>{fullName || user.username}</p>
            <p className={dashboardStyles.muted}>@{user.username}</p>
            <p className={dashboardStyles.muted}>{user.email}</p>
          </div>
        </div>
        <div className={styles.quick}>
          <Button icon={UserRound} variant="secondary" size="sm" onClick={() => showTab('personal')}>
            {t('profile.quick.myAccount')}
          </Button>
          <Button
            icon={SlidersHorizontal}
            variant="secondary"
            size="sm"
            onClick={() => showTab('preferences')}
          >
            {t('profile.tab.preferences')}
          </Button>
          <Button icon={ShieldCheck} variant="secondary" size="sm" onClick={() => showTab('security')}>
            {t('profile.tab.security')}
          </Button>
          <Button icon={Bell} variant="secondary" size="sm" onClick={openNotifications}>
            {t('profile.quick.notifications')}
          </Button>
          <Button icon={LogOut} variant="danger" size="sm" onClick={signOut} pending={signingOut}>
            {t('profile.quick.logOut')}
          </Button>
        </div>
      </section>

      <Tabs.Root
        value={tab}
        onValueChange={(next) => showTab(next as ProfileTab)}
        className={tabStyles.content}
      >
        <Tabs.List className={tabStyles.list} aria-label={t('profile.tabs')}>
          <Tabs.Trigger value="personal" className={tabStyles.trigger}>
            {t('profile.tab.personal')}
          </Tabs.Trigger>
          <Tabs.Trigger value="security" className={tabStyles.trigger}>
            {t('profile.tab.security')}
          </Tabs.Trigger>
          <Tabs.Trigger value="preferences" className={tabStyles.trigger}>
            {t('profile.tab.preferences')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="personal" className={tabStyles.content}>
          <PersonalInfoForm user={user} />
          <YourData />
        </Tabs.Content>
        <Tabs.Content value="security" className={tabStyles.content}>
          <SecuritySettings />
        </Tabs.Content>
        <Tabs.Content value="preferences" className={tabStyles.content}>
          <PreferencesSettings />
        </Tabs.Content>
      </Tabs.Root>
    </TabBarPage>
  );
}

/**
 * The notifications live in the header's bell on every signed-in screen; this button opens it rather
 * than keep a second list here. The bell is found by what it is (the header's one button opening a
 * popover dialog), not by its name, which changes with the language.
 */
function openNotifications() {
  const bell = document.querySelector<HTMLButtonElement>('header button[aria-haspopup="dialog"]');
  if (!bell) return;
  window.scrollTo({ top: 0 });
  bell.click();
}
