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

/**
 * A panel: a section labelled by its title. With `aside` (a count, a badge) or `head`, the title sits
 * in a head row with the aside at its end.
 */
export function Panel({
  icon,
  titleId,
  title,
  level = 2,
  aside,
  head = aside !== undefined,
  children,
}: {
  icon: LucideIcon;
  titleId: string;
  title: ReactNode;
  level?: 2 | 3;
  aside?: ReactNode;
  head?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <PanelTitle icon={icon} id={titleId} level={level}>
      {title}
    </PanelTitle>
  );
  return (
    <section className={panel.panel} aria-labelledby={titleId}>
      {head ? (
        <div className={panel.head}>
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
