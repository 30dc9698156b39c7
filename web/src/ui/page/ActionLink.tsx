import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClassName } from '@/ui/Button/Button.tsx';

interface ActionLinkProps {
  to: LinkProps['to'];
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the label. */
  icon?: LucideIcon;
  /** An arrow after the label: the page's main way onward. */
  arrow?: boolean;
  children: ReactNode;
}

/** A call to action of a hero or a band: a link that looks like a button. */
export function ActionLink({
  to,
  variant = 'primary',
  size,
  icon: Icon,
  arrow = false,
  children,
}: ActionLinkProps) {
  // Icons grow with the large buttons, as the text does.
  const iconSize = size === 'lg' ? 18 : 16;
  return (
    <Link to={to} className={buttonClassName({ variant, size })}>
      {Icon ? <Icon size={iconSize} aria-hidden="true" /> : null}
      {children}
      {arrow ? <ArrowRight size={iconSize} aria-hidden="true" /> : null}
    </Link>
  );
}
