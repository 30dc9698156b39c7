import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/content/constants.ts';
import { TERMS_OF_SERVICE } from '@/content/legal.ts';
import { LegalPage } from './-components/LegalPage.tsx';

export const Route = createFileRoute('/(marketing)/terms')({
  head: () => ({ meta: [{ title: pageTitle('Terms of Service') }] }),
  component: () => <LegalPage document={TERMS_OF_SERVICE} />,
});
