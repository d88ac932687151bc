// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { addRecent, onRecentChange, readRecent, recentOwner } from '../../src/app/session/recent';
import { DataTable } from '../../src/app/ui/DataTable';
import { firstField, primaryFocus, primaryTarget } from '../../src/app/ui/focus';
import { Modal } from '../../src/app/ui/Modal';
import { leaves } from '../../src/app/workspace/layout';
import { workspace } from '../../src/app/workspace/store';
import { rememberTileFocus, requestTileFocus, useTileFocus } from '../../src/app/workspace/tile-focus';
import { savedLayoutFor } from '../../src/app/workspace/Workspace';
import { setupComponentTests } from './harness';

setupComponentTests();

const fixture = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

describe('primary focus target', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('a marked container gives focus to its first enabled field, passing buttons and disabled fields', () => {
    const root = fixture(`
      <button>Stjerne</button>
      <div data-primaer-fokus>
        <button>Gem</button>
        <input aria-label="Låst" disabled />
        <input aria-label="Skrivebeskyttet" readonly />
        <input aria-label="Navn" />
      </div>`);
    expect(primaryTarget(root)?.getAttribute('aria-label')).toBe('Navn');
  });

  it('a mark inside a mark wins (the list of a record tab), and a focusable mark takes focus itself', () => {
    const root = fixture(`
      <div data-primaer-fokus>
        <input type="search" aria-label="Filter" />
        <table role="grid" tabindex="0" aria-label="Tilsyn" data-primaer-fokus></table>
        <form aria-label="Tilsyn"><input aria-label="Titel" /></form>
      </div>`);
    expect(primaryTarget(root)?.getAttribute('role')).toBe('grid');
  });

  it('without a mark, or with nothing to focus yet, there is no target', () => {
    expect(primaryTarget(fixture('<input aria-label="Søg" />'))).toBeNull();
    expect(primaryTarget(fixture('<div data-primaer-fokus><p>Indlæser …</p></div>'))).toBeNull();
    expect(firstField(fixture('<button>Ny</button><a href="/x">Link</a>'))).toBeNull();
  });
});

/** A stand-in for a tile: the real focus mechanism over whatever the test renders inside. */
function Tile(props: { id: string; focused: boolean; path: string; children?: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useTileFocus(ref, props.id, props.focused, props.path);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label={`felt ${props.id}`}
      onFocusCapture={(e) => rememberTileFocus(props.id, e.target, e.currentTarget)}
    >
      {props.children}
    </section>
  );
}

function Liste() {
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a row grid, as the DataTable draws it
    <table role="grid" tabIndex={0} aria-label="Virksomheder" {...primaryFocus} />
  );
}

function Formular({ felter }: { felter: string[] }) {
  return (
    <form aria-label="Tilsyn" {...primaryFocus}>
      {felter.map((f) => (
        <div key={f} data-felt={f}>
          <input aria-label={f} />
        </div>
      ))}
    </form>
  );
}

function FaneOgFormular({ path }: { path: string }) {
  return (
    <Tile id="a3" focused path={path}>
      <a href="/faner">Fane</a>
      <Formular felter={['navn', 'cvr']} />
    </Tile>
  );
}

function ToFelter() {
  const [focused, setFocused] = useState<'l' | 'r'>('l');
  return (
    <>
      <button type="button" onClick={() => setFocused('r')}>
        F6
      </button>
      <Tile id="l1" focused={focused === 'l'} path="/virksomheder">
        <Liste />
      </Tile>
      <Tile id="r1" focused={focused === 'r'} path="/x">
        <Formular felter={['emne']} />
      </Tile>
    </>
  );
}

function ModalOverFelt() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <input aria-label="Betalingsreference" />
      <button type="button" onClick={() => setOpen(true)}>
        Åbn
      </button>
      <Modal open={open} title="Ændringer i formularen" onClose={() => setOpen(false)}>
        <button type="button">Bliv på formularen</button>
      </Modal>
    </>
  );
}

describe('the focused tile takes the keyboard', () => {
  it('holds focus in the tile while the view loads, then gives it to the rows', async () => {
    const { rerender } = render(<Tile id="a1" focused={false} path="/" />);
    rerender(<Tile id="a1" focused path="/virksomheder" />);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'felt a1' }));
    rerender(
      <Tile id="a1" focused path="/virksomheder">
        <Liste />
      </Tile>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('grid')));
  });

  it('comes back to the field the user was in when the form is drawn again (a saved new record)', async () => {
    const { rerender } = render(
      <Tile id="a2" focused path="/virksomheder/1/tilsyn">
        <Formular key="ny" felter={['titel', 'bemaerkning']} />
      </Tile>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('titel')));
    act(() => screen.getByLabelText('bemaerkning').focus());
    // The form is replaced (another key) and the tile moves to the new record's address.
    rerender(
      <Tile id="a2" focused path="/virksomheder/1/tilsyn/7">
        <Formular key="r7" felter={['titel', 'bemaerkning']} />
      </Tile>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('bemaerkning')));
  });

  it('leaves focus where the user put it inside the tile, and starts afresh when asked to', async () => {
    const { rerender } = render(<FaneOgFormular path="/a" />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('navn')));
    act(() => screen.getByRole('link', { name: 'Fane' }).focus());
    rerender(<FaneOgFormular path="/b" />);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Fane' }));
    act(() => screen.getByLabelText('cvr').focus());
    act(() => {
      (document.activeElement as HTMLElement).blur();
      requestTileFocus('a3');
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('navn')));
  });

  it('a tile that receives focus takes it from another tile', async () => {
    render(<ToFelter />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('grid')));
    act(() => screen.getByRole('button', { name: 'F6' }).click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('emne')));
  });
});

