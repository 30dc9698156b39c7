import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import * as styles from './Tooltip.css.ts';

/** docs/product-rules.md spec 9: tooltips open after 700 ms, and within 300 ms of the last one without delay. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </RadixTooltip.Provider>
  );
}

/**
 * A short hint on hover and keyboard focus. The trigger must stay focusable: for an unavailable
 * action use `aria-disabled` rather than `disabled`, which would hide it from both.
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className={styles.content} sideOffset={6} collisionPadding={8}>
          {content}
          <RadixTooltip.Arrow className={styles.arrow} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
