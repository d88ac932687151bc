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
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size={confirmModalSize(size)}
      footer={
        <>
          <Button color="secondary" onClick={onCancel} data-autofocus>
            {cancelLabel ?? (hideConfirm ? 'Luk' : 'Fortryd')}
          </Button>
          {!hideConfirm && (
            <Button color={confirmColor} onClick={onConfirm}>
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
