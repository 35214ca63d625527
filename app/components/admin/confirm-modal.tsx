import { type ReactNode, useCallback, useId, useRef } from "react";
import { useFocusTrap } from "#app/components/ui/use-focus-trap.ts";

type ConfirmModalProps = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  isDanger?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before an action. Focus stays inside while it is open, Escape or a click
 * on the backdrop cancels, and focus returns to where it was.
 */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  isDanger = false,
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  // The trap re-runs when its callback changes: keep one stable callback.
  const latestCancel = useRef(onCancel);
  latestCancel.current = onCancel;
  const cancel = useCallback(() => latestCancel.current(), []);
  useFocusTrap(panel, open, cancel);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[80] flex items-center justify-center p-4">
      <button
        type="button"
        aria-label={cancelLabel}
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-ink-950/80 backdrop-blur-sm"
        onClick={onCancel}
      />
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        className="card relative w-full max-w-md bg-ink-900 shadow-2xl"
      >
        <h2 id={titleId} className="heading-md">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="mt-3 text-mist-300">
            {children}
          </div>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className="btn-secondary px-5 py-2" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            disabled={isBusy}
            onClick={onConfirm}
            className={
              isDanger
                ? "inline-flex items-center justify-center rounded-full bg-danger px-5 py-2 font-semibold text-white transition hover:bg-red-600 disabled:opacity-60"
                : "btn-primary px-5 py-2"
            }
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
