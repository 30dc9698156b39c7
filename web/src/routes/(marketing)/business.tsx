import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/content/constants.ts';
import { COMING_SOON } from '@/content/navigation.ts';
import { ComingSoon } from './-components/ComingSoon.tsx';

export const Route = createFileRoute('/(marketing)/business')({
  head: () => ({ meta: [{ title: pageTitle(COMING_SOON['/business'].title) }] }),
  component: () => <ComingSoon path="/business" />,
});
