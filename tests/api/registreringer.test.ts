import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defineRecordKind,
  type RecordOwner,
  recordEndpoints,
  recordKonflikt,
} from '../../src/contract/record-kind';
import {
  ARTER,
  REGISTRERING_ARTER,
  type RegistreringArt,
  registreringKonflikt,
  registreringSchema,
} from '../../src/contract/registreringer';
import type { FeltDef } from '../../src/contract/virksomhed';
import { loadVirksomhed } from '../../src/server/auth/entitet-adgang';
import { registerAuth } from '../../src/server/auth/plugin';
import { tidsregistreringsKategorier } from '../../src/server/catalog/lookups';
import { queryRows } from '../../src/server/db/client';
import { EJERE } from '../../src/server/records/ejere';
import { recordRoutes } from '../../src/server/routes/registreringer';
import { gyldigVaerdi } from '../helpers/gyldige-felter';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const json = (r: { body: string }) => JSON.parse(r.body);

/** A valid value for a field (an optional choice gets its first option). */
const gyldig = (f: FeltDef, ctx: { sagsbehandler: number; type: 1 | 2 }) =>
  gyldigVaerdi(
    f,
    (kilde) =>
      kilde === 'sagsbehandler'
        ? ctx.sagsbehandler
        : kilde === 'tidsregistrering'
          ? tidsregistreringsKategorier(ctx.type)[0]!.id
          : undefined,
    true,
  );

function payload(
  art: RegistreringArt,
  ctx: { sagsbehandler: number; type: 1 | 2 },
  extra: Record<string, unknown> = {},
) {
  const body: Record<string, unknown> = Object.fromEntries(
    ARTER[art].felter.map((f) => [f.navn, gyldig(f, ctx)]),
  );
  if (art === 'brugerbetaling') body.timer = 2.5;
  return { ...body, ...extra };
}

/** A field change that is valid for every kind: the title. */
const TITEL = 'Ændret titel';

