// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataTableColumn, DataTableProps, TableSort } from '../../src/app/ui/DataTable';
import { clickSelection, type SelectionState } from '../../src/app/ui/table/selection';
import type { TableSettings } from '../../src/app/ui/table/settings';
import { TestTabel } from '../helpers/test-tabel';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Firma {
  id: number;
  navn: string;
  by: string;
  antal: number | null;
}
const FIRMAER: Firma[] = [
  { id: 1, navn: 'Bakkegården', by: 'Skive', antal: 3 },
  { id: 2, navn: 'Auto-Hansen', by: 'Roslev', antal: null },
  { id: 3, navn: 'Cederholm VVS', by: 'Skive', antal: 12 },
  { id: 4, navn: 'Dalgas Maskinstation', by: 'Højslev', antal: 1 },
  { id: 5, navn: 'Egeris Kro', by: 'Skive', antal: 7 },
];
const COLUMNS: DataTableColumn<Firma>[] = [
  { id: 'navn', header: 'Navn', accessor: (r) => r.navn, hideable: false },
  { id: 'by', header: 'By', accessor: (r) => r.by },
  { id: 'antal', header: 'Antal', accessor: (r) => r.antal, align: 'right' },
  { id: 'id', header: 'Id', accessor: (r) => r.id, defaultHidden: true },
];

/** The table of FIRMAER, in memory unless `props` says otherwise. */
function table(props: Partial<DataTableProps<Firma>> = {}) {
  return (
    <TestTabel<Firma>
      hoejde={400}
      tableName="test"
      ariaLabel="Firmaer"
      columns={COLUMNS}
      rows={FIRMAER}
      {...props}
    />
  );
}
const renderTable = (props: Partial<DataTableProps<Firma>> = {}) => render(table(props));

/** A server-mode table whose parent keeps the sort, as a list view does. */
function ServerTable({ saved, sorts }: { saved: TableSettings[]; sorts: TableSort[] }) {
  const [sort, setSort] = useState<TableSort>({ column: 'navn', direction: 'ASC' });
  return table({
    tableName: 'server',
    mode: 'server',
    totalCount: 120,
    page: { start: 0, take: 5 },
    sort,
    onSortChange: (s) => {
      sorts.push(s);
      setSort(s);
    },
    settings: { value: undefined, onChange: (s) => saved.push(s) },
  });
}

