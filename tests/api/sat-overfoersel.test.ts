import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordKonflikt } from '../../src/contract/record-kind';
import { SAT_RESULTAT_TYPE_STI } from '../../src/contract/sat';
import { SAT_RESULTAT } from '../../src/contract/sat-registreringer';
import { lookupListe } from '../../src/server/catalog/lookups';
import { queryRows } from '../../src/server/db/client';
import { createSatSimulator, SAT_MANGLER_PNR, SAT_STANDARD_FEJL } from '../../src/server/integrations/sat';
import {
  SAT_IKKE_OVERFOERT,
  SAT_OVERFOER_TIMEOUT,
  SAT_SLET_FOERST,
  SAT_SLET_TIMEOUT,
  satOverfoerFejl,
  satSletFejl,
} from '../../src/server/routes/sat-registreringer';
import { nyPeriode, nySatVirksomhed } from '../helpers/sat-fixtures';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

const I_DAG = new Date('2026-06-15T10:00:00Z');
const SKIVE = 779;
const HERNING = 657;
const resultatType = lookupListe(SAT_RESULTAT_TYPE_STI)![1]!;

const resultat = (extra: Record<string, unknown> = {}) => ({
  titel: 'Affaldstilsyn',
  satTilsynsresultatKategori: 'UdtrukketAfSAT',
  satTilsynsresultatTypeId: resultatType.id,
  timeantal: 1.5,
  udfoertDato: '2026-06-01',
  affaldsfraktion_Papir: true,
  affaldsfraktion_Farligtaffald: true,
  forkerteFraktionerIMstData: true,
  forkerteFraktionerIMstDataBemaerkning: 'Pap mangler',
  ...extra,
});

