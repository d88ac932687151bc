// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { standardPeriode } from '../../src/app/features/affaldstilsyn/api';
import ListeView from '../../src/app/features/affaldstilsyn/ListeView';
import { isoDatoAf } from '../../src/app/lib/dates';
import {
  opretFraCvrBodySchema,
  opretSatVirksomhedSchema,
  type SatListeRaekke,
  type SatTilsynsperiode,
  satListeQuerySchema,
} from '../../src/contract/sat';
import { renderVisning } from '../helpers/vandanlaeg-komponent';
import { type ApiCall, jsonResponse, setupComponentTests } from './harness';

/**
 * The SAT list (/affaldstilsyn, issue 12) and its creation dialogs, against the contract: every
 * request the view sends is checked with the server's own query/body schema, and every answer goes
 * through the client's answer schemas. Covered: the period chosen by default and its board, the
 * rows and their formatting, column filters and the board's overdue filter in the request, Enter and
 * Ctrl+Enter, the empty state, the CVR dialog's invalid P-numbers, dry run groups and create flow,
 * the list import's faults per line, and the manual dialog's server messages and warnings.
 */

setupComponentTests();

const idag = isoDatoAf(new Date());
const aar = Number(idag.slice(0, 4));

const periode = (over: Partial<SatTilsynsperiode>): SatTilsynsperiode => ({
  id: 1,
  navn: `SAT ${aar}`,
  aar,
  startdato: `${aar}-01-01`,
  slutdato: `${aar}-12-31`,
  antalUdvalgt: 12,
  antalUdfoert: 5,
  antalOverfoert: 3,
  antalFaktureret: 1,
  antalOverskredet: 2,
  ...over,
});
/** Newest first, as the server answers: next year's period is newer but does not contain today. */
const PERIODER = [
  periode({
    id: 2,
    navn: `SAT ${aar + 1}`,
    aar: aar + 1,
    startdato: `${aar + 1}-01-01`,
    slutdato: `${aar + 1}-12-31`,
    antalUdvalgt: 0,
    antalUdfoert: 0,
    antalOverfoert: 0,
    antalFaktureret: 0,
    antalOverskredet: 0,
  }),
  periode({}),
];

const raekke = (over: Partial<SatListeRaekke>): SatListeRaekke => ({
  id: 41,
  virksomhedsnavn: 'Agerholm El A/S',
  cvrNr: '12345678',
  pNr: '1411370560',
  udvalgtDato: `${aar}-02-01`,
  deadlineDato: '2020-03-31',
  risikoscore: 72.5,
  udvaelgelsesmetode: 'Risikobaseret',
  satStatus: 'Udvalgt',
  kategori: null,
  overfoertDato: null,
  satTilsynsperiodeId: 1,
  ...over,
});
const RAEKKER = [
  raekke({}),
  raekke({
    id: 42,
    virksomhedsnavn: 'Bachs Autoværksted',
    pNr: '1640986282',
    deadlineDato: '2020-04-30',
    risikoscore: 8,
    satStatus: 'Overført',
    kategori: 'DelAfMiljoeTilsyn',
    overfoertDato: `${aar}-05-06`,
  }),
];

type Svar = (call: ApiCall & { query: URLSearchParams }) => unknown;

/**
 * Stubs fetch for /api/ calls by method and path without the query (the handler sees the query);
 * unhandled calls answer 404. Records every call.
 */
function stubSat(handlers: Record<string, Svar>) {
  const calls: (ApiCall & { query: URLSearchParams })[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api\//, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, path: path + url.search, body, query: url.searchParams };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      if (!handler) return jsonResponse({ status: 404, message: 'Ressourcen blev ikke fundet' }, 404);
      const result = await handler(call);
      if (result instanceof Response) return result;
      return jsonResponse(result);
    }),
  );
  return calls;
}