describe.each(dbTargets())('record API on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let skive: number;
  let herning: number;
  let virkBruger: number;
  let landbrugBruger: number;
  let virk: number; // a company covered by user payment
  let farm: number;
  let uden: number; // a company not covered by user payment
  let andenKunde: number;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, user ? tok[user] : undefined, body);
  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
  const firma = async (kundeId: number, type: 1 | 2, where?: SQL) =>
    (await t.forsteVirksomhed(kundeId, type, where)).id;
  const senesteLog = async (id: number) =>
    (
      await rows<{ emne: string; notat: string; bruger_id: number; automatisk: boolean }>(
        sql`SELECT emne, notat, bruger_id, automatisk FROM logbog WHERE virksomhed_id = ${id} ORDER BY id DESC LIMIT 1`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const u of ['virksomhed', 'landbrug', 'laeser', 'vand', 'admin']) tok[u] = await t.tokenFor(u);
    skive = await t.kundeId(779);
    herning = await t.kundeId(657);
    virkBruger = await t.brugerId('virksomhed');
    landbrugBruger = await t.brugerId('landbrug');
    virk = await firma(skive, 1, sql`omfattet_af_brugerbetaling`);
    uden = await firma(skive, 1, sql`NOT omfattet_af_brugerbetaling`);
    farm = await firma(skive, 2, sql`omfattet_af_brugerbetaling`);
    andenKunde = await firma(herning, 1, sql`omfattet_af_brugerbetaling`);
  });
  afterAll(async () => t?.close());

  describe.each(REGISTRERING_ARTER)('%s', (art) => {
    const def = ARTER[art];
    const owner = () =>
      def.kunForType === 2
        ? { id: farm, user: 'landbrug', ctx: { sagsbehandler: landbrugBruger, type: 2 as const } }
        : { id: virk, user: 'virksomhed', ctx: { sagsbehandler: virkBruger, type: 1 as const } };

    it('creates, reads, lists (newest first), changes and deletes, logging each change', async () => {
      const { id, user, ctx } = owner();
      const created = await req('POST', `virksomhed/${id}/${art}`, user, payload(art, ctx));
      expect(created.statusCode, created.body).toBe(201);
      const rec = registreringSchema(art).parse(json(created));
      expect(rec).toMatchObject({ virksomhedId: id, art, titel: 'Testregistrering' });
      expect(rec.oprettetAf).not.toBeNull();
      const log1 = await senesteLog(id);
      expect(log1).toMatchObject({ emne: def.navn, automatisk: true, bruger_id: ctx.sagsbehandler });
      expect(log1!.notat).toMatch(new RegExp(`^${def.navn} 'Testregistrering' oprettet`));

      const one = await req('GET', `${art}/${rec.id}`, 'laeser');
      expect(one.statusCode).toBe(200);
      expect(json(one)).toEqual(json(created));

      const list = json(await req('GET', `virksomhed/${id}/${art}`, 'laeser')) as {
        id: number;
        dato: string | null;
      }[];
      expect(list.map((r) => r.id)).toContain(rec.id);
      const dates = list.map((r) => r.dato).filter((d): d is string => d !== null);
      expect(dates).toEqual([...dates].sort().reverse());

      const changed = await req('PUT', `${art}/${rec.id}`, user, { ...json(created), titel: TITEL });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(json(changed)).toMatchObject({ titel: TITEL });
      expect((json(changed) as { version: number }).version).toBeGreaterThan(rec.version);
      expect((await senesteLog(id))!.notat).toBe(
        `${def.navn} 'Testregistrering' ændret: ${def.felter[0]!.label}: Testregistrering → ${TITEL}.`,
      );

      // The later of two edits from the same version answers 409 and changes nothing.
      const stale = await req('PUT', `${art}/${rec.id}`, 'admin', {
        ...json(created),
        titel: 'Anden bruger',
      });
      expect(stale.statusCode).toBe(409);
      expect(json(stale).message).toBe(registreringKonflikt(def.navn));
      expect(json(await req('GET', `${art}/${rec.id}`, user)).titel).toBe(TITEL);
      expect((await req('DELETE', `${art}/${rec.id}?version=${rec.version}`, user)).statusCode).toBe(409);

      const del = await req(
        'DELETE',
        `${art}/${rec.id}?version=${(json(changed) as { version: number }).version}`,
        user,
      );
      expect(del.statusCode).toBe(204);
      expect((await senesteLog(id))!.notat).toBe(`${def.navn} '${TITEL}' slettet.`);
      expect((await req('GET', `${art}/${rec.id}`, user)).statusCode).toBe(404);
      const after = json(await req('GET', `virksomhed/${id}/${art}`, user)) as { id: number }[];
      expect(after.map((r) => r.id)).not.toContain(rec.id);
      expect((await req('PUT', `${art}/${rec.id}`, user, { ...json(changed) })).statusCode).toBe(404);
    });

    it('answers 400 with the form field names: required, types and the kind’s own rules', async () => {
      const { id, user } = owner();
      const empty = await req('POST', `virksomhed/${id}/${art}`, user, {});
      expect(empty.statusCode).toBe(400);
      const required = def.felter
        .filter((f) => ('paakraevet' in f.type && f.type.paakraevet) || f.type.kind === 'valg')
        .filter((f) => f.type.kind !== 'valg' || f.type.paakraevet)
        .map((f) => f.navn);
      expect(Object.keys(json(empty).errors).sort()).toEqual(required.sort());
      expect(json(empty).errors.titel).toEqual(['Feltet er påkrævet']);
      const notList = await req('POST', `virksomhed/${id}/${art}`, user, [1, 2]);
      expect(notList.statusCode).toBe(400);
      const noVersion = await req('PUT', `${art}/1`, user, { titel: 'x' });
      expect(noVersion.statusCode).toBe(400);
      expect(Object.keys(json(noVersion).errors)).toContain('version');
      expect((await req('DELETE', `${art}/1`, user)).statusCode).toBe(400);
    });

    it('refuses values outside the lists, and case workers of another customer', async () => {
      const { id, user, ctx } = owner();
      const lookups = def.felter.filter((f) => f.type.kind === 'lookup' && 'path' in f.type.kilde);
      for (const f of lookups) {
        const flere = f.type.kind === 'lookup' && f.type.flere;
        const r = await req(
          'POST',
          `virksomhed/${id}/${art}`,
          user,
          payload(art, ctx, { [f.navn]: flere ? [9999] : 9999 }),
        );
        expect(r.statusCode, f.navn).toBe(400);
        expect(Object.keys(json(r).errors)).toEqual([f.navn]);
      }
      if (!def.felter.some((f) => f.navn === 'sagsbehandlerId')) return;
      const fremmed = (
        await rows<{ id: number }>(
          sql`SELECT bruger_id AS id FROM bruger_kunde WHERE kunde_id = ${herning}
              AND bruger_id NOT IN (SELECT bruger_id FROM bruger_kunde WHERE kunde_id = ${skive}) LIMIT 1`,
        )
      )[0]!.id;
      const r = await req(
        'POST',
        `virksomhed/${id}/${art}`,
        user,
        payload(art, ctx, { sagsbehandlerId: fremmed }),
      );
      expect(r.statusCode).toBe(400);
      expect(Object.keys(json(r).errors)).toEqual(['sagsbehandlerId']);
    });

    it('access: read right to look, caseworker right to change, another customer 404, no token 401', async () => {
      const { id, user, ctx } = owner();
      const [existing] = await rows<{ id: number; version: number }>(
        sql`SELECT id, version FROM registrering WHERE art = ${art} AND kunde_id = ${skive} AND NOT slettet
            AND virksomhed_id IN (SELECT id FROM virksomhed WHERE type = ${def.kunForType === 2 ? 2 : 1}) ORDER BY id LIMIT 1`,
      );
      expect(existing, 'the seed has records of every kind').toBeDefined();
      const rec = json(await req('GET', `${art}/${existing!.id}`, user));

      expect((await req('GET', `virksomhed/${id}/${art}`, 'laeser')).statusCode).toBe(200);
      expect((await req('GET', `virksomhed/${id}/${art}`, 'vand')).statusCode).toBe(403);
      expect((await req('GET', `virksomhed/${id}/${art}`)).statusCode).toBe(401);
      expect((await req('GET', `${art}/${existing!.id}`, 'vand')).statusCode).toBe(403);
      expect((await req('GET', `${art}/${existing!.id}`)).statusCode).toBe(401);

      expect((await req('POST', `virksomhed/${id}/${art}`, 'laeser', payload(art, ctx))).statusCode).toBe(
        403,
      );
      expect((await req('PUT', `${art}/${existing!.id}`, 'laeser', rec)).statusCode).toBe(403);
      expect(
        (await req('DELETE', `${art}/${existing!.id}?version=${existing!.version}`, 'laeser')).statusCode,
      ).toBe(403);
      expect((await req('POST', `virksomhed/${id}/${art}`, undefined, payload(art, ctx))).statusCode).toBe(
        401,
      );
      expect((await req('DELETE', `${art}/${existing!.id}?version=${existing!.version}`)).statusCode).toBe(
        401,
      );
      // The other type's caseworker has no right on it.
      const other = def.kunForType === 2 ? 'virksomhed' : 'landbrug';
      expect((await req('GET', `virksomhed/${id}/${art}`, other)).statusCode).toBe(403);
      expect((await req('PUT', `${art}/${existing!.id}`, other, rec)).statusCode).toBe(403);

      // Another customer's company and records answer 404 and reveal nothing.
      const foreignFirm = def.kunForType === 2 ? await firma(herning, 2) : andenKunde;
      expect((await req('GET', `virksomhed/${foreignFirm}/${art}`, user)).statusCode).toBe(404);
      expect(
        (await req('POST', `virksomhed/${foreignFirm}/${art}`, user, payload(art, ctx))).statusCode,
      ).toBe(404);
      const [foreign] = await rows<{ id: number; version: number }>(
        sql`SELECT id, version FROM registrering WHERE art = ${art} AND kunde_id = ${herning} AND NOT slettet LIMIT 1`,
      );
      if (foreign) {
        expect((await req('GET', `${art}/${foreign.id}`, user)).statusCode).toBe(404);
        expect((await req('PUT', `${art}/${foreign.id}`, user, rec)).statusCode).toBe(404);
        expect(
          (await req('DELETE', `${art}/${foreign.id}?version=${foreign.version}`, user)).statusCode,
        ).toBe(404);
      }
      // A record is found only under its own kind.
      const otherArt = art === 'tilsyn' ? 'afgoerelse' : 'tilsyn';
      expect((await req('GET', `${otherArt}/${existing!.id}`, 'admin')).statusCode).toBe(404);
    });
  });

  it('keeps animal holdings to farms and user payment to companies covered by it', async () => {
    const ctx = { sagsbehandler: virkBruger, type: 1 as const };
    expect((await req('GET', `virksomhed/${virk}/dyrehold`, 'virksomhed')).statusCode).toBe(404);
    expect(
      (await req('POST', `virksomhed/${virk}/dyrehold`, 'virksomhed', payload('dyrehold', ctx))).statusCode,
    ).toBe(404);
    const r = await req(
      'POST',
      `virksomhed/${uden}/brugerbetaling`,
      'virksomhed',
      payload('brugerbetaling', ctx),
    );
    expect(r.statusCode).toBe(400);
    expect(Object.keys(json(r).errors)).toEqual(['omfattetAfBrugerbetaling']);
  });

  it('checks cross-field rules and links: dates in order, fee amounts, an inspection of the same company', async () => {
    const ctx = { sagsbehandler: virkBruger, type: 1 as const };
    const t1 = await req(
      'POST',
      `virksomhed/${virk}/tilsyn`,
      'virksomhed',
      payload('tilsyn', ctx, { planlagtStart: '2026-05-10', planlagtSlut: '2026-05-01' }),
    );
    expect(t1.statusCode).toBe(400);
    expect(json(t1).errors).toEqual({ planlagtSlut: ['Planlagt slut må ikke ligge før planlagt start'] });
    const b1 = await req(
      'POST',
      `virksomhed/${virk}/brugerbetaling`,
      'virksomhed',
      payload('brugerbetaling', ctx, { gebyrtype: 'Fast gebyr', timer: null, beloeb: null }),
    );
    expect(json(b1).errors).toEqual({ beloeb: ['Angiv beløbet ved fast gebyr'] });

    const egetTilsyn = (
      await rows<{ id: number }>(
        sql`SELECT id FROM registrering WHERE virksomhed_id = ${virk} AND art = 'tilsyn' AND NOT slettet LIMIT 1`,
      )
    )[0]!.id;
    const andetTilsyn = (
      await rows<{ id: number }>(
        sql`SELECT id FROM registrering WHERE virksomhed_id <> ${virk} AND kunde_id = ${skive} AND art = 'tilsyn' LIMIT 1`,
      )
    )[0]!.id;
    const ok = await req(
      'POST',
      `virksomhed/${virk}/haandhaevelse`,
      'virksomhed',
      payload('haandhaevelse', ctx, { tilsynId: egetTilsyn }),
    );
    expect(ok.statusCode).toBe(201);
    expect((await senesteLog(virk))!.notat).toContain('Konstateret ved tilsyn: ');
    const bad = await req(
      'POST',
      `virksomhed/${virk}/haandhaevelse`,
      'virksomhed',
      payload('haandhaevelse', ctx, { tilsynId: andetTilsyn }),
    );
    expect(Object.keys(json(bad).errors)).toEqual(['tilsynId']);
    const konklusion = (
      await rows<{ id: number }>(sql`SELECT id FROM tilsyn_konklusion WHERE kunde_id = ${herning} LIMIT 1`)
    )[0]!.id;
    const k = await req(
      'POST',
      `virksomhed/${virk}/tilsyn`,
      'virksomhed',
      payload('tilsyn', ctx, { konklusionId: konklusion }),
    );
    expect(Object.keys(json(k).errors)).toEqual(['konklusionId']);
  });

  it('writes the values of a new record to the log in words', async () => {
    const ctx = { sagsbehandler: virkBruger, type: 1 as const };
    const r = await req(
      'POST',
      `virksomhed/${virk}/tilsyn`,
      'virksomhed',
      payload('tilsyn', ctx, {
        titel: 'Basistilsyn 2026',
        dato: '2026-10-05',
        varslet: true,
        miljoeForholdIds: [1, 5],
        sagsbehandlerId: virkBruger,
      }),
    );
    expect(r.statusCode).toBe(201);
    const log = (await senesteLog(virk))!;
    expect(log.notat).toMatch(/^Tilsyn 'Basistilsyn 2026' oprettet: /);
    expect(log.notat).toContain('Tilsynstype: Fysisk tilsyn');
    expect(log.notat).toContain('Tilsynskategori: Basistilsyn (inkl. relateret tilsyn)');
    expect(log.notat).toContain('Varslet: Ja');
    expect(log.notat).toContain('Tilsynsdato: 05-10-2026');
    expect(log.notat).toContain('Miljøforhold: Støj og vibrationer, Affald');
    expect(log.notat).toContain('Sagsbehandler: Vibeke Virksomhedsen');
  });
});

