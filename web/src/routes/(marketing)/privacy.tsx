import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/content/constants.ts';
import { PRIVACY_POLICY } from '@/content/legal.ts';
import { LegalPage } from './-components/LegalPage.tsx';

export const Route = createFileRoute('/(marketing)/privacy')({
  head: () => ({ meta: [{ title: pageTitle('Privacy Policy') }] }),
  component: () => <LegalPage document={PRIVACY_POLICY} />,
});
