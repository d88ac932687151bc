// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SpinnerButton } from '../../src/app/ui/Button';
import { ConfirmModal, confirmModalSize } from '../../src/app/ui/ConfirmModal';
import { Modal } from '../../src/app/ui/Modal';
import { Toasts } from '../../src/app/ui/Toasts';
import { isDragDismiss, TOAST_MAX_VISIBLE, toast, toastStore } from '../../src/app/ui/toast';
import { setupComponentTests } from './harness';

setupComponentTests();

function ModalDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Åbn
      </button>
      <Modal
        open={open}
        title="Demo"
        size="large"
        onClose={() => setOpen(false)}
        footer={<button type="button">Gem</button>}
      >
        <input aria-label="Navn" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that traps Tab, closes on Escape and returns focus', () => {
    render(<ModalDemo />);
    const opener = screen.getByRole('button', { name: 'Åbn' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Demo' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.className).toContain('modal-large');
    const body = dialog.querySelector<HTMLElement>('.modal-body')!;
    expect(body.style.maxHeight).toBe('600px');
    expect(body.style.overflow).toBe('auto');
    // Focus starts in the body; Tab from the last control wraps to the first (the close icon).
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Navn' }));
    const save = within(dialog).getByRole('button', { name: 'Gem' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
    // Focus that escapes is pulled back in.
    opener.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the close icon', () => {
    render(<ModalDemo />);
    fireEvent.click(screen.getByRole('button', { name: 'Åbn' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmModal', () => {
  it("defaults to 'OK' and 'Fortryd'", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmModal open message="Slet?" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Er du sikker?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fortryd' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("says 'Luk' when the confirm button is hidden; extra small and small are both small", () => {
    render(
      <ConfirmModal
        open
        hideConfirm
        title="Info"
        onConfirm={() => {}}
        onCancel={() => {}}
        size="extra-small"
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Info' });
    expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Luk' })).toBeTruthy();
    expect(dialog.className).toContain('modal-small');
    expect(confirmModalSize('small')).toBe('small');
  });
});

describe('SpinnerButton', () => {
  it('shows its loading text and is disabled while loading', () => {
    const { rerender } = render(
      <SpinnerButton loading={false} loadingText="Gemmer …">
        Gem
      </SpinnerButton>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Gem');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('type')).toBe('button');
    rerender(
      <SpinnerButton loading loadingText="Gemmer …">
        Gem
      </SpinnerButton>,
    );
    expect(button.textContent).toBe('Gemmer …');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Toasts (spec 000 §9)', () => {
  it('close by themselves after 5000 ms, pausing while hovered', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      window.dispatchEvent(new Event('focus'));
      toast.success('Gemt');
    });
    const item = screen.getByTestId('toast');
    expect(item.closest('.toasts-top-right')).not.toBeNull();
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('pause while the window has lost focus', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      toast.info('Info');
    });
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('show at most 20 at once; the rest wait their turn', () => {
    render(<Toasts />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast(`Besked ${i}`);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(TOAST_MAX_VISIBLE);
    fireEvent.click(within(screen.getAllByTestId('toast')[0]!).getByRole('button', { name: 'Close' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(20);
    expect(screen.getByText('Besked 21')).toBeTruthy();
    expect(toastStore.all()).toHaveLength(24);
  });

  it('go to another of the six positions when asked, and use the type for their look and role', () => {
    render(<Toasts />);
    act(() => {
      toast.error('Fejl', { position: 'bottom-left' });
      toast.warning('Advarsel');
    });
    expect(screen.getByText('Fejl').closest('.toasts-bottom-left')).not.toBeNull();
    expect(screen.getByText('Fejl').closest('[role=alert]')?.className).toContain('toast-error');
    expect(screen.getByText('Advarsel').closest('[role=alert]')?.className).toContain('toast-warning');
  });

  it('follow a sideways drag and go when it reaches 0.6 of their width', () => {
    render(<Toasts />);
    act(() => {
      toast('Træk mig');
    });
    const item = screen.getByTestId('toast');
    Object.defineProperty(item, 'offsetWidth', { value: 300 });
    fireEvent.pointerDown(item, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 200, pointerId: 1 });
    expect(item.style.transform).toBe('translateX(100px)');
    fireEvent.pointerUp(item, { clientX: 200, pointerId: 1 });
    expect(screen.getByTestId('toast').style.transform).toBe('');
    fireEvent.pointerDown(item, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 280, pointerId: 1 });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('are dismissed by a drag of at least 0.6 of their width', () => {
    expect(isDragDismiss(180, 300)).toBe(true);
    expect(isDragDismiss(-180, 300)).toBe(true);
    expect(isDragDismiss(179, 300)).toBe(false);
    expect(isDragDismiss(10, 0)).toBe(false);
  });
});
