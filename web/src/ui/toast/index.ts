export { Toaster } from './Toaster.tsx';
export { toast, toastFailure } from './toastStore.ts';
