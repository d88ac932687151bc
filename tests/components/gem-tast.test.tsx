// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindShortcut, openLayer } from '../../src/app/lib/keyboard';
import { installerGemTast, registreredeForms, TextInput, useVersionedForm } from '../../src/app/ui/form';
import { setupComponentTests } from './harness';

setupComponentTests();

/**
 * Ctrl+S is part of the form mechanism (issue 30): every form on useVersionedForm registers, the
 * workspace's one binding saves the form holding the focus unless the tile's own Gem takes the key,
 * and the browser's 'save page' never opens.
 */

type V = { navn: string };
const schema = z.object({ navn: z.string().trim().min(1, 'Feltet er påkrævet') });
let gemt: Record<string, string[]> = {};

function Form({ navn }: { navn: string }) {
  const vf = useVersionedForm<V, V>({
    identitet: `post:${navn}`,
    schema,
    record: { navn: '' },
    vaerdierAf: (r) => r,
    kanRette: true,
    gem: async (data) => {
      gemt[navn] = [...(gemt[navn] ?? []), data.navn];
      return data;
    },
    fejl: () => ({ kind: 'andet' }),
  });
  return (
    <form ref={vf.form.ref} aria-label={navn}>
      <TextInput
        name="navn"
        label={`Navn ${navn}`}
        value={vf.form.values.navn}
        onChange={(v) => vf.form.set('navn', v)}
      />
    </form>
  );
}

/** Ctrl+S on the focused element; answers whether the browser's default was prevented. */
function ctrlS(): boolean {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', {
    key: 's',
    code: 'KeyS',
    keyCode: 83,
    ctrlKey: true,
    bubbles: true,
    cancelable: true,
  });
  target.dispatchEvent(event);
  target.dispatchEvent(
    new KeyboardEvent('keyup', { key: 's', code: 'KeyS', keyCode: 83, ctrlKey: true, bubbles: true }),
  );
  return event.defaultPrevented;
}

describe('Ctrl+S in the form mechanism', () => {
  const cleanups: (() => void)[] = [];
  beforeEach(() => {
    gemt = {};
    cleanups.push(openLayer('tile'), installerGemTast());
  });
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  it('saves the form holding the focus, only that one, and prevents the browser save', async () => {
    render(
      <>
        <Form navn="a" />
        <Form navn="b" />
      </>,
    );
    expect(
      registreredeForms()
        .map((f) => f.navn)
        .sort(),
    ).toEqual(['post:a', 'post:b']);
    const b = screen.getByLabelText('Navn b');
    fireEvent.change(b, { target: { value: 'Boring 7' } });
    b.focus();
    let prevented = false;
    await act(async () => {
      prevented = ctrlS();
    });
    expect(prevented).toBe(true);
    expect(gemt).toEqual({ b: ['Boring 7'] });
  });

  it('outside every form nothing is saved, and the browser save is still prevented', async () => {
    render(<Form navn="a" />);
    fireEvent.change(screen.getByLabelText('Navn a'), { target: { value: 'x' } });
    (document.activeElement as HTMLElement | null)?.blur();
    let prevented = false;
    await act(async () => {
      prevented = ctrlS();
    });
    expect(prevented).toBe(true);
    expect(gemt).toEqual({});
  });

  it("a tile's own Gem command takes the key first (it may save several forms)", async () => {
    const tileGem: string[] = [];
    cleanups.push(bindShortcut('tile', 'ctrl+s', () => tileGem.push('tile')));
    render(<Form navn="a" />);
    const a = screen.getByLabelText('Navn a');
    fireEvent.change(a, { target: { value: 'y' } });
    a.focus();
    await act(async () => {
      ctrlS();
    });
    expect(tileGem).toEqual(['tile']);
    expect(gemt).toEqual({});
  });

  it('a plain form not built on the hook is submitted, as Enter would', async () => {
    const sendt: string[] = [];
    render(
      <form
        aria-label="plain"
        onSubmit={(e) => {
          e.preventDefault();
          sendt.push('plain');
        }}
      >
        <input aria-label="Felt" />
      </form>,
    );
    screen.getByLabelText('Felt').focus();
    let prevented = false;
    await act(async () => {
      prevented = ctrlS();
    });
    expect(prevented).toBe(true);
    expect(sendt).toEqual(['plain']);
  });

  it('an unmounted form is no longer registered', () => {
    const { unmount } = render(<Form navn="c" />);
    expect(registreredeForms().map((f) => f.navn)).toContain('post:c');
    unmount();
    expect(registreredeForms().map((f) => f.navn)).not.toContain('post:c');
  });
});

/**
 * Every form of the client: a file that builds a form on useVersionedForm must attach the form's ref
 * to its <form> (or render the shared StamForm, which does), else Ctrl+S cannot find the focus in it.
 */
describe('every versioned form is reachable by Ctrl+S', () => {
  const root = join(__dirname, '../../src/app');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.tsx')) files.push(p);
    }
  };
  walk(root);
  const forms = files.filter((f) => /\buseVersionedForm\s*[<(]/.test(readFileSync(f, 'utf8')));

  it('finds the forms (the three water-data forms among them)', () => {
    const names = forms.map((f) => f.slice(root.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([
        'features/vandanlaeg/maengder-form.tsx',
        'features/vandanlaeg/indtag-boring.tsx',
        'features/vandanlaeg/indtag-pejling.tsx',
        'features/affaldstilsyn/SatStamdata.tsx',
        'records/RegistreringForm.tsx',
      ]),
    );
    // Fewer as hand-written forms become record kinds on the generic tab (the follow-up row's and the fee type's: 15 → 13).
    expect(forms.length).toBeGreaterThanOrEqual(13);
  });

  it.each(forms.map((f) => [f.slice(root.length + 1), f]))('%s attaches the form ref', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const attached = /<form\b[^>]*\bref=\{[\w.]*form\.ref\}/s.test(text) || /<StamForm\b/.test(text);
    expect(attached).toBe(true);
  });
});
