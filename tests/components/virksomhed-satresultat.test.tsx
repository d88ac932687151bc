// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TilsynView from '../../src/app/features/virksomhed/TilsynView';
import { formatIsoDato } from '../../src/contract/format';
import { SAT_LANDBRUG_KATEGORI_FEJL } from '../../src/contract/sat';
import { queryRows } from '../../src/server/db/client';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

setupComponentTests();
// The real server answers slower than a stub on a busy machine: wait longer for it (no timing is tested).
configure({ asyncUtilTimeout: 8000 });

/**
 * An ordinary company's SAT result on its tilsyn tab, against the real server: the card only for
 * holders of SAGSBEHANDLER_AFFALD, creating the result (POST satresultat/virksomhed/{id}), changing
 * it, the transfer state, and the farm category rule answered by the server.
 */

let s: SatServer;
type Resultat = Record<string, unknown> & { id: number; version: number };

/** A company (1) or farm (2) of the customer without a SAT result. */
async function udenResultat(type: 1 | 2, spring = 0): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    s.database.db,
    sql`select v.id from virksomhed v where v.kunde_id = ${s.kundeId} and v.type = ${type} and not v.slettet
        and not exists (select 1 from registrering r where r.virksomhed_id = v.id and r.art = 'satresultat' and not r.slettet)
        order by v.id limit 1 offset ${spring}`,
  );
  if (!rows[0]) throw new Error(`no company of type ${type} without a SAT result`);
  return Number(rows[0].id);
}

beforeAll(async () => {
  s = await startSatServer('admin');
});
afterAll(async () => s?.close());

function vis(
  id: number,
  rute: 'virksomhed-tilsyn' | 'landbrug-tilsyn' = 'virksomhed-tilsyn',
  username = 'admin',
) {
  s.kobl();
  return renderVisning(
    TilsynView,
    rute,
    { id: String(id) },
    {
      username,
      user: { userId: String(s.brugerId), customerId: s.kundeId },
    },
  );
}

const kortet = () => screen.findByRole('region', { name: 'Affaldstilsyn (SAT)' });
const felt = <T extends Element = HTMLInputElement>(form: HTMLElement, navn: string) => {
  const el = form.querySelector(`[name="${navn}"]`);
  if (!el) throw new Error(`no field ${navn}`);
  return el as unknown as T;
};

/** Picks the first result type once the fixed list has loaded. */
async function vaelgResultattype(form: HTMLElement) {
  const select = felt<HTMLSelectElement>(form, 'satTilsynsresultatTypeId');
  await waitFor(() => expect(select.options.length).toBeGreaterThan(1));
  fireEvent.change(select, { target: { value: select.options[1]!.value } });
  return select.options[1]!.textContent;
}

