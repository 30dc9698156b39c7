import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/ui/Button/Button.tsx';
import { ConfirmDialog, type ConfirmDialogProps } from '@/ui/Dialog/Dialog.tsx';

export interface ReviewActionProps
  extends Omit<ConfirmDialogProps, 'trigger' | 'confirmVariant' | 'children'> {
  /** The small button's text and icon in the queue item ("Approve", "Reject"). */
  label: string;
  icon: LucideIcon;
  /** `danger` colours both the button and the dialog's confirm button (reject, fail). */
  variant?: 'primary' | 'secondary' | 'danger';
  /** Blocks the button while any decision on the item runs. */
  disabled: boolean;
  /** Fields the decision needs (amount, hash, reason), shown in the dialog. */
  children?: ReactNode;
}

/**
 * One decision on an item of a review queue (payments, deposits, withdrawals, cards): a small button
 * that opens a confirmation dialog; the dialog stays open while the request runs.
 */
export function ReviewAction({
  label,
  icon: Icon,
  variant = 'primary',
  disabled,
  ...dialog
}: ReviewActionProps) {
  return (
    <ConfirmDialog
      {...dialog}
      {...(variant === 'danger' ? { confirmVariant: 'danger' as const } : {})}
      trigger={
        <Button icon={Icon} size="sm" variant={variant} disabled={disabled}>
          {label}
        </Button>
      }
    />
  );
}
