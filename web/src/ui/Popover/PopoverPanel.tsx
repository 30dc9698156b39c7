import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';

/** A popover's panel, in a portal, under the end of its trigger; labelled by its heading's id. */
export function PopoverPanel({
  className,
  labelledBy,
  children,
}: {
  className: string;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className={className}
        aria-labelledby={labelledBy}
      >
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}
