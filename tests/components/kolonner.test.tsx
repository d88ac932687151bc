// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listeKolonner } from '../../src/app/features/virksomhed-liste/kolonner';
import type { DataTableColumn } from '../../src/app/ui/DataTable';
import {
  datoKolonne,
  jaNejKolonne,
  serverSortering,
  talKolonne,
  tekstKolonne,
} from '../../src/app/ui/table/kolonner';
import { LISTE_SORT_KOLONNER } from '../../src/contract/virksomhed-liste';
import { TestTabel } from '../helpers/test-tabel';

afterEach(cleanup);

interface Post {
  id: number;
  navn: string;
  dato: string | null;
  maengde: number | null;
  aktiv: boolean | null;
}
const POSTER: Post[] = [
  { id: 1, navn: 'Bakkegården', dato: '2024-03-01', maengde: 1234.5, aktiv: true },
  { id: 2, navn: 'Auto-Hansen', dato: null, maengde: null, aktiv: false },
  { id: 3, navn: 'Cederholm', dato: '2023-12-31', maengde: 7, aktiv: null },
];

const kolonner: DataTableColumn<Post>[] = [
  tekstKolonne('navn', 'Navn', (r) => r.navn),
  datoKolonne('dato', 'Dato', (r) => r.dato),
  talKolonne('maengde', 'Mængde', (r) => r.maengde),
  jaNejKolonne('aktiv', 'Aktiv', (r) => r.aktiv),
];

function vis(columns: DataTableColumn<Post>[]) {
  render(
    <TestTabel<Post> hoejde={400} tableName="kolonner" ariaLabel="Poster" columns={columns} rows={POSTER} />,
  );
  const grid = screen.getByRole('grid');
  return () =>
    within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('gridcell')
          .map((c) => c.textContent),
      );
}

describe('DataTable column helpers', () => {
  it('writes dates DD-MM-YYYY, numbers da-DK and booleans Ja/Nej, empty for nothing', () => {
    const rækker = vis(kolonner);
    expect(rækker()).toEqual([
      ['Bakkegården', '01-03-2024', '1.234,5', 'Ja'],
      ['Auto-Hansen', '', '', 'Nej'],
      ['Cederholm', '31-12-2023', '7', ''],
    ]);
  });

  it('sorts a date column on the date, not on its DD-MM-YYYY text', () => {
    const rækker = vis(kolonner);
    fireEvent.click(screen.getByRole('button', { name: 'Dato' }));
    // Chronological, empty last; the shown text '01-03-2024' < '31-12-2023' would put them the other way.
    expect(rækker().map((r) => r[1])).toEqual(['31-12-2023', '01-03-2024', '']);
  });

  it('right-aligns a number column and honours the decimals asked for', () => {
    const k = talKolonne<Post>('maengde', 'Mængde', (r) => r.maengde, { maksDecimaler: 0 });
    expect(k.align).toBe('right');
    expect(k.cell?.(POSTER[0]!)).toBe('1.235');
  });

  it('lets only the columns in the server sort whitelist sort', () => {
    const k = serverSortering<Post>(['navn', 'maengde'], [...kolonner, null, false]);
    expect(k.map((c) => [c.id, c.sortable])).toEqual([
      ['navn', true],
      ['dato', false],
      ['maengde', true],
      ['aktiv', false],
    ]);
    vis(k);
    expect(screen.queryByRole('button', { name: 'Dato' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Navn' })).toBeTruthy();
  });

  it('the company list offers a sort on every column, each one the server accepts', () => {
    for (const type of [1, 2] as const) {
      for (const c of listeKolonner(type)) {
        expect(c.sortable).toBe(true);
        expect(LISTE_SORT_KOLONNER as readonly string[]).toContain(c.id);
      }
    }
    expect(listeKolonner(1).some((c) => c.id === 'chrNr')).toBe(false);
    expect(listeKolonner(2).some((c) => c.id === 'chrNr')).toBe(true);
  });
});
