import { CircleCheck, CircleX, Info, TriangleAlert, X } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  isDragDismiss,
  TOAST_POSITIONS,
  type Toast,
  type ToastPosition,
  type ToastType,
  toastStore,
} from './toast';

const ICONS: Record<ToastType, typeof Info | null> = {
  success: CircleCheck,
  error: CircleX,
  warning: TriangleAlert,
  info: Info,
  default: null,
};

/** True while the browser window has focus; toasts pause while it does not (spec 000 §9). */
function useWindowFocused(): boolean {
  const [focused, setFocused] = useState(() =>
    typeof document === 'undefined' ? true : document.hasFocus(),
  );
  useEffect(() => {
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
    };
  }, []);
  return focused;
}

/** The toast area; mounted once. Toasts without a position of their own go to `position`. */
export function Toasts({ position = 'top-right' }: { position?: ToastPosition }) {
  const all = useSyncExternalStore(toastStore.subscribe, toastStore.all);
  const windowFocused = useWindowFocused();
  const visible = toastStore.visible(all);
  return (
    <>
      {TOAST_POSITIONS.map((pos) => {
        const here = visible.filter((t) => (t.position ?? position) === pos);
        if (here.length === 0) return null;
        return (
          <section key={pos} className={`toasts toasts-${pos}`} aria-label="Beskeder">
            {here.map((t) => (
              <ToastItem key={t.id} toast={t} windowPaused={!windowFocused} />
            ))}
          </section>
        );
      })}
    </>
  );
}

function ToastItem({ toast, windowPaused }: { toast: Toast; windowPaused: boolean }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** The current sideways drag: how far, and the toast's width when it started. */
  const [drag, setDrag] = useState<{ dx: number; width: number } | null>(null);
  const dragStart = useRef<{ x: number; width: number } | null>(null);
  const remaining = useRef(toast.duration);
  const paused = windowPaused || hovered || focused || drag !== null;

  // The timer runs only while not paused; a pause keeps the time that was left.
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => toastStore.dismiss(toast.id), Math.max(0, remaining.current));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.id]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    const width = e.currentTarget.offsetWidth;
    dragStart.current = { x: e.clientX, width };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ dx: 0, width });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = dragStart.current;
    if (start) setDrag({ dx: e.clientX - start.x, width: start.width });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = dragStart.current;
    if (!start) return;
    dragStart.current = null;
    if (isDragDismiss(e.clientX - start.x, start.width)) toastStore.dismiss(toast.id);
    else setDrag(null);
  };
  const onPointerCancel = () => {
    dragStart.current = null;
    setDrag(null);
  };

  const Icon = ICONS[toast.type];
  const style =
    drag && drag.dx !== 0
      ? {
          transform: `translateX(${drag.dx}px)`,
          opacity: Math.max(0.3, 1 - Math.abs(drag.dx) / Math.max(1, drag.width)),
        }
      : undefined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is a pointer extra; the close button is the keyboard way
    <div
      className={`toast toast-${toast.type}${drag ? ' dragging' : ''}`}
      role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
      data-testid="toast"
      style={style}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {Icon && <Icon size={16} className="toast-icon" aria-hidden="true" />}
      <div className="toast-message">{toast.message}</div>
      <button
        type="button"
        className="icon-button toast-close"
        aria-label="Close"
        title="Luk"
        onClick={() => toastStore.dismiss(toast.id)}
      >
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
