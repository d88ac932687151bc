import type { ReactNode } from 'react';

/** Toast constants of spec 000 §9. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_VISIBLE = 20;
/** A toast dragged sideways by at least this share of its width is dismissed. */
export const TOAST_DRAG_DISMISS_SHARE = 0.6;

export const TOAST_TYPES = ['success', 'error', 'warning', 'info', 'default'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const TOAST_POSITIONS = [
  'top-right',
  'top-center',
  'top-left',
  'bottom-right',
  'bottom-center',
  'bottom-left',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds before it closes by itself; default 5000. */
  duration?: number;
  /** Default: the container's position (top-right). */
  position?: ToastPosition;
}

export interface Toast {
  id: number;
  message: ReactNode;
  type: ToastType;
  duration: number;
  position?: ToastPosition;
}

/** True when a horizontal drag of dx pixels on a toast width pixels wide should dismiss it. */
export function isDragDismiss(dx: number, width: number): boolean {
  return width > 0 && Math.abs(dx) >= TOAST_DRAG_DISMISS_SHARE * width;
}

/**
 * All toasts, oldest first. At most TOAST_MAX_VISIBLE show at once; the rest wait their turn
 * and start their timer when they appear.
 */
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  all: () => toasts,
  visible: (all: readonly Toast[] = toasts) => all.slice(0, TOAST_MAX_VISIBLE),
  dismiss(id: number) {
    const before = toasts.length;
    toasts = toasts.filter((t) => t.id !== id);
    if (toasts.length !== before) emit();
  },
  clear() {
    toasts = [];
    emit();
  },
};

function show(message: ReactNode, options: ToastOptions = {}): number {
  const id = nextId++;
  toasts = [
    ...toasts,
    {
      id,
      message,
      type: options.type ?? 'default',
      duration: options.duration ?? TOAST_DURATION_MS,
      position: options.position,
    },
  ];
  emit();
  return id;
}

/** Shows a short message in a corner: `toast.success('Gemt')`, `toast('Tekst')`, `toast.dismiss(id)`. */
export const toast = Object.assign(show, {
  success: (message: ReactNode, o?: Omit<ToastOptions, 'type'>) => show(message, { ...o, type: 'success' }),
  error: (message: ReactNode, o?: Omit<ToastOptions, 'type'>) => show(message, { ...o, type: 'error' }),
  warning: (message: ReactNode, o?: Omit<ToastOptions, 'type'>) => show(message, { ...o, type: 'warning' }),
  info: (message: ReactNode, o?: Omit<ToastOptions, 'type'>) => show(message, { ...o, type: 'info' }),
  dismiss: (id: number) => toastStore.dismiss(id),
  clear: () => toastStore.clear(),
});
