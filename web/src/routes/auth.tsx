import { createFileRoute, redirect } from '@tanstack/react-router';

// docs/product-rules.md rule 6: the spec's /auth is only an alias of /login.
export const Route = createFileRoute('/auth')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