const grid = () => screen.getByRole('grid', { name: 'Firmaer' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const names = () =>
  bodyRows().map((r) => within(r).getAllByRole('gridcell')[0]?.textContent ?? r.textContent);
const header = (name: string) => within(grid()).getByRole('button', { name });
const cursorName = () => {
  const id = grid().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.querySelector('td')?.textContent : null;
};
const key = (k: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(grid(), { key: k, ...init });

describe('DataTable: sorting (spec 000 §4)', () => {
  it('sorts ASC on a new column and toggles on repeat, with aria-sort', () => {
    renderTable();
    expect(names()).toEqual(FIRMAER.map((f) => f.navn));
    fireEvent.click(header('Navn'));
    expect(names()).toEqual([
      'Auto-Hansen',
      'Bakkegården',
      'Cederholm VVS',
      'Dalgas Maskinstation',
      'Egeris Kro',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Navn' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header('Navn'));
    expect(names()[0]).toBe('Egeris Kro');
    expect(screen.getByRole('columnheader', { name: 'Navn' }).getAttribute('aria-sort')).toBe('descending');
    // Another column starts at ASC again; numbers sort as numbers, empty values last.
    fireEvent.click(header('Antal'));
    expect(names()).toEqual([
      'Dalgas Maskinstation',
      'Bakkegården',
      'Egeris Kro',
      'Cederholm VVS',
      'Auto-Hansen',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Navn' }).getAttribute('aria-sort')).toBe('none');
  });

  it('in server mode reports the sort and leaves the order to the server; the choice is saved', () => {
    const saved: TableSettings[] = [];
    const sorts: TableSort[] = [];
    render(<ServerTable saved={saved} sorts={sorts} />);
    fireEvent.click(header('Navn'));
    fireEvent.click(header('By'));
    expect(sorts).toEqual([
      { column: 'navn', direction: 'DESC' },
      { column: 'by', direction: 'ASC' },
    ]);
    expect(names()).toEqual(FIRMAER.map((f) => f.navn));
    expect(saved.at(-1)).toMatchObject({ tableName: 'server', sortByColumn: 'by', sortDirection: 'ASC' });
    expect(screen.getByRole('status').textContent).toContain('Viser 5 af 120 rækker');
    expect(screen.getByText('Side 1 af 24')).toBeTruthy();
  });

  it("in server mode says 'Mere end N' for a capped total, and pages on while the server says more", () => {
    const pages: number[] = [];
    render(
      table({
        tableName: 'server',
        mode: 'server',
        totalCount: 1000,
        totalCountCapped: true,
        page: { start: 995, take: 5 },
        onPageChange: (start) => pages.push(start),
      }),
    );
    expect(screen.getByRole('status').textContent).toBe('Viser 5 rækker · Mere end 1.000 i alt');
    expect(screen.getByText('Side 200 af mere end 200')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Næste side' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(pages).toEqual([1000]);
  });

  it('starts from the saved sort and columns', () => {
    renderTable({
      settings: {
        value: {
          tableName: 'test',
          sortByColumn: 'by',
          sortDirection: 'DESC',
          visibleColumns: ['navn', 'id'],
        },
        onChange: () => {},
      },
    });
    expect(names()).toEqual([
      'Bakkegården',
      'Cederholm VVS',
      'Egeris Kro',
      'Auto-Hansen',
      'Dalgas Maskinstation',
    ]);
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Navn', 'Id']);
  });
});

describe('DataTable: texts, filter and columns (spec 000 §8, §9)', () => {
  it("shows 'Viser N rækker', filters after 250 ms, then 'Viser X af Y rækker'", () => {
    vi.useFakeTimers();
    renderTable();
    expect(screen.getByRole('status').textContent).toBe('Viser 5 rækker');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter' }), { target: { value: 'SKIVE' } });
    act(() => vi.advanceTimersByTime(200));
    expect(bodyRows()).toHaveLength(5);
    act(() => vi.advanceTimersByTime(60));
    expect(names()).toEqual(['Bakkegården', 'Cederholm VVS', 'Egeris Kro']);
    expect(screen.getByRole('status').textContent).toBe('Viser 3 af 5 rækker');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter' }), { target: { value: 'findes ikke' } });
    act(() => vi.advanceTimersByTime(300));
    expect(grid().textContent).toContain('Ingen data');
  });

  it('server mode: onFilterChange once, 250 ms after the last key', () => {
    vi.useFakeTimers();
    const onFilterChange = vi.fn();
    renderTable({ mode: 'server', totalCount: 5, onFilterChange });
    const input = screen.getByRole('searchbox', { name: 'Filter' });
    for (const v of ['a', 'au', 'aut', 'auto']) {
      fireEvent.change(input, { target: { value: v } });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(onFilterChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(250));
    expect(onFilterChange).toHaveBeenCalledTimes(1);
    expect(onFilterChange).toHaveBeenCalledWith('auto');
  });

  it("shows 'Indlæser …', 'Ingen data' and a failure in a red italic row", () => {
    const empty: Partial<DataTableProps<Firma>> = { mode: 'server', rows: [] };
    const { rerender } = renderTable({ ...empty, loading: true });
    expect(grid().textContent).toContain('Indlæser …');
    rerender(table({ ...empty, totalCount: 0 }));
    expect(grid().textContent).toContain('Ingen data');
    rerender(table({ ...empty, error: 'Serveren svarede ikke' }));
    const cell = within(grid()).getByText('Serveren svarede ikke');
    expect(cell.className).toContain('datatable-error');
    rerender(table({ ...empty, error: true }));
    expect(within(grid()).getByText('Error').className).toContain('datatable-error');
  });

  it("'Vælg kolonner' shows and hides columns and saves the choice", () => {
    const saved: TableSettings[] = [];
    renderTable({ settings: { value: undefined, onChange: (s) => saved.push(s) } });
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Navn', 'By', 'Antal']);
    fireEvent.click(screen.getByRole('button', { name: /Vælg kolonner/ }));
    const dialog = screen.getByRole('dialog', { name: 'Vælg kolonner' });
    // The name column cannot be hidden, so it is not offered.
    expect(within(dialog).queryByLabelText('Navn')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('Id'));
    fireEvent.click(within(dialog).getByLabelText('By'));
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Navn', 'Antal', 'Id']);
    expect(saved.at(-1)).toEqual({ tableName: 'test', visibleColumns: ['navn', 'antal', 'id'] });
  });
});

const ALLE: Firma[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  navn: `Firma ${i + 1}`,
  by: 'Skive',
  antal: i,
}));
/** A server-mode table of ALLE's twelve rows whose parent fetches the page asked for. */
function Paged() {
  const [start, setStart] = useState(0);
  return table({
    mode: 'server',
    rows: ALLE.slice(start, start + 5),
    totalCount: ALLE.length,
    page: { start, take: 5 },
    onPageChange: setStart,
  });
}

describe('DataTable: keyboard (row cursor, open, open beside)', () => {
  it('moves the cursor with arrows, j/k, Home/End and announces it', () => {
    renderTable();
    grid().focus();
    expect(cursorName()).toBe('Bakkegården');
    key('ArrowDown');
    expect(cursorName()).toBe('Auto-Hansen');
    key('j');
    expect(cursorName()).toBe('Cederholm VVS');
    key('k');
    key('ArrowUp');
    expect(cursorName()).toBe('Bakkegården');
    key('ArrowUp');
    expect(cursorName()).toBe('Bakkegården');
    key('End');
    expect(cursorName()).toBe('Egeris Kro');
    key('Home');
    expect(cursorName()).toBe('Bakkegården');
    key('PageDown');
    expect(cursorName()).toBe('Egeris Kro');
    const cursorRow = document.getElementById(grid().getAttribute('aria-activedescendant')!)!;
    expect(cursorRow.className).toContain('cursor');
    expect(cursorRow.getAttribute('aria-rowindex')).toBe('6');
  });

  it('Enter opens the cursor row, Ctrl+Enter and Cmd+Enter open it beside, double-click opens', () => {
    const onOpen = vi.fn();
    renderTable({ onOpen });
    grid().focus();
    key('ArrowDown');
    key('Enter');
    expect(onOpen).toHaveBeenLastCalledWith(FIRMAER[1], undefined);
    key('Enter', { ctrlKey: true });
    expect(onOpen).toHaveBeenLastCalledWith(FIRMAER[1], { beside: true });
    key('Enter', { metaKey: true });
    expect(onOpen).toHaveBeenLastCalledWith(FIRMAER[1], { beside: true });
    fireEvent.doubleClick(bodyRows()[3]!);
    expect(onOpen).toHaveBeenLastCalledWith(FIRMAER[3]);
  });

  it('server mode: moving past the last row asks for the next page', () => {
    const onPageChange = vi.fn();
    renderTable({ mode: 'server', totalCount: 12, page: { start: 0, take: 5 }, onPageChange });
    grid().focus();
    key('End');
    key('ArrowDown');
    expect(onPageChange).toHaveBeenCalledWith(5);
  });

  it('server mode: the cursor lands on the first row of the next page, the last row of the previous one', () => {
    render(<Paged />);
    grid().focus();
    key('End');
    key('ArrowDown');
    expect(names()[0]).toBe('Firma 6');
    expect(cursorName()).toBe('Firma 6');
    expect(
      document.getElementById(grid().getAttribute('aria-activedescendant')!)!.getAttribute('aria-rowindex'),
    ).toBe('7');
    key('ArrowUp');
    expect(names()[0]).toBe('Firma 1');
    expect(cursorName()).toBe('Firma 5');
    key('PageDown');
    expect(cursorName()).toBe('Firma 6');
    fireEvent.click(screen.getByRole('button', { name: 'Næste side' }));
    expect(cursorName()).toBe('Firma 11');
    fireEvent.click(screen.getByRole('button', { name: 'Forrige side' }));
    expect(cursorName()).toBe('Firma 6');
    expect(screen.getByText('Side 2 af 3')).toBeTruthy();
  });
});

describe('DataTable: selection modes', () => {
  it('single: a click or Space selects one row', () => {
    const onSelectionChange = vi.fn();
    renderTable({ selectionMode: 'single', onSelectionChange });
    fireEvent.click(bodyRows()[1]!);
    fireEvent.click(bodyRows()[2]!, { ctrlKey: true });
    expect([...onSelectionChange.mock.lastCall![0]]).toEqual(['3']);
    expect(bodyRows()[2]!.getAttribute('aria-selected')).toBe('true');
    expect(bodyRows()[1]!.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('1 række valgt');
  });

  it('multiple: click, Ctrl-click toggles, Shift-click selects the range, Space toggles', () => {
    renderTable({ selectionMode: 'multiple' });
    const selectedNames = () =>
      bodyRows()
        .filter((r) => r.getAttribute('aria-selected') === 'true')
        .map((r) => r.querySelector('td')!.textContent);
    expect(grid().getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.click(bodyRows()[1]!);
    fireEvent.click(bodyRows()[3]!, { shiftKey: true });
    expect(selectedNames()).toEqual(['Auto-Hansen', 'Cederholm VVS', 'Dalgas Maskinstation']);
    expect(screen.getByRole('status').textContent).toContain('3 rækker valgt');
    fireEvent.click(bodyRows()[2]!, { ctrlKey: true });
    expect(selectedNames()).toEqual(['Auto-Hansen', 'Dalgas Maskinstation']);
    fireEvent.click(bodyRows()[0]!, { ctrlKey: true, shiftKey: true });
    expect(selectedNames()).toEqual(['Bakkegården', 'Auto-Hansen', 'Cederholm VVS', 'Dalgas Maskinstation']);
    fireEvent.click(bodyRows()[4]!);
    expect(selectedNames()).toEqual(['Egeris Kro']);
    grid().focus();
    key('ArrowUp');
    key(' ');
    expect(selectedNames()).toEqual(['Dalgas Maskinstation', 'Egeris Kro']);
    key('ArrowUp', { shiftKey: true });
    expect(selectedNames()).toEqual(['Cederholm VVS', 'Dalgas Maskinstation']);
  });

  it('checkbox: only the checkbox selects; Shift extends from the anchor', () => {
    renderTable({ selectionMode: 'checkbox' });
    const boxes = () => within(grid()).getAllByRole('checkbox', { name: 'Vælg række' }) as HTMLInputElement[];
    fireEvent.click(bodyRows()[0]!);
    expect(boxes().every((b) => !b.checked)).toBe(true);
    fireEvent.click(boxes()[1]!);
    fireEvent.click(boxes()[3]!, { shiftKey: true });
    expect(boxes().map((b) => b.checked)).toEqual([false, true, true, true, false]);
  });

  it('jumps with Shift (Home, End, PageUp, PageDown) extend the selection to the cursor row, as the arrows do', () => {
    renderTable({ selectionMode: 'checkbox' });
    const boxes = () => within(grid()).getAllByRole('checkbox', { name: 'Vælg række' }) as HTMLInputElement[];
    fireEvent.click(boxes()[1]!);
    const markoer = () =>
      document.getElementById(grid().getAttribute('aria-activedescendant') ?? '')?.textContent ?? '';
    grid().focus();
    key('End', { shiftKey: true });
    expect(markoer()).toContain('Egeris Kro');
    expect(boxes().map((b) => b.checked)).toEqual([false, true, true, true, true]);
    key('Home', { shiftKey: true });
    expect(markoer()).toContain('Bakkegården');
    expect(boxes().map((b) => b.checked)).toEqual([true, true, false, false, false]);
    key('PageDown', { shiftKey: true });
    expect(boxes().map((b) => b.checked)).toEqual([false, true, true, true, true]);
    // Without Shift a jump moves the cursor and leaves the choice.
    key('Home');
    expect(markoer()).toContain('Bakkegården');
    expect(boxes().map((b) => b.checked)).toEqual([false, true, true, true, true]);
  });

  it('disabled: rows carry no aria-selected and clicks select nothing', () => {
    renderTable();
    fireEvent.click(bodyRows()[0]!);
    expect(bodyRows()[0]!.hasAttribute('aria-selected')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Viser 5 rækker');
  });

  it('selection rules as pure functions', () => {
    const order = ['a', 'b', 'c', 'd'];
    const s0: SelectionState = { selected: new Set(['b']), anchor: 'b' };
    expect([...clickSelection('multiple', s0, order, 'd', { shift: true }).selected]).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect([...clickSelection('multiple', s0, order, 'a', { shift: true }).selected]).toEqual(['a', 'b']);
    expect([...clickSelection('multiple', s0, order, 'd', { ctrl: true }).selected]).toEqual(['b', 'd']);
    expect(clickSelection('disabled', s0, order, 'd')).toBe(s0);
  });
});

describe('DataTable: long in-memory lists', () => {
  it('renders only the rows in view and keeps the cursor through End', () => {
    const many: Firma[] = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      navn: `Firma ${String(i + 1).padStart(4, '0')}`,
      by: 'Skive',
      antal: i,
    }));
    renderTable({ rows: many });
    expect(bodyRows().length).toBeLessThan(120);
    expect(screen.getByRole('status').textContent).toBe('Viser 5.000 rækker');
    grid().focus();
    key('End');
    expect(grid().getAttribute('aria-activedescendant')).toMatch(/row-5000$/);
  });
});
