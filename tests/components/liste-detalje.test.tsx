// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type TileCommand, TileContext } from '../../src/app/workspace/tile-api';
import { idAf, useListeDetalje } from '../../src/app/workspace/useListeDetalje';
import { fakeTile } from '../helpers/vandanlaeg-komponent';

/**
 * The list-and-detail controller the admin views and the fee types share (useListeDetalje): the id in
 * the address, 'Ny …' leaving a selected record before the new form opens, and the tile commands.
 */

afterEach(cleanup);

const NY = { id: 'ny-ting', label: 'Ny ting', keywords: ['ny'] };
const LISTE = { id: 'ting-liste', label: 'Gå til tingene', keywords: ['liste'] };
const RAEKKER = [
  { id: 1, navn: 'a' },
  { id: 2, navn: 'b' },
];

function vis(param: string | undefined, hentet = true) {
  const t = fakeTile();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TileContext.Provider value={t.tile}>{children}</TileContext.Provider>
  );
  const r = renderHook(
    (p: { param: string | undefined }) =>
      useListeDetalje({ sti: '/admin/ting', param: p.param, raekker: RAEKKER, hentet, ny: NY, liste: LISTE }),
    { wrapper, initialProps: { param } },
  );
  return { t, ...r };
}

describe('useListeDetalje', () => {
  it('reads the id in the address: none is null, anything but a positive integer is NaN', () => {
    expect(idAf(undefined)).toBeNull();
    expect(idAf('')).toBeNull();
    expect(idAf('7')).toBe(7);
    for (const v of ['0', '-1', '1.5', 'abc']) expect(idAf(v), v).toBeNaN();
  });

  it('selects the row in the address; an id the loaded list lacks, or no valid id, does not exist', () => {
    expect(vis('2').result.current.valgt).toEqual({ id: 2, navn: 'b' });
    expect(vis('2').result.current.formAaben).toBe(true);
    expect(vis('9').result.current).toMatchObject({ valgt: undefined, findesIkke: true, formAaben: false });
    expect(vis('9', false).result.current.findesIkke).toBe(false);
    expect(vis('x', false).result.current.findesIkke).toBe(true);
    expect(vis(undefined).result.current.findesIkke).toBe(false);
  });

  it("'Ny …' on a selected record leaves it first and opens the new form only once the address has no id", () => {
    const { t, result, rerender } = vis('1');
    act(() => result.current.startNy());
    expect(t.navigate).toEqual(['/admin/ting']);
    // The unsaved-changes guard may keep the record: then nothing opens.
    expect(result.current.formAaben).toBe(true);
    rerender({ param: undefined });
    expect(result.current).toMatchObject({ valgt: undefined, formAaben: true });
    // A saved new record closes the new form and becomes the one in the address.
    act(() => result.current.oprettet({ id: 2, navn: 'b' }));
    expect(t.navigate.at(-1)).toBe('/admin/ting/2');
    expect(result.current.formAaben).toBe(false);
  });

  it("'Ny …' without a selection opens the new form at once; Annullér closes it", () => {
    const { t, result } = vis(undefined);
    act(() => result.current.startNy());
    expect(t.navigate).toEqual([]);
    expect(result.current.formAaben).toBe(true);
    act(() => result.current.annullerNy());
    expect(result.current.formAaben).toBe(false);
  });

  it('offers Ny (alt+n) and the list (alt+l), then the open form’s commands; the table follows the address', () => {
    const { t, result } = vis('1');
    const formens: TileCommand = { id: 'gem-ting', label: 'Gem ting', run: () => {} };
    act(() => result.current.setFormKommandoer([formens]));
    expect(result.current.kommandoer.map((c) => [c.id, c.label, c.shortcut, c.keywords])).toEqual([
      ['ny-ting', 'Ny ting', 'alt+n', ['ny']],
      ['ting-liste', 'Gå til tingene', 'alt+l', ['liste']],
      ['gem-ting', 'Gem ting', undefined, undefined],
    ]);
    const { tabel } = result.current;
    expect([...tabel.selected]).toEqual(['1']);
    act(() => tabel.onSelectionChange(new Set(['1'])));
    expect(t.navigate).toEqual([]);
    act(() => tabel.onSelectionChange(new Set(['2'])));
    act(() => tabel.onOpen({ id: 2, navn: 'b' }, { beside: true }));
    expect(t.navigate).toEqual(['/admin/ting/2']);
    expect(t.beside).toEqual(['/admin/ting/2']);
  });
});