describe("an ordinary company's SAT result", () => {
  it('creates the result from the card and shows category, type, date, transfer state and fractions', async () => {
    const id = await udenResultat(1);
    await vis(id);
    const kort = await kortet();
    await within(kort).findByText('Virksomheden har intet SAT-resultat.');
    fireEvent.click(within(kort).getByRole('button', { name: 'Opret SAT-resultat' }));
    const form = await within(kort).findByRole('form', { name: 'SAT-resultat' });
    expect(felt<HTMLSelectElement>(form, 'satTilsynsresultatKategori').value).toBe('UdtrukketAfSAT');
    const typeNavn = await vaelgResultattype(form);
    fireEvent.change(felt(form, 'udfoertDato'), { target: { value: '02-09-2026' } });
    fireEvent.click(felt(form, 'affaldsfraktion_Papir'));
    fireEvent.click(felt(form, 'affaldsfraktion_Glas'));
    fireEvent.click(within(form).getByRole('button', { name: 'Opret SAT-resultat' }));

    const fakta = await within(kort).findByTestId('sat-resultat');
    expect(within(kort).queryByRole('form')).toBeNull();
    expect(within(fakta).getByText('Udtrukket af SAT')).toBeTruthy();
    expect(within(fakta).getByText(typeNavn!)).toBeTruthy();
    expect(within(fakta).getByText('02-09-2026')).toBeTruthy();
    expect(within(fakta).getByText('Ikke overført')).toBeTruthy();
    expect(within(fakta).getByText('2 af 18')).toBeTruthy();
    expect(s.kald.some((k) => k.method === 'POST' && k.path === `satresultat/virksomhed/${id}`)).toBe(true);
    const liste = await s.api<Resultat[]>('GET', `satresultat/virksomhed/list/${id}`);
    expect(liste.body).toHaveLength(1);
    expect(liste.body[0]?.affaldsfraktion_Papir).toBe(true);

    // Changed through the same form.
    fireEvent.click(within(kort).getByRole('button', { name: 'Ret SAT-resultat' }));
    const ret = await within(kort).findByRole('form', { name: 'SAT-resultat' });
    const retKategori = felt<HTMLSelectElement>(ret, 'satTilsynsresultatKategori');
    await waitFor(() => expect([...retKategori.options].map((o) => o.value)).toContain('Paragraf8'));
    fireEvent.change(retKategori, { target: { value: 'Paragraf8' } });
    fireEvent.click(within(ret).getByRole('button', { name: 'Gem SAT-resultat' }));
    await waitFor(() => expect(within(kort).queryByRole('form')).toBeNull());
    expect(within(within(kort).getByTestId('sat-resultat')).getByText('§ 8-tilsyn')).toBeTruthy();
    expect(
      (await s.api<Resultat[]>('GET', `satresultat/virksomhed/list/${id}`)).body[0]
        ?.satTilsynsresultatKategori,
    ).toBe('Paragraf8');
  });

  it('shows when the result was transferred to Miljøstyrelsen', async () => {
    const id = await udenResultat(1);
    const typer = await s.api<{ id: number }[]>('GET', 'SATResultatType/lookup');
    const r = await s.api<Resultat>('POST', `satresultat/virksomhed/${id}`, {
      titel: 'Affaldstilsyn',
      satTilsynsresultatKategori: 'DelAfMiljoeTilsyn',
      satTilsynsresultatTypeId: typer.body[0]?.id,
      udfoertDato: '2026-08-20',
    });
    expect(r.status).toBe(201);
    const o = await s.api<Resultat>('POST', `satresultat/OpretOpdaterSATResultatISAT/${r.body.id}`, {
      version: r.body.version,
    });
    expect(o.status).toBe(200);
    await vis(id);
    const kort = await kortet();
    const fakta = await within(kort).findByTestId('sat-resultat');
    expect(
      within(fakta).getByText(`Overført ${formatIsoDato(String(o.body.overfoertTilMiljoestyrelsenDato))}`),
    ).toBeTruthy();
    expect(within(fakta).getByText('Del af miljøtilsyn')).toBeTruthy();
    expect(within(kort).getByRole('button', { name: 'Ret SAT-resultat' })).toBeTruthy();
  });

  it("a farm's result: only its two categories (the server's message in the form)", async () => {
    const id = await udenResultat(2);
    await vis(id, 'landbrug-tilsyn');
    const kort = await kortet();
    fireEvent.click(await within(kort).findByRole('button', { name: 'Opret SAT-resultat' }));
    const form = await within(kort).findByRole('form', { name: 'SAT-resultat' });
    // A farm's form starts on a category a farm may have.
    expect(felt<HTMLSelectElement>(form, 'satTilsynsresultatKategori').value).toBe('DelAfMiljoeTilsyn');
    await vaelgResultattype(form);
    // The categories are a lookup: wait until its options are there before choosing one.
    const kategori = felt<HTMLSelectElement>(form, 'satTilsynsresultatKategori');
    await waitFor(() => expect([...kategori.options].map((o) => o.value)).toContain('UdtrukketAfSAT'));
    fireEvent.change(kategori, { target: { value: 'UdtrukketAfSAT' } });
    expect(kategori.value).toBe('UdtrukketAfSAT');
    fireEvent.click(within(form).getByRole('button', { name: 'Opret SAT-resultat' }));
    await within(form).findByText(SAT_LANDBRUG_KATEGORI_FEJL);
    expect((await s.api<Resultat[]>('GET', `satresultat/virksomhed/list/${id}`)).body).toHaveLength(0);
  });

  it('is not shown without the SAT right, and nothing is asked for', async () => {
    const id = await udenResultat(1);
    await vis(id, 'virksomhed-tilsyn', 'virksomhed');
    await screen.findByRole('region', { name: 'Tilsyn' });
    expect(screen.queryByRole('region', { name: 'Affaldstilsyn (SAT)' })).toBeNull();
    expect(s.kald.some((k) => k.path.startsWith(`satresultat/virksomhed/list/${id}`))).toBe(false);
  });
});
