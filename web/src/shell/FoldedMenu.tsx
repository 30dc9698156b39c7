import { useRouterState } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { t } from '@/i18n/i18n.ts';

/**
 * The open state of a header's folded (phone-width) menu. It closes whenever the page changes, and on
 * Escape.
 */
export function useFoldedMenu() {
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { open, toggle: () => setOpen((value) => !value) };
}

/** The button that opens and closes a folded menu; `controls` is the id of what it shows. */
export function MenuToggle({
  open,
  controls,
  onToggle,
  className,
}: {
  open: boolean;
  controls: string;
  onToggle: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? t('shell.menu.close') : t('shell.menu.open')}
      onClick={onToggle}
    >
      {open ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
    </button>
  );
}
