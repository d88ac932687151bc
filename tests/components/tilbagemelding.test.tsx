// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { medDanskFejl } from '../../src/app/features/validering/api';
import { HttpError } from '../../src/app/lib/http';
import { Palette, SERVER_UTILGAENGELIG } from '../../src/app/palette/Palette';
import type { DataTableColumn } from '../../src/app/ui/DataTable';
import { datoFejl } from '../../src/app/ui/form/parse';
import { paletteStore } from '../../src/app/workspace/palette-store';
import { TestTabel } from '../helpers/test-tabel';
import { ControlledDate, jsonResponse, renderSignedIn, setupComponentTests, stubApi } from './harness';

/**
 * Feedback that never leaves the user guessing (issue 9): a rejected date says why, the palette
 * says when the server cannot be reached, and a table whose reload failed does not keep counting
 * the rows of the earlier load.
 */
setupComponentTests();

describe('a date typed wrongly clears the value, stays in the field, and the field says why', () => {
  it.each(['31-02-2025', 'abc', '00-13-2025'])(
    "'%s': the value cleared as spec 001 §5 says, the text kept, with 'Ugyldig dato – brug DD-MM-ÅÅÅÅ'",
    (tekst) => {
      const onValue = vi.fn();
      render(<ControlledDate onValue={onValue} initial="2025-01-15" />);
      const input = screen.getByLabelText('Tilsynsdato') as HTMLInputElement;
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: tekst } });
      expect(onValue).toHaveBeenLastCalledWith(null);
      fireEvent.blur(input);
      // Issue 30: not emptied; the user sees what was typed, and how to write it.
      expect(input.value).toBe(tekst);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const besked = document.getElementById(input.getAttribute('aria-describedby')!);
      expect(besked?.textContent).toBe('Ugyldig dato – brug DD-MM-ÅÅÅÅ');
      // A date typed again takes the message away.
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: '01-02-2025' } });
      fireEvent.blur(input);
      expect(onValue).toHaveBeenLastCalledWith('2025-02-01');
      expect(input.value).toBe('01-02-2025');
      expect(screen.queryByText(/Ugyldig dato/)).toBeNull();
      expect(input.getAttribute('aria-invalid')).toBeNull();
    },
  );

  it('a whole date that is no date is called wrong while typing; an unfinished one is not', () => {
    render(<ControlledDate onValue={() => {}} initial="2025-01-15" />);
    const input = screen.getByLabelText('Tilsynsdato') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '31-0' } });
    expect(screen.queryByText(/Ugyldig dato/)).toBeNull();
    fireEvent.change(input, { target: { value: '31-02-2025' } });
    expect(screen.getByText('Ugyldig dato – brug DD-MM-ÅÅÅÅ')).toBeTruthy();
    expect(datoFejl('31-0', true)).toBeNull();
    expect(datoFejl('31-0')).toBe('Ugyldig dato – brug DD-MM-ÅÅÅÅ');
    expect(datoFejl('')).toBeNull();
  });

  it('an emptied field is no error', () => {
    render(<ControlledDate onValue={() => {}} initial="2025-01-15" />);
    const input = screen.getByLabelText('Tilsynsdato') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(screen.queryByText(/Ugyldig dato/)).toBeNull();
  });
});

describe('the palette says when the server cannot be reached', () => {
  async function soeg(tekst: string) {
    await renderSignedIn(<Palette />);
    act(() => paletteStore.openPalette());
    fireEvent.change(screen.getByLabelText('Søg i kommandopaletten'), { target: { value: tekst } });
  }
  /** A search that gets no answer at all, as when the network is down. */
  const netvaerkNede = () => {
    throw new TypeError('Failed to fetch');
  };

  it('no answer at all (network down): the server cannot be reached, not "Ingen resultater"', async () => {
    stubApi({
      'GET soeg?tekst=zzqxv': netvaerkNede,
    });
    await soeg('zzqxv');
    expect((await screen.findByTestId('palette-fejl')).textContent).toBe(SERVER_UTILGAENGELIG);
    expect(SERVER_UTILGAENGELIG).toBe('Serveren kan ikke nås. Prøv igen om lidt.');
    expect(screen.queryByText('Ingen resultater')).toBeNull();
  });

  it('a server error (5xx) says the same', async () => {
    stubApi({ 'GET soeg?tekst=zzqxv': () => jsonResponse({ FejlBesked: 'Databasen svarer ikke' }, 503) });
    await soeg('zzqxv');
    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_UTILGAENGELIG);
    expect(screen.queryByText('Ingen resultater')).toBeNull();
  });

  it('an answer without hits is "Ingen resultater", with no alarm', async () => {
    const calls = stubApi({ 'GET soeg?tekst=zzqxv': () => ({ resultater: [] }) });
    await soeg('zzqxv');
    await waitFor(() => expect(calls.some((c) => c.path === 'soeg?tekst=zzqxv')).toBe(true));
    expect(await screen.findByText('Ingen resultater')).toBeTruthy();
    expect(screen.queryByTestId('palette-fejl')).toBeNull();
  });

  it('the commands that match still show beside the message', async () => {
    stubApi({
      'GET soeg?tekst=tastaturgenveje': netvaerkNede,
    });
    await soeg('tastaturgenveje');
    expect((await screen.findByTestId('palette-fejl')).textContent).toBe(SERVER_UTILGAENGELIG);
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
  });
});

interface Raekke {
  id: number;
  navn: string;
}
const KOLONNER: DataTableColumn<Raekke>[] = [{ id: 'navn', header: 'Navn', accessor: (r) => r.navn }];
const RAEKKER: Raekke[] = Array.from({ length: 344 }, (_, i) => ({ id: i + 1, navn: `Virksomhed ${i + 1}` }));

