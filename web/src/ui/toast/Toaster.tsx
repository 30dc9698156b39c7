import { CircleCheck, Info, OctagonX, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { t } from '@/i18n/i18n.ts';
import * as styles from './Toaster.css.ts';
import { dismissToast, type ToastVariant, useToasts } from './toastStore.ts';

/** Spec: toasts stay 5000 ms, swipe right past 50 px dismisses, F8 (Radix's default hotkey) focuses them. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const icons: Record<ToastVariant, typeof Info> = {
  default: Info,
  success: CircleCheck,
  destructive: OctagonX,
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label={t('shell.toast.region')}
    >
      {toasts.map((item) => {
        const variant = item.variant ?? 'default';
        const Icon = icons[variant];
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            // Errors interrupt the screen reader; confirmations wait their turn.
            type={variant === 'destructive' ? 'foreground' : 'background'}
            className={styles.toast({ variant })}
            data-variant={variant}
            {...(item.duration === undefined ? {} : { duration: item.duration })}
          >
            <Icon size={18} aria-hidden="true" className={styles.icon({ variant })} />
            <div className={styles.body}>
              <Toast.Title className={styles.title}>{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className={styles.description}>{item.description}</Toast.Description>
              ) : null}
            </div>
            <Toast.Close className={styles.close} aria-label={t('shell.toast.dismiss')}>
              <X size={16} aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      {/* Radix puts the key that focuses the list where the label says {hotkey}. */}
      <Toast.Viewport className={styles.viewport} label={t('shell.toast.viewport', { hotkey: '{hotkey}' })} />
    </Toast.Provider>
  );
}
