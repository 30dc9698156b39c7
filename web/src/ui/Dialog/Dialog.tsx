import { X } from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { Button, type ButtonVariant } from '@/ui/Button/Button.tsx';
import * as styles from './Dialog.css.ts';

export interface ModalProps {
  title: string;
  description?: ReactNode;
  /** The element that opens the dialog (rendered through Radix `asChild`). Omit when controlled. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/** A focus-trapping dialog with a title, an optional description and a close button. */
export function Modal({ title, description, trigger, open, onOpenChange, children }: ModalProps) {
  const rootProps = open === undefined ? {} : { open };
  return (
    <Dialog.Root {...rootProps} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className={styles.description}>{description}</Dialog.Description>
            ) : null}
          </div>
          {children}
          <Dialog.Close className={styles.close} aria-label={t('shell.dialog.close')}>
            <X size={18} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  confirmVariant?: ButtonVariant;
  /** The button that opens the confirmation. */
  trigger: ReactNode;
  /** Extra content between the text and the buttons, e.g. a reason field. */
  children?: ReactNode;
  pending?: boolean;
  /** Keeps the confirm button off until the form inside allows it (e.g. a typed confirmation word). */
  confirmDisabled?: boolean;
  /** Told when the dialog opens or closes, e.g. to clear a form inside it. */
  onOpenChange?: (open: boolean) => void;
  /** Resolve to close the dialog; reject (or throw) to keep it open, e.g. after a failed request. */
  onConfirm: () => Promise<unknown>;
}

/**
 * An alert dialog for decisions that move money (docs/product-rules.md rule 16): nothing happens until the user confirms,
 * Escape or Cancel backs out, and the dialog stays open while the request runs.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pendingLabel,
  confirmVariant = 'primary',
  trigger,
  children,
  pending = false,
  confirmDisabled = false,
  onOpenChange,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : setOpen(next))}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content}>
          <div className={styles.header}>
            <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
            <AlertDialog.Description className={styles.description}>{description}</AlertDialog.Description>
          </div>
          {children}
          <div className={styles.actions}>
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" disabled={pending}>
                {t('shell.dialog.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={confirmVariant}
              pending={pending}
              disabled={confirmDisabled}
              {...(pendingLabel ? { pendingLabel } : {})}
              onClick={() => {
                onConfirm().then(
                  () => setOpen(false),
                  () => undefined,
                );
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
