export { Toaster } from './Toaster.tsx';
export { dismissToast, type ToastOptions, type ToastVariant, toast } from './toastStore.ts';
