import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/content/constants.ts';
import { COMING_SOON } from '@/content/navigation.ts';
import { ComingSoon } from '../-components/ComingSoon.tsx';

export const Route = createFileRoute('/(marketing)/features/spending')({
  head: () => ({ meta: [{ title: pageTitle(COMING_SOON['/features/spending'].title) }] }),
  component: () => <ComingSoon path="/features/spending" />,
});
