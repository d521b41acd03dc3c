/**
 * A tiny module-level toast store (no state library): `toast.success/error/info` push messages,
 * `<Toaster/>` reads them with useSyncExternalStore.
 */
import { TOAST_DURATION_MS } from '@hotel/domain';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds from showing to being removed; the exit animation plays in the last TOAST_EXIT_MS. */
  duration: number;
  /** "open" while shown, "closing" during the exit animation. */
  state: 'open' | 'closing';
}

export interface ToastOptions {
  /** Defaults to TOAST_DURATION_MS (2 s). */
  duration?: number;
}

/** Length of the exit animation, in milliseconds. */
export const TOAST_EXIT_MS = 200;
/** Older toasts are dropped beyond this many. */
export const TOAST_LIMIT = 4;

type Listener = () => void;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function set(next: readonly ToastItem[]) {
  toasts = next;
  emit();
}

export function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts() {
  return toasts;
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}) {
  const id = nextId++;
  const item: ToastItem = { id, kind, message, duration: options.duration ?? TOAST_DURATION_MS, state: 'open' };
  const open = toasts.filter((toast) => toast.state === 'open');
  const dropped = open.length >= TOAST_LIMIT ? new Set(open.slice(0, open.length - TOAST_LIMIT + 1).map((t) => t.id)) : null;
  set([...toasts.filter((toast) => !dropped?.has(toast.id)), item]);
  return id;
}

/** Starts the exit animation of a toast, then removes it. */
function dismiss(id: number) {
  const target = toasts.find((toast) => toast.id === id);
  if (!target || target.state === 'closing') return;
  set(toasts.map((toast) => (toast.id === id ? { ...toast, state: 'closing' as const } : toast)));
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      set(toasts.filter((toast) => toast.id !== id));
    }, TOAST_EXIT_MS),
  );
}

/** Removes every toast at once (tests, logout). */
function clear() {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  set([]);
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss,
  clear,
};
