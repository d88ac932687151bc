import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Button, type ButtonColor } from './Button';
import { Modal, type ModalSize } from './Modal';

/** Confirm modal sizes (spec 000 §9): extra small and small both map to small. */
export type ConfirmModalSize = 'extra-small' | ModalSize;
export const confirmModalSize = (size: ConfirmModalSize): ModalSize =>
  size === 'extra-small' ? 'small' : size;

export interface ConfirmOptions {
  title?: ReactNode;
  message?: ReactNode;
  /** Default 'OK'. */
  confirmLabel?: string;
  /** Default 'Fortryd', or 'Luk' when the confirm button is hidden. */
  cancelLabel?: string;
  hideConfirm?: boolean;
  confirmColor?: ButtonColor;
  size?: ConfirmModalSize;
  /**
   * Where focus starts: on 'Fortryd' (default: a question the user did not ask for, Enter keeps
   * things as they are) or on the confirm button (an action the user started: sending to another
   * system, locking a user out, approving a queue; Enter confirms, Escape cancels).
   */
  fokus?: 'fortryd' | 'bekraeft';
  /** A test id on the dialog. */
  testId?: string;
}

export interface ConfirmModalProps extends ConfirmOptions {
  open: boolean;
  onConfirm(): void;
  /** Cancel, Escape and the close icon. */
  onCancel(): void;
}

/** A question with OK / Fortryd (spec 000 §8); used for 'Er du sikker?'. */
export function ConfirmModal({
  open,
  title = 'Er du sikker?',
  message,
  confirmLabel = 'OK',
  cancelLabel,
  hideConfirm = false,
  confirmColor = 'primary',
  size = 'small',
  fokus = 'fortryd',
  testId,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size={confirmModalSize(size)}
      testId={testId}
      footer={
        <>
          <Button
            color="secondary"
            onClick={onCancel}
            data-autofocus={fokus === 'fortryd' || hideConfirm || undefined}
          >
            {cancelLabel ?? (hideConfirm ? 'Luk' : 'Fortryd')}
          </Button>
          {!hideConfirm && (
            <Button
              color={confirmColor}
              onClick={onConfirm}
              data-autofocus={fokus === 'bekraeft' || undefined}
            >
              {confirmLabel}
            </Button>
          )}
        </>
      }
    >
      {message}
    </Modal>
  );
}

/**
 * Asks with a ConfirmModal and resolves true on confirm, false on cancel:
 * `const { confirm, confirmModal } = useConfirm(); if (await confirm({...})) ...`, rendering
 * `confirmModal` somewhere in the component.
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback((opts: ConfirmOptions = {}) => {
    resolveRef.current?.(false);
    setOptions(opts);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setOptions(null);
  };

  const confirmModal = (
    <ConfirmModal
      {...(options ?? {})}
      open={options !== null}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return { confirm, confirmModal };
}
