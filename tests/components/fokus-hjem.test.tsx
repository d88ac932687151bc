// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusHome, registerFocusHome, returnFocus } from '../../src/app/ui/focus';
import { Modal } from '../../src/app/ui/Modal';
import { setupComponentTests } from './harness';

setupComponentTests();

/** A region that is a focus home, as a tile is (tabindex -1), with the given content. */
const home = (html: string) => {
  const el = document.createElement('section');
  el.tabIndex = -1;
  el.innerHTML = html;
  document.body.append(el);
  const end = registerFocusHome(el);
  return { el, end };
};
/** Lets the mutation observer answer. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('focus homes: focus never falls to the page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('a removed control gives focus to the home’s primary target', async () => {
    const { el } = home(`<div data-primaer-fokus><input aria-label="Navn" /></div><button>Gem</button>`);
    const gem = el.querySelector('button')!;
    gem.focus();
    gem.remove();
    expect(document.activeElement).toBe(document.body);
    await settle();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Navn');
  });

  it('a disabled control: the home holds focus, and the control gets it back when enabled again', async () => {
    const { el } = home(`<input aria-label="Navn" /><button>Indberet</button>`);
    const knap = el.querySelector('button')!;
    knap.focus();
    knap.disabled = true;
    await settle();
    expect(document.activeElement).toBe(el);
    knap.disabled = false;
    await settle();
    expect(document.activeElement).toBe(knap);
  });

  it('focus left on purpose (the control is still there) is not taken back', async () => {
    const { el } = home(`<button>Gem</button>`);
    el.querySelector('button')!.focus();
    (document.activeElement as HTMLElement).blur();
    document.body.append(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('a control that is not a home’s goes nowhere; returnFocus to a disabled control holds its home', async () => {
    const { el } = home(`<button>Overfør</button>`);
    const knap = el.querySelector('button')!;
    knap.disabled = true;
    returnFocus(knap);
    expect(document.activeElement).toBe(el);
    knap.disabled = false;
    await settle();
    expect(document.activeElement).toBe(knap);
    expect(focusHome(el)).toBe(true);
  });
});

function Flow({ onClose }: { onClose(): void }) {
  const [trin, setTrin] = useState(1);
  return (
    <Modal open title="Opret" onClose={onClose} footer={<span />}>
      <input aria-label="P-numre" />
      {trin === 1 ? (
        <button type="button" onClick={() => setTrin(2)}>
          Kontrollér
        </button>
      ) : (
        <p>Kontrolleret</p>
      )}
    </Modal>
  );
}

describe('dialogs keep focus and Escape', () => {
  it('after a step removes the focused button, focus is inside the dialog and Escape closes it', async () => {
    let lukket = 0;
    render(<Flow onClose={() => lukket++} />);
    const knap = screen.getByRole('button', { name: 'Kontrollér' });
    knap.focus();
    fireEvent.click(knap);
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(lukket).toBe(1);
  });

  it('Escape closes the dialog even when focus has fallen to the page', () => {
    let lukket = 0;
    render(<Flow onClose={() => lukket++} />);
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(lukket).toBe(1);
  });
});
