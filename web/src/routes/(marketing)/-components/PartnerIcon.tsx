import type { LucideIcon, LucideProps } from 'lucide-react';
import type { PartnerIconName } from '@/content/partners.ts';
import * as PARTNER_ICONS from './partnerIcons.ts';

// Typed against the catalogue, so a name added to partners.ts without its icon here fails the build.
const ICONS: Record<PartnerIconName, LucideIcon> = PARTNER_ICONS;

/** A partner's or category's lucide icon, by the name the catalogue stores. Decorative. */
export function PartnerIcon({ name, ...props }: { name: PartnerIconName } & LucideProps) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" {...props} />;
}