/** The list's query as the server reads it (repeated filteredColumns), checked with its schema. */
function listeQuery(q: URLSearchParams) {
  const obj: Record<string, unknown> = Object.fromEntries(q.entries());
  obj.filteredColumns = q.getAll('filteredColumns');
  const parsed = satListeQuerySchema.safeParse(obj);
  expect(parsed.success).toBe(true);
  return obj as { filteredColumns: string[]; sortByColumn?: string; filter?: string };
}

const listeSvar =
  (rows: SatListeRaekke[] = RAEKKER): Svar =>
  ({ query }) => {
    listeQuery(query);
    return { totalCount: rows.length, items: rows };
  };

const grundApi = (over: Record<string, Svar> = {}) => ({
  'GET SATTilsynsperiode/tilsynsperioder/1': () => PERIODER,
  'GET SATTilsynsperiode/tilsynsperiodelookup/1': () =>
    PERIODER.map((p, i) => ({
      id: p.id,
      brugerId: null,
      kode: String(p.id),
      navn: p.navn,
      beskrivelse: null,
      prioritet: i + 1,
      dmaKode: true,
      aktiv: true,
    })),
  'GET satvirksomhed/liste': listeSvar(),
  'PUT Bruger/GemOpsaetning': () => new Response(null, { status: 204 }),
  ...over,
});

