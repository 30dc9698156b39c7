export { Toaster } from './Toaster.tsx';
export { toast } from './toastStore.ts';
