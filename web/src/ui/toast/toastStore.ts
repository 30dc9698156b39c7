import { useSyncExternalStore } from 'react';

/**
 * A tiny module-level toast store: call `toast()` from anywhere (event handlers, mutation callbacks),
 * render `<Toaster />` once. One toast is visible at a time (spec): a new one replaces the current.
 */

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the provider's 5000 ms when omitted. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

let nextId = 1;
let items: readonly ToastItem[] = [];
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...options, id, open: true }]);
  return { id, dismiss: () => dismissToast(id) };
}

/** What failed, with the reason under it: the server's message or the thrown error's. */
export function toastFailure(title: string, error: { message: string }) {
  return toast({ title, description: error.message, variant: 'destructive' });
}

export function dismissToast(id?: number) {
  emit(items.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return items;
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