/**
 * A record kind of another owner comes from its declaration alone: a made-up owner (water plants of
 * the customer, with fixed rights) and a made-up kind, registered in a test app through the owner
 * register and the same generic module, get create/read/list/change/delete, the 409 on a stale
 * version and the owner's log without any code of their own.
 */
describe.each(dbTargets())('a record kind of a made-up owner on %s', (target) => {
  const EJER: RecordOwner = {
    navn: 'proeveejer',
    segment: 'proeveejer',
    laeseret: 'SAGSBEHANDLER_VANDANLAEG_LAES',
    skriveret: 'SAGSBEHANDLER_VANDANLAEG',
  };
  const PROEVE = defineRecordKind({
    owner: EJER,
    art: 'proevemaaling',
    navn: 'Prøvemåling',
    flertal: 'Prøvemålinger',
    nyLabel: 'Ny prøvemåling',
    logEmne: 'Prøvning',
    felter: [
      { navn: 'titel', label: 'Titel', type: { kind: 'tekst', max: 200, paakraevet: true } },
      { navn: 'dato', label: 'Måledato', type: { kind: 'dato', paakraevet: true } },
      { navn: 'maaling', label: 'Måling', type: { kind: 'tal', min: 0, max: 1000, enhed: 'mg/l' } },
    ],
    tjek: (v) => (typeof v.maaling === 'number' && v.maaling > 500 ? [['maaling', 'Over grænsen']] : []),
    listeFelter: ['dato', 'titel', 'maaling'],
  });
  let t: TestApp;
  const tok: Record<string, string> = {};
  let anlaeg: number;
  let firma: number;

  const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: string, body?: unknown) =>
    t.kald(method, `/api/${url}`, tok[user], body);
  const maaling = (vaerdi: number, ekstra: Record<string, unknown> = {}) => ({
    titel: 'Boring 1',
    dato: '2026-03-02',
    maaling: vaerdi,
    ...ekstra,
  });
  const logAf = (id: number) =>
    queryRows<{ emne: string; notat: string }>(
      t.database.db,
      sql`SELECT emne, notat FROM logbog WHERE virksomhed_id = ${id} AND automatisk ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp(target);
    // The owner register of the product plus the made-up owner: its rows are the customer's water plants.
    const ejere = { ...EJERE, [EJER.navn]: { load: loadVirksomhed, typer: [3] } };
    await t.app.register(
      async (api) => {
        registerAuth(api, t.tokens, t.database.db);
        await recordRoutes([PROEVE], ejere)(api, { db: t.database.db });
      },
      { prefix: '/api' },
    );
    for (const u of ['vand', 'virksomhed', 'admin']) tok[u] = await t.tokenFor(u);
    const skive = await t.kundeId(779);
    const id = (type: number) =>
      queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM virksomhed WHERE kunde_id = ${skive} AND type = ${type} AND NOT slettet ORDER BY id LIMIT 1`,
      );
    anlaeg = (await id(3))[0]!.id;
    firma = (await id(1))[0]!.id;
  });
  afterAll(async () => t?.close());

  it('creates, lists, reads, changes and deletes, with 409 on a stale version and every change logged', async () => {
    const ny = await req('POST', `proeveejer/${anlaeg}/proevemaaling`, 'vand', maaling(1.5));
    expect(ny.statusCode).toBe(201);
    const r = json(ny);
    expect(r).toMatchObject({ titel: 'Boring 1', dato: '2026-03-02', maaling: 1.5, art: 'proevemaaling' });
    expect(r.virksomhedId).toBe(anlaeg);

    const liste = await req('GET', `proeveejer/${anlaeg}/proevemaaling`, 'vand');
    expect(liste.statusCode).toBe(200);
    expect(json(liste).map((x: { id: number }) => x.id)).toEqual([r.id]);
    expect(json(await req('GET', `proevemaaling/${r.id}`, 'vand')).maaling).toBe(1.5);

    const ret = await req('PUT', `proevemaaling/${r.id}`, 'vand', maaling(2, { version: r.version }));
    expect(ret.statusCode).toBe(200);
    expect(json(ret).version).toBeGreaterThan(r.version);

    const gammel = await req('PUT', `proevemaaling/${r.id}`, 'vand', maaling(3, { version: r.version }));
    expect(gammel.statusCode).toBe(409);
    expect(json(gammel).message).toBe(recordKonflikt('Prøvemåling'));
    const forsent = await req('DELETE', `proevemaaling/${r.id}?version=${r.version}`, 'vand');
    expect(forsent.statusCode).toBe(409);

    const slet = await req('DELETE', `proevemaaling/${r.id}?version=${json(ret).version}`, 'vand');
    expect(slet.statusCode).toBe(204);
    expect((await req('GET', `proevemaaling/${r.id}`, 'vand')).statusCode).toBe(404);

    const log = await logAf(anlaeg);
    expect(log.map((l) => l.emne)).toEqual(['Prøvning', 'Prøvning', 'Prøvning']);
    expect(log[0]!.notat).toMatch(
      /^Prøvemåling 'Boring 1' oprettet: Måledato: 02-03-2026; Måling: 1,5 mg\/l\.$/,
    );
    expect(log[1]!.notat).toBe("Prøvemåling 'Boring 1' ændret: Måling: 1,5 mg/l → 2 mg/l.");
    expect(log[2]!.notat).toBe("Prøvemåling 'Boring 1' slettet.");
  });

  it("declares its endpoints with the owner's paths and rights, or the kind's own rights", () => {
    const eps = recordEndpoints(PROEVE);
    expect(Object.values(eps).map((e) => `${e.method} ${e.path} ${e.access}`)).toEqual([
      'GET /proeveejer/:id/proevemaaling SAGSBEHANDLER_VANDANLAEG_LAES',
      'POST /proeveejer/:id/proevemaaling SAGSBEHANDLER_VANDANLAEG',
      'GET /proevemaaling/:id SAGSBEHANDLER_VANDANLAEG_LAES',
      'PUT /proevemaaling/:id SAGSBEHANDLER_VANDANLAEG',
      'DELETE /proevemaaling/:id SAGSBEHANDLER_VANDANLAEG',
    ]);
    const egen = defineRecordKind({ ...PROEVE, art: 'egen', rettigheder: { skriv: 'SYSTEM_ADMIN' } });
    expect(recordEndpoints(egen).ret.access).toBe('SYSTEM_ADMIN');
    expect(recordEndpoints(egen).hent.access).toBe('SAGSBEHANDLER_VANDANLAEG_LAES');
  });

  it("checks the kind's rules, the owner's right and the owner's type", async () => {
    const ugyldig = await req('POST', `proeveejer/${anlaeg}/proevemaaling`, 'vand', maaling(600));
    expect(ugyldig.statusCode).toBe(400);
    expect(json(ugyldig).errors).toEqual({ maaling: ['Over grænsen'] });
    // The declared right is checked before the handler: a company case worker has no water plant right.
    expect((await req('GET', `proeveejer/${anlaeg}/proevemaaling`, 'virksomhed')).statusCode).toBe(403);
    // A company is not an owner of this kind, even for a user with every right.
    expect((await req('GET', `proeveejer/${firma}/proevemaaling`, 'admin')).statusCode).toBe(404);
    expect((await req('GET', `proeveejer/${anlaeg}/proevemaaling`, 'admin')).statusCode).toBe(200);
  });
});
