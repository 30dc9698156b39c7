import { useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';

/**
 * Screens the spec names that have no route file yet. The router's typed `<Link to>` rejects paths it
 * does not know, so these navigate by href (still client-side). When a screen lands, switch its links
 * to `<Link to>` and drop the path from this union; tsc then points at every place to update.
 */
export type PlannedPath =
  | '/admin'
  | '/admin/transactions'
  | '/partners'
  | '/compliance'
  | '/profile'
  | '/deposit';

export interface PlannedLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  href: PlannedPath;
}

export function PlannedLink({ href, onClick, ...props }: PlannedLinkProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (props.target && props.target !== '_self') return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
