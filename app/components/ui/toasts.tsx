import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

export type ToastType = "success" | "error";
export type Toast = { id: string; message: string; type: ToastType };
export type ToastInput = { message: string; type?: ToastType; id?: string };

export const TOAST_LIFETIME_MS = 5000;

type ToastApi = { show: (toast: ToastInput) => void; dismiss: (id: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

type OutletApi = {
  toasts: Toast[];
  dismiss: (id: string) => void;
  /** Called by a mounted outlet; returns its unmount. */
  claim: () => () => void;
};

const OutletContext = createContext<OutletApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider");
  return api;
}

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    ({ message, type = "success", id }: ToastInput) => {
      const toastId = id ?? `toast-${Date.now()}-${counter++}`;
      if (timers.current.has(toastId)) return;
      setToasts((current) => [...current, { id: toastId, message, type }]);
      timers.current.set(
        toastId,
        setTimeout(() => dismiss(toastId), TOAST_LIFETIME_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const [outlets, setOutlets] = useState(0);
  const claim = useCallback(() => {
    setOutlets((count) => count + 1);
    return () => setOutlets((count) => count - 1);
  }, []);
  const outletApi = useMemo(() => ({ toasts, dismiss, claim }), [toasts, dismiss, claim]);

  return (
    <ToastContext.Provider value={api}>
      <OutletContext.Provider value={outletApi}>
        {children}
        {outlets === 0 ? (
          <ToastStack
            toasts={toasts}
            onDismiss={dismiss}
            className="pointer-events-none fixed right-4 bottom-4 z-[70] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
          />
        ) : null}
      </OutletContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Notices shown in a place a layout keeps for them, in its own flow, instead of floating over
 * the page: while one is active, the floating stack is not drawn. `media` makes an outlet
 * active only while that media query matches, so a layout can keep one place for wide screens
 * and another for small ones and the notices are drawn once (decision 540).
 */
export function ToastOutlet({ className, media }: { className: string; media?: string }) {
  const outlet = useContext(OutletContext);
  if (!outlet) throw new Error("ToastOutlet needs a ToastProvider");
  const isActive = useMediaQuery(media);
  const { claim, toasts, dismiss } = outlet;
  // Claimed in the commit that draws the outlet, so the floating stack is gone before the
  // browser paints or runs anything else: a notice is never drawn in both places at once.
  useLayoutEffect(() => (isActive ? claim() : undefined), [claim, isActive]);
  if (!isActive) return null;
  // The live region stays in the page while empty, so screen readers hear what arrives in it.
  return (
    <ToastStack
      toasts={toasts}
      onDismiss={dismiss}
      className={toasts.length > 0 ? className : undefined}
    />
  );
}

function useMediaQuery(media: string | undefined) {
  return useSyncExternalStore(
    (onChange) => {
      if (!media) return () => {};
      const list = window.matchMedia(media);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => (media ? window.matchMedia(media).matches : true),
    () => false,
  );
}

function ToastStack({
  toasts,
  onDismiss,
  className,
}: {
  toasts: Toast[];
  onDismiss: (id: string) => void;
  className?: string;
}) {
  return (
    <section aria-label="Notifications" className={className}>
      <div aria-live="polite" role="status" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            data-toast={toast.type}
            role={toast.type === "error" ? "alert" : undefined}
            className={`pointer-events-auto flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium text-white shadow-lg ${
              toast.type === "error" ? "bg-danger" : "bg-success"
            }`}
          >
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={() => onDismiss(toast.id)}
              className="-m-1 rounded p-1 text-white/80 hover:text-white"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                <path d="M5.3 4.3a1 1 0 0 0-1 1.4L8.6 10l-4.3 4.3a1 1 0 1 0 1.4 1.4l4.3-4.3 4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.7 4.3a1 1 0 0 0-.4 0Z" />
              </svg>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