const listeKald = (calls: { method: string; path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('satvirksomhed/liste'));

const render = () => renderVisning(ListeView, 'affaldstilsyn', {}, { username: 'affald' });

const kommando = (t: Awaited<ReturnType<typeof render>>, label: string) =>
  t.commands.at(-1)?.find((c) => c.label === label);

describe('SAT list', () => {
  it('opens on the period containing today, shows its board and the rows the server sends', async () => {
    const calls = stubSat(grundApi());
    const t = await render();
    expect(await screen.findByText('Agerholm El A/S')).toBeTruthy();
    // The period containing today, though next year's is newer.
    expect((screen.getByLabelText('Tilsynsperiode') as HTMLSelectElement).value).toBe('1');
    expect(listeKald(calls)[0]!.query.getAll('filteredColumns')).toEqual(['periode:1']);

    const tavle = screen.getByRole('list', { name: `Status for SAT ${aar}` });
    const tal = within(tavle)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(tal).toEqual(['12Udvalgt', '5Udført', '3Overført', '1Faktureret', '2Deadline overskredet']);

    const agerholm = screen.getByText('Agerholm El A/S').closest('tr')!;
    expect(within(agerholm).getByText('72,5')).toBeTruthy();
    // An overdue deadline (no performed result) in the danger style; the transferred one is not.
    expect(within(agerholm).getByText('31-03-2020').className).toBe('sat-overskredet');
    expect(within(agerholm).getByText('Nej')).toBeTruthy();
    const bachs = screen.getByText('Bachs Autoværksted').closest('tr')!;
    expect(within(bachs).getByText('30-04-2020').className).toBe('');
    expect(within(bachs).getByText('Del af miljøtilsyn')).toBeTruthy();
    expect(within(bachs).getByText(`06-05-${aar}`)).toBeTruthy();
    expect(within(bachs).getByText('8,0')).toBeTruthy();

    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(t.navigate).toEqual(['/affaldstilsyn/41']));
    fireEvent.keyDown(grid, { key: 'Enter', ctrlKey: true });
    expect(t.beside).toEqual(['/affaldstilsyn/41']);

    // Another period: its id in the request.
    fireEvent.change(screen.getByLabelText('Tilsynsperiode'), { target: { value: '2' } });
    await waitFor(() =>
      expect(listeKald(calls).at(-1)!.query.getAll('filteredColumns')).toEqual(['periode:2']),
    );
  });

  it('sends the column filters, the board’s overdue filter and the sort to the server', async () => {
    const calls = stubSat(grundApi());
    await render();
    await screen.findByText('Agerholm El A/S');
    const sidste = () => listeQuery(listeKald(calls).at(-1)!.query);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Udført' } });
    await waitFor(() => expect(sidste().filteredColumns).toEqual(['periode:1', 'satStatus:Udført']));
    fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: '30dage' } });
    await waitFor(() =>
      expect(sidste().filteredColumns).toEqual(['periode:1', 'satStatus:Udført', 'deadline:30dage']),
    );
    fireEvent.change(screen.getByLabelText('Overført'), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText('Resultatkategori'), { target: { value: 'Paragraf8' } });
    await waitFor(() =>
      expect(sidste().filteredColumns).toEqual([
        'periode:1',
        'satStatus:Udført',
        'deadline:30dage',
        'overfoert:false',
        'kategori:Paragraf8',
      ]),
    );

    // The board's overdue cell sets the deadline filter, and a second click takes it off.
    const overskredet = screen.getByRole('button', { name: /Deadline overskredet/ });
    fireEvent.click(overskredet);
    await waitFor(() => expect(sidste().filteredColumns).toContain('deadline:overskredet'));
    expect((screen.getByLabelText('Deadline') as HTMLSelectElement).value).toBe('overskredet');
    expect(overskredet.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(overskredet);
    await waitFor(() => expect(sidste().filteredColumns.some((f) => f.startsWith('deadline:'))).toBe(false));

    // Every column sorts on the server.
    fireEvent.click(screen.getByRole('button', { name: /Risikoscore/ }));
    await waitFor(() => expect(sidste().sortByColumn).toBe('risikoscore'));
    fireEvent.click(screen.getByRole('button', { name: /Resultatkategori/ }));
    await waitFor(() => expect(sidste().sortByColumn).toBe('kategori'));
  });

  it('says when the period has no SAT companies and offers the three ways to create them', async () => {
    stubSat(grundApi({ 'GET satvirksomhed/liste': listeSvar([]) }));
    const t = await render();
    expect(await screen.findByText('Ingen SAT-virksomheder i perioden')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    const tom = screen.getByText('Ingen SAT-virksomheder i perioden').parentElement!;
    expect(
      within(tom)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Opret fra CVR', 'Importér Miljøstyrelsens liste', 'Opret SAT-virksomhed']);
    // The buttons are drawn from the tile's commands: their tooltips are the commands' names and keys.
    expect(
      within(tom)
        .getAllByRole('button')
        .map((b) => b.getAttribute('title')),
    ).toEqual([
      'Opret SAT-virksomheder fra CVR (Alt+N)',
      'Importér Miljøstyrelsens liste (Alt+I)',
      'Opret SAT-virksomhed (Alt+Shift+N)',
    ]);
    await waitFor(() => expect(kommando(t, 'Opret SAT-virksomhed')?.shortcut).toBe('alt+shift+n'));
    expect(kommando(t, 'Opret SAT-virksomheder fra CVR')?.shortcut).toBe('alt+n');
    expect(kommando(t, 'Importér Miljøstyrelsens liste')?.shortcut).toBe('alt+i');
    // The palette's command opens the dialog.
    act(() => kommando(t, 'Importér Miljøstyrelsens liste')!.run());
    expect(await screen.findByRole('dialog', { name: 'Importér Miljøstyrelsens liste' })).toBeTruthy();
  });
});

const enhed = (pNr: string, navn: string | null, adresse: string | null, kommune = 'Skive') => ({
  pNr,
  cvrNr: navn ? '12345678' : null,
  navn,
  adresse,
  kommune: navn ? kommune : null,
  satVirksomhedId: null,
});

