import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import * as panel from './Panel.css.ts';

/**
 * A panel's icon and heading. `id` is what the panel's `aria-labelledby` points at; `level` is 3 where
 * the panel sits under a page section's own h2 (the admin overview).
 */
export function PanelTitle({
  icon: Icon,
  id,
  level = 2,
  children,
}: {
  icon: LucideIcon;
  id: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className={panel.titleRow}>
      <Icon size={20} aria-hidden="true" className={panel.titleIcon} />
      <Heading id={id} className={panel.title}>
        {children}
      </Heading>
    </div>
  );
}