describe('the row grid', () => {
  it('is marked as the primary target and leaves Alt combinations to the workspace (Alt+PageDown: next tab)', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, navn: `Firma ${i + 1}` }));
    render(
      <DataTable<{ id: number; navn: string }>
        tableName="test"
        ariaLabel="Firmaer"
        mode="memory"
        columns={[{ id: 'navn', header: 'Navn', accessor: (r) => r.navn }]}
        rows={rows}
        getRowId={(r) => String(r.id)}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Firmaer' });
    expect(primaryTarget(document.body)).toBe(grid);
    const cursor = () => grid.getAttribute('aria-activedescendant');
    const first = cursor();
    const reached: string[] = [];
    const listen = (e: KeyboardEvent) => reached.push(`${e.altKey ? 'alt+' : ''}${e.key}`);
    document.addEventListener('keydown', listen);
    fireEvent.keyDown(grid, { key: 'PageDown', altKey: true });
    fireEvent.keyDown(grid, { key: 'ArrowDown', altKey: true, shiftKey: true });
    expect(cursor()).toBe(first);
    fireEvent.keyDown(grid, { key: 'PageDown' });
    expect(cursor()).not.toBe(first);
    document.removeEventListener('keydown', listen);
    expect(reached).toEqual(['alt+PageDown', 'alt+ArrowDown']);
  });
});

describe('dialogs give the keyboard back', () => {
  it('to the last field when focus had fallen to the page before the dialog opened (the palette closed)', () => {
    render(<ModalOverFelt />);
    const felt = screen.getByLabelText('Betalingsreference');
    act(() => felt.focus());
    act(() => felt.blur());
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Åbn' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bliv på formularen' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(felt);
  });
});

describe('workspace', () => {
  afterEach(() => workspace.reset());

  it('opens a route that is open already beside it again (Ctrl+Enter), but focuses it for Enter', () => {
    workspace.goHome();
    workspace.open('/virksomheder/5/stamoplysninger');
    workspace.open('/virksomheder/5/stamoplysninger', 'beside');
    let ws = workspace.get();
    expect(leaves(ws.layout).map((id) => ws.tiles[id]?.path)).toEqual([
      '/virksomheder/5/stamoplysninger',
      '/virksomheder/5/stamoplysninger',
    ]);
    workspace.open('/landbrug', 'beside');
    workspace.open('/virksomheder/5/stamoplysninger');
    ws = workspace.get();
    expect(leaves(ws.layout)).toHaveLength(3);
    expect(ws.tiles[ws.focused!]?.path).toBe('/virksomheder/5/stamoplysninger');
  });

  it('restores a saved layout only in the customer it was made in', () => {
    const layout = 'v=1&t=/virksomheder/5/stamoplysninger&f=0';
    expect(savedLayoutFor({ workspaceLayout: layout, workspaceLayoutKundeId: 1 }, 1)).toBe(layout);
    expect(savedLayoutFor({ workspaceLayout: layout, workspaceLayoutKundeId: 1 }, 2)).toBeNull();
    // Saved before layouts carried their customer: it cannot be told whose it is.
    expect(savedLayoutFor({ workspaceLayout: layout }, 1)).toBeNull();
    expect(savedLayoutFor(null, 1)).toBeNull();
  });

  it('keeps recent items per user and customer, and says when they change', () => {
    const skive = recentOwner({ userId: '42', customerId: 1 });
    const herning = recentOwner({ userId: '42', customerId: 2 });
    let changes = 0;
    const off = onRecentChange(() => changes++);
    addRecent(skive, { path: '/virksomheder/5/stamoplysninger', label: 'Agerholm', group: 'Virksomhed' });
    addRecent(skive, { path: '/landbrug', label: 'Landbrug', group: 'Sider' });
    addRecent(skive, { path: '/Virksomheder/5/stamoplysninger', label: 'Agerholm', group: 'Virksomhed' });
    off();
    expect(readRecent(skive).map((r) => r.label)).toEqual(['Agerholm', 'Landbrug']);
    expect(readRecent(herning)).toEqual([]);
    expect(changes).toBe(3);
  });
});
