import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/content/constants.ts';
import { COMING_SOON } from '@/content/navigation.ts';
import { ComingSoon } from './-components/ComingSoon.tsx';

export const Route = createFileRoute('/(marketing)/careers')({
  head: () => ({ meta: [{ title: pageTitle(COMING_SOON['/careers'].title) }] }),
  component: () => <ComingSoon path="/careers" />,
});
