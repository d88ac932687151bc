// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/app/lib/http';
import { hentTilstand, INGEN_FORBINDELSE } from '../../src/app/lib/http-fejl';
import type { DataTableColumn } from '../../src/app/ui/DataTable';
import { ListeRude, type ListeRudeProps } from '../../src/app/ui/ListeRude';

afterEach(cleanup);

interface Sted {
  id: number;
  navn: string;
}
const KOLONNER: DataTableColumn<Sted>[] = [{ id: 'navn', header: 'Navn', accessor: (s) => s.navn }];
const STEDER: Sted[] = [
  { id: 1, navn: 'Skive' },
  { id: 2, navn: 'Roslev' },
];

function rude(p: Partial<ListeRudeProps<Sted>> = {}) {
  return render(
    <ListeRude<Sted>
      titel="Steder"
      ariaLabel="Stederne"
      hentet
      handlinger={<button type="button">Nyt sted</button>}
      tomKlasse="sted-tom"
      tom="Kunden har ingen steder endnu."
      tableName="test-steder"
      columns={KOLONNER}
      rows={STEDER}
      getRowId={(s) => String(s.id)}
      {...p}
    />,
  );
}

const sektion = () => screen.getByRole('region', { name: 'Stederne' });
const antal = () => sektion().querySelector('.rt-head .muted.small');

describe('ListeRude', () => {
  it('heads the list with the title, the count once fetched and the actions; the table takes the pane’s name', () => {
    rude();
    const s = sektion();
    expect(s.classList.contains('rt-list')).toBe(true);
    expect(within(s).getByRole('heading', { level: 2 }).textContent).toBe('Steder');
    expect(antal()?.textContent).toBe('2');
    expect(within(s).getByRole('button', { name: 'Nyt sted' })).toBeTruthy();
    expect(within(s).getByRole('grid', { name: 'Stederne' })).toBeTruthy();
    expect(within(s).getByText('Roslev')).toBeTruthy();
    expect(s.querySelector('.sted-tom')).toBeNull();
  });

  it('counts nothing and shows no empty state before the list is fetched', () => {
    rude({ hentet: false, rows: [] });
    expect(antal()?.textContent).toBe('');
    expect(screen.queryByText('Kunden har ingen steder endnu.')).toBeNull();
  });

  it("says the empty state once fetched with no rows, in its own class, in the table's empty row (said once)", () => {
    rude({ rows: [] });
    const tom = screen.getByText('Kunden har ingen steder endnu.');
    expect(tom.className).toBe('muted sted-tom');
    expect(tom.closest('td')).toBeTruthy();
    expect(screen.queryByText('Ingen data')).toBeNull();
    expect(antal()?.textContent).toBe('0');
  });

  it('takes a count of its own, or none, and a table name of its own', () => {
    rude({ antal: '1 af 2', tabelLabel: 'Steder pr. kommune' });
    expect(antal()?.textContent).toBe('1 af 2');
    expect(screen.getByRole('grid', { name: 'Steder pr. kommune' })).toBeTruthy();
    cleanup();
    rude({ antal: null });
    expect(antal()).toBeNull();
  });

  it('names the pane and its table after the title unless told otherwise', () => {
    rude({ ariaLabel: undefined });
    expect(screen.getByRole('region', { name: 'Steder' })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Steder' })).toBeTruthy();
  });

  it('hentTilstand: a failed fetch reads "<what> kunne ikke hentes: <reason>" and Prøv igen fetches again', () => {
    let hentet = 0;
    const fejl = new HttpError({
      status: 500,
      body: undefined,
      method: 'GET',
      url: '/api/steder',
      noResponse: true,
      at: new Date(),
    });
    const q = { isSuccess: false, isLoading: false, isError: true, error: fejl, refetch: () => hentet++ };
    rude(hentTilstand(q, 'Stederne'));
    expect(sektion().querySelector('.datatable-error-text')?.textContent).toBe(
      `Stederne kunne ikke hentes: ${INGEN_FORBINDELSE}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(hentet).toBe(1);

    expect(hentTilstand({ ...q, isError: false, isLoading: true }, 'Stederne')).toMatchObject({
      hentet: false,
      loading: true,
      error: null,
    });
    expect(hentTilstand({ ...q, isError: false, isSuccess: true }, 'Stederne')).toMatchObject({
      hentet: true,
      loading: false,
      error: null,
    });
  });
});