/** A list view as the app builds them: TanStack Query (keeping the earlier rows) feeding the table. */
function Liste({ hent }: { hent: () => Promise<Raekke[]> }) {
  const q = useQuery({ queryKey: ['liste'], queryFn: hent, placeholderData: (p) => p });
  return (
    <>
      <button type="button" onClick={() => void q.refetch()}>
        Opdater
      </button>
      <TestTabel<Raekke>
        tableName="liste"
        ariaLabel="Liste"
        columns={KOLONNER}
        rows={q.data ?? []}
        loading={q.isFetching}
        error={q.isError ? 'Serveren svarede ikke' : null}
        onRetry={() => void q.refetch()}
        virtualizeAbove={1000}
      />
    </>
  );
}

describe('a table whose reload failed', () => {
  it('shows the error with a retry instead of the stale count; the retry loads again', async () => {
    let svar: 'ok' | 'fejl' = 'ok';
    const hent = vi.fn(async () => {
      if (svar === 'fejl') throw new Error('Serveren svarede ikke');
      return RAEKKER;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Liste hent={hent} />
      </QueryClientProvider>,
    );
    const status = () => screen.getByRole('status').textContent;
    await waitFor(() => expect(status()).toBe('Viser 344 rækker'));

    svar = 'fejl';
    fireEvent.click(screen.getByRole('button', { name: 'Opdater' }));
    await waitFor(() => expect(screen.getByText('Serveren svarede ikke')).toBeTruthy());
    expect(status()).toBe('Listen kunne ikke hentes');
    expect(status()).not.toContain('344');
    const grid = screen.getByRole('grid');
    expect(within(grid).queryByText('Virksomhed 1')).toBeNull();
    expect(grid.getAttribute('aria-rowcount')).toBe('1');

    svar = 'ok';
    fireEvent.click(within(grid).getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect(status()).toBe('Viser 344 rækker'));
    expect(within(grid).getByText('Virksomhed 1')).toBeTruthy();
    expect(hent).toHaveBeenCalledTimes(3);
  });

  it('without a retry handler the error row has no button', () => {
    render(
      <TestTabel<Raekke>
        tableName="x"
        ariaLabel="X"
        columns={KOLONNER}
        rows={RAEKKER.slice(0, 3)}
        error="Serveren svarede ikke"
      />,
    );
    expect(screen.queryByRole('button', { name: 'Prøv igen' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Listen kunne ikke hentes');
  });
});

/** A table whose cursor the caller keeps, as KoeView keeps it in its machine. */
function Styret({ start, flyttet }: { start: string | null; flyttet: (id: number | null) => void }) {
  const [cursor, setCursor] = useState<string | null>(start);
  const [orden, setOrden] = useState<readonly string[]>([]);
  return (
    <>
      <TestTabel<Raekke>
        tableName="styret"
        ariaLabel="Styret"
        columns={KOLONNER}
        rows={RAEKKER.slice(0, 5)}
        cursorId={cursor}
        onCursorChange={(r) => {
          flyttet(r ? r.id : null);
          setCursor(r ? String(r.id) : null);
        }}
        onOrderChange={setOrden}
      />
      <output data-testid="orden">{orden.join(',')}</output>
      <button type="button" onClick={() => setCursor('4')}>
        Til 4
      </button>
    </>
  );
}

describe('a controlled cursor (the validation queues keep theirs in the godkend/forkast machine)', () => {
  const cursorRow = () => document.querySelector('tr.dt-row.cursor')?.textContent ?? null;

  it('shows the given row, reports moves, follows the caller, and has no fallback to row 1', () => {
    const flyttet = vi.fn();
    render(<Styret start="3" flyttet={flyttet} />);
    expect(cursorRow()).toBe('Virksomhed 3');
    expect(flyttet).not.toHaveBeenCalled();
    expect(screen.getByTestId('orden').textContent).toBe('1,2,3,4,5');
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'j' });
    expect(flyttet).toHaveBeenLastCalledWith(4);
    expect(cursorRow()).toBe('Virksomhed 4');
    fireEvent.click(screen.getByRole('button', { name: 'Til 4' }));
    expect(cursorRow()).toBe('Virksomhed 4');
    // Sorting descending reports the new order.
    fireEvent.click(screen.getByRole('button', { name: /Navn/ }));
    fireEvent.click(screen.getByRole('button', { name: /Navn/ }));
    expect(screen.getByTestId('orden').textContent).toBe('5,4,3,2,1');
  });

  it('a cursor on a row that is not shown marks no row (not row 1) until the row comes', () => {
    render(<Styret start="99" flyttet={() => {}} />);
    expect(cursorRow()).toBeNull();
    expect(screen.getByRole('grid').getAttribute('aria-activedescendant')).toBeNull();
  });
});

describe('a failed decision or undo says what the server said', () => {
  const fejl = (status: number, body: unknown, noResponse = false) =>
    new HttpError({ status, body, method: 'PUT', url: '/api/x', noResponse, at: new Date() });

  it('the Danish message of a 409 or 400, not "HTTP 409 PUT …"', async () => {
    const tekst = 'En post er ændret, siden beslutningen blev truffet. Opdater listen og prøv igen.';
    await expect(medDanskFejl(Promise.reject(fejl(409, { message: tekst })))).rejects.toThrow(tekst);
    await expect(
      medDanskFejl(Promise.reject(fejl(400, { title: 'Ugyldige data', status: 400, errors: {} }))),
    ).rejects.toThrow('Ugyldige data');
    await expect(medDanskFejl(Promise.reject(fejl(500, undefined, true)))).rejects.toThrow(
      'Kunne ikke oprette forbindelse til serveren',
    );
    await expect(medDanskFejl(Promise.resolve(7))).resolves.toBe(7);
  });
});