describe.each(dbTargets())('transfer of SAT results to the SAT system (%s)', (target) => {
  let t: TestApp;
  let affald: string;
  let virk: string;
  let herningAdmin: string;
  let skive: number;
  let periode: number;
  /** The simulator's clock moves a minute per call, so the first creation time can be told apart. */
  let minut = 0;
  const sim = createSatSimulator({ clock: () => new Date(Date.UTC(2026, 5, 15, 12, minut++)) });

  const kald = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, token, body);

  /** A SAT company with a result; its id, the result's id and version. */
  async function nyResultat(extra: Record<string, unknown> = {}, pNr?: string | null) {
    const vid = await nySatVirksomhed(t.database.db, skive, periode, pNr === undefined ? {} : { pNr });
    const r = await kald('POST', `satresultat/satvirksomhed/${vid}`, affald, resultat(extra));
    expect(r.statusCode, r.body).toBe(201);
    return { vid, ...(json(r) as { id: number; version: number }) };
  }
  const overfoer = (id: number, version: number, token = affald) =>
    kald('POST', `satresultat/OpretOpdaterSATResultatISAT/${id}`, token, { version });
  const sletISat = (id: number, version: number) =>
    kald('POST', `satresultat/SletSATResultatISAT/${id}`, affald, { version });
  const historik = (id: number) =>
    queryRows<{ handling: string; status: string; besked: string | null; sat_id: string | null }>(
      t.database.db,
      sql`select handling, status, besked, sat_id from sat_overfoersel where resultat_id = ${id} order by id`,
    );
  const iSat = (id: number) => sim.resultater(SKIVE).filter((g) => g.resultat.resultatId === id);

  beforeAll(async () => {
    t = await createTestApp(target, { SAT_TIMEOUT_MS: '100' }, () => I_DAG, { integrations: { sat: sim } });
    affald = await t.tokenFor('affald');
    virk = await t.tokenFor('virksomhed');
    herningAdmin = await t.tokenFor('admin', HERNING);
    skive = await t.kundeId(SKIVE);
    periode = await nyPeriode(t.database.db, skive);
  });
  beforeEach(() => sim.saetTilstand('ok'));
  afterAll(async () => t?.close());

  it('transfers a result: SAT holds it, both dates are set, a new version and a log entry', async () => {
    const { vid, id, version } = await nyResultat();
    const svar = await overfoer(id, version);
    expect(svar.statusCode, svar.body).toBe(200);
    const r = json(svar);
    expect(r.overfoertTilMiljoestyrelsenDato).toBe(I_DAG.toISOString());
    const [holdt] = iSat(id);
    expect(holdt).toBeDefined();
    expect(r.oprettetMiljoestyrelsenDato).toBe(holdt!.oprettet);
    expect(r.version).not.toBe(version);
    expect(json(await kald('GET', `satresultat/${id}`, affald))).toMatchObject({
      version: r.version,
      overfoertTilMiljoestyrelsenDato: I_DAG.toISOString(),
    });
    // What SAT received: the company's P-number and name, the category, the type's code, the flags.
    const [v] = await queryRows<{ p_nr: string; cvr_nr: string; navn: string }>(
      t.database.db,
      sql`select p_nr, cvr_nr, navn from virksomhed where id = ${vid}`,
    );
    expect(holdt!.resultat).toMatchObject({
      kundeNr: SKIVE,
      resultatId: id,
      virksomhed: { pNr: v!.p_nr, cvrNr: v!.cvr_nr, navn: v!.navn },
      kategori: 'UdtrukketAfSAT',
      resultatTypeKode: resultatType.kode,
      timeantal: 1.5,
      udfoertDato: '2026-06-01',
      forkerteFraktionerIMstData: true,
      forkerteFraktionerIMstDataBemaerkning: 'Pap mangler',
      forkerteAktoererIMstData: false,
    });
    expect(Object.keys(holdt!.resultat.fraktioner)).toHaveLength(18);
    expect(Object.entries(holdt!.resultat.fraktioner).filter(([, ja]) => ja)).toEqual([
      ['Papir', true],
      ['Farligtaffald', true],
    ]);
    expect(await historik(id)).toEqual([
      { handling: 'overfoer', status: 'OK', besked: null, sat_id: holdt!.satId },
    ]);
    const log = await queryRows<{ notat: string }>(
      t.database.db,
      sql`select notat from logbog where virksomhed_id = ${vid} order by id desc limit 1`,
    );
    expect(log[0]!.notat).toContain('SAT-resultat overført til Miljøstyrelsen');

    // A later transfer updates SAT's copy and keeps the first creation time.
    const ret = json(
      await kald('PUT', `satresultat/${id}`, affald, { ...resultat({ timeantal: 3 }), version: r.version }),
    );
    expect(ret.overfoertTilMiljoestyrelsenDato).toBe(r.overfoertTilMiljoestyrelsenDato);
    const igen = json(await overfoer(id, ret.version));
    expect(igen.oprettetMiljoestyrelsenDato).toBe(r.oprettetMiljoestyrelsenDato);
    expect(iSat(id)).toHaveLength(1);
    expect(iSat(id)[0]!.resultat.timeantal).toBe(3);
  });

  it('leaves the result as it was when SAT refuses (502 with the reason) and records the attempt', async () => {
    const { id, version } = await nyResultat();
    const foer = json(await kald('GET', `satresultat/${id}`, affald));
    sim.saetTilstand('fejl');
    const svar = await overfoer(id, version);
    expect(svar.statusCode).toBe(502);
    expect(json(svar)).toEqual({ title: satOverfoerFejl(SAT_STANDARD_FEJL), status: 502 });
    expect(json(svar).title).toBe(
      'Overførslen til SAT mislykkedes: P-nummeret findes ikke i SAT. Resultatet er uændret – prøv igen.',
    );
    expect(json(await kald('GET', `satresultat/${id}`, affald))).toEqual(foer);
    expect(iSat(id)).toEqual([]);
    expect(await historik(id)).toEqual([
      { handling: 'overfoer', status: 'Fejl', besked: SAT_STANDARD_FEJL, sat_id: null },
    ]);
  });

  it('answers 504 when SAT does not answer in time; a retry transfers the result once', async () => {
    const { id, version } = await nyResultat();
    sim.saetTilstand('timeout');
    const svar = await overfoer(id, version);
    expect(svar.statusCode).toBe(504);
    expect(json(svar).title).toBe(SAT_OVERFOER_TIMEOUT);
    const efter = json(await kald('GET', `satresultat/${id}`, affald));
    expect(efter).toMatchObject({
      version,
      overfoertTilMiljoestyrelsenDato: null,
      oprettetMiljoestyrelsenDato: null,
    });
    // The lost answer: SAT did store it.
    expect(iSat(id)).toHaveLength(1);
    const foersteGang = iSat(id)[0]!.oprettet;

    sim.saetTilstand('ok');
    const igen = await overfoer(id, version);
    expect(igen.statusCode).toBe(200);
    expect(iSat(id)).toHaveLength(1);
    expect(iSat(id)[0]!.opdateret).not.toBe(foersteGang);
    expect(json(igen).oprettetMiljoestyrelsenDato).toBe(foersteGang);
    expect((await historik(id)).map((h) => h.status)).toEqual(['Timeout', 'OK']);
  });

  it('deletes in SAT as a second step before the result itself can be deleted', async () => {
    const { vid, id, version } = await nyResultat();
    expect((await sletISat(id, version)).statusCode).toBe(400);
    expect(json(await sletISat(id, version)).errors.overfoertTilMiljoestyrelsenDato).toEqual([
      SAT_IKKE_OVERFOERT,
    ]);
    const r = json(await overfoer(id, version));

    const slet = await kald('DELETE', `satresultat/${id}?version=${r.version}`, affald);
    expect(slet.statusCode).toBe(400);
    expect(json(slet).title).toBe(SAT_SLET_FOERST);
    expect(json(await kald('GET', `satresultat/${id}`, affald)).version).toBe(r.version);

    // SAT fails or does not answer: nothing changes here.
    sim.saetTilstand('fejl', 'Resultatet er låst i SAT');
    const fejl = await sletISat(id, r.version);
    expect(fejl.statusCode).toBe(502);
    expect(json(fejl).title).toBe(satSletFejl('Resultatet er låst i SAT'));
    sim.saetTilstand('timeout');
    const timeout = await sletISat(id, r.version);
    expect(timeout.statusCode).toBe(504);
    expect(json(timeout).title).toBe(SAT_SLET_TIMEOUT);
    expect(json(await kald('GET', `satresultat/${id}`, affald))).toMatchObject({
      version: r.version,
      overfoertTilMiljoestyrelsenDato: r.overfoertTilMiljoestyrelsenDato,
    });

    sim.saetTilstand('ok');
    const ok = await sletISat(id, r.version);
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({
      overfoertTilMiljoestyrelsenDato: null,
      oprettetMiljoestyrelsenDato: null,
    });
    expect(iSat(id)).toEqual([]);
    const log = await queryRows<{ notat: string }>(
      t.database.db,
      sql`select notat from logbog where virksomhed_id = ${vid} order by id desc limit 1`,
    );
    expect(log[0]!.notat).toBe('SAT-resultat slettet i SAT.');
    expect((await historik(id)).map((h) => `${h.handling} ${h.status}`)).toEqual([
      'overfoer OK',
      'slet Fejl',
      'slet Timeout',
      'slet OK',
    ]);
    expect((await kald('DELETE', `satresultat/${id}?version=${json(ok).version}`, affald)).statusCode).toBe(
      204,
    );
  });

  it('refuses an incomplete result (400 per field) and one without P-number (SAT refuses, 502)', async () => {
    const { id, version } = await nyResultat({ udfoertDato: null });
    const svar = await overfoer(id, version);
    expect(svar.statusCode).toBe(400);
    expect(json(svar).errors).toEqual({
      udfoertDato: ['Udført dato skal udfyldes før resultatet overføres'],
    });
    expect(iSat(id)).toEqual([]);
    expect(await historik(id)).toEqual([]);

    const uden = await nyResultat({}, null);
    const svar2 = await overfoer(uden.id, uden.version);
    expect(svar2.statusCode).toBe(502);
    expect(json(svar2).title).toBe(satOverfoerFejl(SAT_MANGLER_PNR));
  });

  it("answers 409 to a stale version, 403 without the right, 404 to another customer's result", async () => {
    const { id, version } = await nyResultat();
    const ret = json(
      await kald('PUT', `satresultat/${id}`, affald, { ...resultat({ timeantal: 2 }), version }),
    );
    const gammel = await overfoer(id, version);
    expect(gammel.statusCode).toBe(409);
    expect(json(gammel).message).toBe(recordKonflikt(SAT_RESULTAT.navn));
    expect(iSat(id)).toEqual([]);
    expect((await overfoer(id, ret.version, virk)).statusCode).toBe(403);
    expect((await overfoer(id, ret.version, herningAdmin)).statusCode).toBe(404);
    expect(await historik(id)).toEqual([]);
  });
});
