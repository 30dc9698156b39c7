import type { ReactNode } from 'react';
import { eyebrow } from '@/styles/layout.css.ts';
import * as dashboardStyles from '@/ui/page/Page.css.ts';

/** The title block of an admin section: the section's h1 under the side menu. */
export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={dashboardStyles.heading}>
      <p className={eyebrow}>Admin panel</p>
      <h1 className={dashboardStyles.title}>{title}</h1>
      {children ? <p className={dashboardStyles.muted}>{children}</p> : null}
    </div>
  );
}
