// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  refreshLookups,
  useLookup,
  useSagsbehandlere,
  useTidsregistreringsKategorier,
} from '../../src/app/session/lookups';
import type { LookupItem } from '../../src/contract/lookups';
import { setupComponentTests, stubApi } from './harness';

setupComponentTests();

const item = (id: number, navn: string): LookupItem => ({
  id,
  brugerId: null,
  kode: String(id),
  navn,
  beskrivelse: null,
  prioritet: id,
  dmaKode: true,
  aktiv: true,
});

function Navne({ path, testId }: { path: string; testId: string }) {
  const q = useLookup(path);
  return <span data-testid={testId}>{q.data ? q.data.map((i) => i.navn).join(',') : 'henter'}</span>;
}

/** One query client as the app has one: the cache lives as long as the session. */
function visMed(client: QueryClient, ui: React.ReactNode) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The case workers and a company's time categories, side by side. */
function Special({ testId }: { testId: string }) {
  const s = useSagsbehandlere(1, 'Virksomhed');
  const k = useTidsregistreringsKategorier(12);
  return (
    <span data-testid={testId}>
      {s.data && k.data ? `${s.data.map((i) => `${i.id}:${i.navn}`)}|${k.data.map((i) => i.navn)}` : ''}
    </span>
  );
}

const nyKlient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
const kald = (calls: { path: string }[], path: string) => calls.filter((c) => c.path === path).length;

describe('the lookup cache policy (spec 000: refetched only when empty or forced)', () => {
  it('fetches a list once: a second use, even after the first has gone, reads the cache', async () => {
    const calls = stubApi({ 'GET dmalookup/tilsynsTyper': () => [item(1, 'Basis'), item(2, 'Prioriteret')] });
    const client = nyKlient();
    const første = visMed(client, <Navne path="dmalookup/tilsynsTyper" testId="a" />);
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('Basis,Prioriteret'));
    første.unmount();

    visMed(client, <Navne path="dmalookup/tilsynsTyper" testId="b" />);
    expect(screen.getByTestId('b').textContent).toBe('Basis,Prioriteret');
    // Another path in another letter case is the same list (the API matches paths case-insensitively).
    visMed(client, <Navne path="DMAlookup/TilsynsTyper" testId="c" />);
    expect(screen.getByTestId('c').textContent).toBe('Basis,Prioriteret');
    await act(async () => {});
    expect(kald(calls, 'dmalookup/tilsynsTyper')).toBe(1);
  });

  it('fetches again when forced, and shows the new list', async () => {
    let navne = ['Basis'];
    const calls = stubApi({ 'GET dyretype/list': () => navne.map((n, i) => item(i + 1, n)) });
    const client = nyKlient();
    visMed(client, <Navne path="dyretype/list" testId="a" />);
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('Basis'));
    navne = ['Basis', 'Kvæg'];
    await act(() => refreshLookups(client, 'dyretype/list'));
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('Basis,Kvæg'));
    expect(kald(calls, 'dyretype/list')).toBe(2);
  });

  it('fetches an empty list again at its next use', async () => {
    let svar: LookupItem[] = [];
    const calls = stubApi({ 'GET AdHocOpgave/emner': () => svar });
    const client = nyKlient();
    const første = visMed(client, <Navne path="AdHocOpgave/emner" testId="a" />);
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe(''));
    første.unmount();
    svar = [item(1, 'Opfølgning')];
    visMed(client, <Navne path="AdHocOpgave/emner" testId="b" />);
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe('Opfølgning'));
    expect(kald(calls, 'AdHocOpgave/emner')).toBe(2);
  });

  it('keeps the special lookups (case workers, a company’s categories) under the same policy', async () => {
    const calls = stubApi({
      'GET sagsbehandler/list/1?type=Virksomhed': () => [{ brugerId: 7, navn: 'Anne' }],
      'GET tidsregistreringsKategori/listVirksomhed?virksomhedid=12': () => [item(3, 'Tilsyn')],
    });
    const client = nyKlient();
    const første = visMed(client, <Special testId="a" />);
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('7:Anne|Tilsyn'));
    første.unmount();
    visMed(client, <Special testId="b" />);
    expect(screen.getByTestId('b').textContent).toBe('7:Anne|Tilsyn');
    await act(async () => {});
    expect(calls).toHaveLength(2);
    await act(() => refreshLookups(client));
    await waitFor(() => expect(calls).toHaveLength(4));
  });
});