describe('SAT list: Opret fra CVR', () => {
  it('lists invalid P-numbers first, then the dry run in four groups, then creates the new ones', async () => {
    const nye = [
      enhed('1411370560', 'Agerholm El A/S', 'Teglværksvej 38, 7840 Højslev'),
      enhed('1640986282', 'Bachs Autoværksted', 'Finlandsvej 43, 7800 Skive'),
    ];
    const cvrKald: { query: URLSearchParams; body: ReturnType<typeof opretFraCvrBodySchema.parse> }[] = [];
    const calls = stubSat(
      grundApi({
        'POST SATVirksomhed/OpretSATVirksomhederFraCVR': ({ query, body }) => {
          const b = opretFraCvrBodySchema.parse(body);
          cvrKald.push({ query, body: b });
          if (b.proevekoersel) {
            return {
              proevekoersel: true,
              nye,
              findes: [
                {
                  ...enhed('1790349785', 'El-installatør Kristian Olsen', 'Erhvervsvej 17, 7860 Spøttrup'),
                  satVirksomhedId: 43,
                },
              ],
              udenforKommune: [
                enhed('1690893356', 'Auto-Toft afd. Struer', 'Havnevej 1, 7600 Struer', 'Struer'),
              ],
              ukendte: [enhed('1999999999', null, null)],
            };
          }
          return {
            proevekoersel: false,
            nye: b.linjer.map((l, i) => ({ ...nye.find((n) => n.pNr === l.pNr)!, satVirksomhedId: 50 + i })),
            findes: [],
            udenforKommune: [],
            ukendte: [],
          };
        },
      }),
    );
    await render();
    await screen.findByText('Agerholm El A/S');
    const listeFoer = listeKald(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Opret fra CVR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret SAT-virksomheder fra CVR' });
    const felt = within(dialog).getByLabelText('P-numre');
    const kontroller = () => within(dialog).getByRole('button', { name: 'Kontrollér' }) as HTMLButtonElement;

    fireEvent.change(felt, {
      target: { value: '1411370560, 1640986282;1790349785\n 1690893356 1999999999\n14113705 1411370560' },
    });
    expect(within(dialog).getByRole('alert').textContent).toContain('1 ugyldigt P-nummer');
    expect(within(dialog).getByText('14113705')).toBeTruthy();
    expect(kontroller().disabled).toBe(true);
    fireEvent.keyDown(felt, { key: 'Enter', ctrlKey: true });
    expect(cvrKald).toEqual([]);

    fireEvent.change(felt, {
      target: { value: '1411370560, 1640986282;1790349785\n 1690893356 1999999999\n1411370560' },
    });
    expect(within(dialog).getByText('5 P-numre (1 gentagne udeladt)')).toBeTruthy();
    // Ctrl+Enter runs the primary step: the dry run.
    fireEvent.keyDown(felt, { key: 'Enter', ctrlKey: true });
    const nyeGruppe = await within(dialog).findByRole('region', { name: 'Nye' });
    expect(cvrKald).toHaveLength(1);
    expect(cvrKald[0]!.body.proevekoersel).toBe(true);
    expect(cvrKald[0]!.body.fraSatListe).toBe(false);
    expect(cvrKald[0]!.body.linjer.map((l) => l.pNr)).toEqual([
      '1411370560',
      '1640986282',
      '1790349785',
      '1690893356',
      '1999999999',
    ]);
    expect(cvrKald[0]!.query.get('KundeId')).toBe('1');
    expect(cvrKald[0]!.query.get('satTilsynsperiodeId')).toBe('1');

    const gruppe = (navn: string) => within(dialog).getByRole('region', { name: navn });
    expect(within(nyeGruppe).getByRole('heading').textContent).toBe('Nye 2');
    const bachs = within(nyeGruppe).getByText('Bachs Autoværksted').closest('li')!;
    expect(within(bachs).getByText('P 1640986282 · Finlandsvej 43, 7800 Skive')).toBeTruthy();
    expect(within(gruppe('Findes allerede i perioden')).getByRole('heading').textContent).toBe(
      'Findes allerede i perioden 1',
    );
    expect(within(gruppe('Uden for kommunen')).getByText('Auto-Toft afd. Struer')).toBeTruthy();
    expect(
      within(gruppe('Uden for kommunen')).getByText('P 1690893356 · Havnevej 1, 7600 Struer · Struer'),
    ).toBeTruthy();
    expect(gruppe('Ukendt i CVR').textContent).toContain('P 1999999999');
    expect(listeKald(calls).length).toBe(listeFoer);

    // Ctrl+Enter again, wherever focus is in the dialog: the next step, creating the new ones.
    expect(within(dialog).getByRole('button', { name: 'Opret 2 SAT-virksomheder' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Enter', ctrlKey: true });
    expect(await within(dialog).findByText('2 SAT-virksomheder er oprettet.')).toBeTruthy();
    // Only the new ones are sent, for real this time.
    expect(cvrKald).toHaveLength(2);
    expect(cvrKald[1]!.body.proevekoersel).toBe(false);
    expect(cvrKald[1]!.body.linjer.map((l) => l.pNr)).toEqual(['1411370560', '1640986282']);
    expect(within(dialog).getByRole('region', { name: 'Oprettet' }).textContent).toContain('Agerholm El A/S');
    // The list and the boards load again.
    await waitFor(() => expect(listeKald(calls).length).toBeGreaterThan(listeFoer));
    expect(calls.filter((c) => c.path === 'SATTilsynsperiode/tilsynsperioder/1').length).toBeGreaterThan(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Luk' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cannot create when the dry run finds nothing new', async () => {
    stubSat(
      grundApi({
        'POST SATVirksomhed/OpretSATVirksomhederFraCVR': () => ({
          proevekoersel: true,
          nye: [],
          findes: [{ ...enhed('1411370560', 'Agerholm El A/S', null), satVirksomhedId: 41 }],
          udenforKommune: [],
          ukendte: [],
        }),
      }),
    );
    await render();
    await screen.findByText('Agerholm El A/S', { selector: 'td, td *' });
    fireEvent.click(screen.getByRole('button', { name: 'Opret fra CVR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret SAT-virksomheder fra CVR' });
    fireEvent.change(within(dialog).getByLabelText('P-numre'), { target: { value: '1411370560' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kontrollér' }));
    const opret = (await within(dialog).findByRole('button', {
      name: 'Opret 0 SAT-virksomheder',
    })) as HTMLButtonElement;
    expect(opret.disabled).toBe(true);
  });
});

/** A file as the file input hands it over. */
function vaelgFil(input: HTMLElement, navn: string, tekst: string) {
  const fil = new File([tekst], navn, { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [fil] } });
}

describe('SAT list: the period it opens on', () => {
  it('is the newest containing today, else the newest of all, else none', () => {
    const p = (id: number, start: string, slut: string) => periode({ id, startdato: start, slutdato: slut });
    const perioder = [
      p(3, '2027-01-01', '2027-12-31'),
      p(2, '2026-07-01', '2027-06-30'),
      p(1, '2026-01-01', '2026-12-31'),
    ];
    expect(standardPeriode(perioder, '2026-03-01')?.id).toBe(1);
    // Overlapping periods: the newer of the two that contain the day.
    expect(standardPeriode(perioder, '2026-08-01')?.id).toBe(2);
    expect(standardPeriode(perioder, '2029-01-01')?.id).toBe(3);
    expect(standardPeriode([], '2026-03-01')).toBeNull();
  });
});

/** The server's answer to a creation from CVR where every line is a new company. */
const alleNye = (b: ReturnType<typeof opretFraCvrBodySchema.parse>) => ({
  proevekoersel: b.proevekoersel,
  nye: b.linjer.map((l) => enhed(l.pNr, `Virksomhed ${l.pNr}`, null)),
  findes: [],
  udenforKommune: [],
  ukendte: [],
});

describe('SAT list: a creation that fails half way', () => {
  it('says what went wrong and how many were created before it', async () => {
    let kald = 0;
    const linjer = Array.from({ length: 60 }, (_, i) => `1${String(400000000 + i)}`);
    stubSat(
      grundApi({
        'POST SATVirksomhed/OpretSATVirksomhederFraCVR': ({ body }) => {
          const b = opretFraCvrBodySchema.parse(body);
          kald++;
          if (!b.proevekoersel && kald > 2) {
            return jsonResponse({ status: 504, message: 'CVR svarede ikke i tide' }, 504);
          }
          return alleNye(b);
        },
      }),
    );
    await render();
    await screen.findByText('Agerholm El A/S');
    fireEvent.click(screen.getByRole('button', { name: 'Opret fra CVR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret SAT-virksomheder fra CVR' });
    fireEvent.change(within(dialog).getByLabelText('P-numre'), { target: { value: linjer.join('\n') } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kontrollér' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Opret 60 SAT-virksomheder' }));
    // The first 50 went through, the second portion timed out.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'CVR svarede ikke i tide. 50 af 60 blev oprettet, før fejlen.',
    );
    expect(within(dialog).getByText('50 SAT-virksomheder er oprettet.')).toBeTruthy();
  });
});

describe('SAT list: Importér Miljøstyrelsens liste', () => {
  it('shows every line with its faults before anything is sent, then runs the flow with fraSatListe', async () => {
    const sendt: ReturnType<typeof opretFraCvrBodySchema.parse>[] = [];
    stubSat(
      grundApi({
        'POST SATVirksomhed/OpretSATVirksomhederFraCVR': ({ body }) => {
          const b = opretFraCvrBodySchema.parse(body);
          sendt.push(b);
          return alleNye(b);
        },
      }),
    );
    await render();
    await screen.findByText('Agerholm El A/S');
    fireEvent.click(screen.getByRole('button', { name: 'Importér liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importér Miljøstyrelsens liste' });
    const input = within(dialog).getByLabelText('Listen (.csv)');

    vaelgFil(
      input,
      'sat-liste.csv',
      'P-nummer;Risikoscore;Udvælgelsesmetode;Deadline\n1411370560;72,5;Risikobaseret;31-03-2027\n16409862;abc;Stikprøve;31-13-2027\n',
    );
    const tabel = await within(dialog).findByRole('table', { name: 'Linjer i filen' });
    const linjer = within(tabel).getAllByRole('row').slice(1);
    expect(linjer.map((r) => r.querySelector('td')!.textContent)).toEqual(['2', '3']);
    expect(linjer[1]!.textContent).toContain(
      'P-nummeret »16409862« skal være 10 cifre og begynde med 1; Risikoscoren »abc« er ikke et tal (fx 72,5); Deadline »31-13-2027« er ikke en dato (DD-MM-ÅÅÅÅ)',
    );
    expect(within(dialog).getByText(/2 linjer, 1 med fejl/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Kontrollér' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    vaelgFil(
      input,
      'sat-liste.csv',
      'P-nummer;Risikoscore;Udvælgelsesmetode;Deadline\n1411370560;72,5;Risikobaseret;31-03-2027\n1640986282;;Stikprøve;\n',
    );
    await within(dialog).findByText(/2 linjer, ingen fejl/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kontrollér' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Opret 2 SAT-virksomheder' }));
    await within(dialog).findByText('2 SAT-virksomheder er oprettet.');
    expect(sendt.map((b) => [b.proevekoersel, b.fraSatListe])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(sendt[1]!.linjer).toEqual([
      {
        pNr: '1411370560',
        risikoscore: 72.5,
        udvaelgelsesmetode: 'Risikobaseret',
        deadlineDato: '2027-03-31',
      },
      { pNr: '1640986282', risikoscore: null, udvaelgelsesmetode: 'Stikprøve', deadlineDato: null },
    ]);
  });
});

describe('SAT list: Opret SAT-virksomhed', () => {
  const problem = (errors: Record<string, string[]>) =>
    jsonResponse({ title: 'Ugyldige data', status: 400, errors }, 400);

  async function aabnManuel() {
    await screen.findByText('Agerholm El A/S');
    fireEvent.click(screen.getByRole('button', { name: 'Opret manuelt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret SAT-virksomhed' });
    fireEvent.change(within(dialog).getByLabelText(/^Virksomhedsnavn/), {
      target: { value: 'Fur Byg & Montage' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^P-nr\./), { target: { value: '1965952486' } });
    return dialog;
  }

  it('shows the server’s messages at their fields and creates nothing', async () => {
    const calls = stubSat(
      grundApi({
        'POST SATVirksomhed/ValidateOpretSATVirksomhed': ({ body }) => {
          expect(opretSatVirksomhedSchema.safeParse(body).success).toBe(true);
          return problem({
            pNr: ['P-nummeret er allerede SAT-virksomhed i perioden'],
            deadlineDato: ['Deadline ligger efter periodens slutdato'],
          });
        },
      }),
    );
    await render();
    const dialog = await aabnManuel();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kontrollér' }));
    expect(await within(dialog).findByText('P-nummeret er allerede SAT-virksomhed i perioden')).toBeTruthy();
    const pNrFelt = within(dialog)
      .getByText('P-nummeret er allerede SAT-virksomhed i perioden')
      .closest('[data-felt]');
    expect(pNrFelt?.getAttribute('data-felt')).toBe('pNr');
    expect(
      within(dialog)
        .getByText('Deadline ligger efter periodens slutdato')
        .closest('[data-felt]')
        ?.getAttribute('data-felt'),
    ).toBe('deadlineDato');

    // 'Opret' asks the server first, too: the same answer, and no creation.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opret' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'SATVirksomhed/ValidateOpretSATVirksomhed')).toHaveLength(2),
    );
    expect(calls.some((c) => c.path === 'SATVirksomhed/OpretSATVirksomhedManuelt')).toBe(false);
    const body = calls.find((c) => c.path === 'SATVirksomhed/ValidateOpretSATVirksomhed')!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      virksomhedsnavn: 'Fur Byg & Montage',
      pNr: '1965952486',
      satTilsynsperiodeId: 1,
      udvalgtDato: idag,
    });
  });

  it('shows a warning before it creates, then opens the new company (beside on Ctrl+Enter)', async () => {
    const oprettet = {
      id: 77,
      virksomhedsnavn: 'Fur Byg & Montage',
      cvrNr: null,
      pNr: '1965952486',
      satTilsynsperiodeId: 1,
      udvalgtDato: idag,
      deadlineDato: null,
      risikoscore: null,
      udvaelgelsesmetode: null,
      erLandbrug: false,
      satTilsynsperiode: `SAT ${aar}`,
      fraSatListe: false,
      satVirksomhedKanAendres: true,
      satStatus: 'Udvalgt',
      adresse: null,
      satResult: null,
      gebyrer: [],
      overfoersler: [],
      version: 1,
    };
    const calls = stubSat(
      grundApi({
        'POST SATVirksomhed/ValidateOpretSATVirksomhed': () => ({
          gyldig: true,
          advarsler: ['P-nummeret er også SAT-virksomhed i SAT 2025'],
        }),
        'POST SATVirksomhed/OpretSATVirksomhedManuelt': () => jsonResponse(oprettet, 201),
      }),
    );
    const t = await render();
    const dialog = await aabnManuel();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opret' }));
    expect(await within(dialog).findByText('P-nummeret er også SAT-virksomhed i SAT 2025')).toBeTruthy();
    expect(calls.some((c) => c.path === 'SATVirksomhed/OpretSATVirksomhedManuelt')).toBe(false);

    // Seen: Ctrl+Enter creates and opens the company beside the list.
    fireEvent.keyDown(within(dialog).getByLabelText(/^P-nr\./), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(t.beside).toEqual(['/affaldstilsyn/77']));
    expect(t.navigate).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path === 'SATVirksomhed/OpretSATVirksomhedManuelt')).toHaveLength(1);
  });
});
