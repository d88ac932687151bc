import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAT_RAEKKETYPE } from '../../src/contract/entitet';
import type { CvrEnhedDto, CvrLookupSvar, DawaAdresseDto, OpdaterCvrSvar } from '../../src/contract/registre';
import { cvrAendring, logbog, virksomhed } from '../../src/server/db/schema';
import { LANDBRUGSBRANCHER } from '../../src/server/db/seed/brancher';
import { spejlEnhed } from '../../src/server/integrations/cvr';
import { DawaSimulator } from '../../src/server/integrations/dawa';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

const LANDBRUG = new Set(LANDBRUGSBRANCHER.map((b) => b.kode));

describe.each(dbTargets())('registers: CVR and DAWA on %s', (target) => {
  let t: TestApp;
  let skive: number;
  const tokens = new Map<string, string>();
  const ids = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp(target);
    skive = await t.kundeId(779);
    for (const u of ['admin', 'virksomhed', 'landbrug', 'laeser', 'multi']) {
      tokens.set(u, await t.tokenFor(u));
      ids.set(u, await t.brugerId(u));
    }
  });
  afterAll(async () => t?.close());

  const call = async (
    username: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked field by field
  ): Promise<{ status: number; body: any }> => {
    const r = await t.kald(method, url, username ? tokens.get(username) : undefined, payload);
    return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
  };
  const qs = (params: Record<string, string | number | boolean | string[]>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (Array.isArray(v)) for (const x of v) q.append(k, x);
      else q.append(k, String(v));
    }
    return q.toString();
  };
  const lookup = (username: string, params: Record<string, string | number | boolean | string[]>) =>
    call(
      username,
      'GET',
      `/api/Virksomhed/LookupVirksomhederFraCvr?${qs({ kommuneId: 779, virksomhedsType: 1, ...params })}`,
    );
  const opret = (username: string, params: Record<string, string | number | boolean | string[]>) =>
    call(
      username,
      'POST',
      `/api/Virksomhed/OpretVirksomhedFraCvrData?${qs({ kommuneId: 779, virksomhedsType: 1, opretterId: ids.get(username)!, ...params })}`,
    );

  it('looks up production units of the municipality that are not in the list yet', async () => {
    const r = await lookup('virksomhed', { firstStart: 0, lastStart: 200 });
    expect(r.status).toBe(200);
    const svar = r.body as CvrLookupSvar;
    expect(svar.totalCount).toBeGreaterThan(100);
    expect(svar.items).toHaveLength(Math.min(200, svar.totalCount));
    for (const e of svar.items) {
      expect(e.udenforKommune).toBe(false);
      expect(e.findesIListen).toBe(false);
      expect(e.kommunekode).toBe(779);
      expect(e.pNr).toMatch(/^\d{10}$/);
      expect(e.cvrNr).toMatch(/^\d{8}$/);
      expect(LANDBRUG.has(e.brancheKode)).toBe(false);
    }
    const names = svar.items.map((e) => e.navn);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'da')));
    // Paging: the second window continues the first.
    const next = (await lookup('virksomhed', { firstStart: 10, lastStart: 20 })).body as CvrLookupSvar;
    expect(next.items.map((e) => e.pNr)).toEqual(svar.items.slice(10, 20).map((e) => e.pNr));
    // Deterministic: the same answer twice.
    expect((await lookup('virksomhed', { firstStart: 0, lastStart: 200 })).body).toEqual(svar);
  });

  it('searches text, industries, farms and units outside the municipality', async () => {
    const alle = ((await lookup('virksomhed', { lastStart: 200 })).body as CvrLookupSvar).items;
    const e = alle[5]!;
    const word = e.navn.split(' ')[0]!.toLowerCase();
    const hit = (await lookup('virksomhed', { soegeTekst: word.toUpperCase(), lastStart: 200 }))
      .body as CvrLookupSvar;
    expect(hit.items.map((x) => x.pNr)).toContain(e.pNr);
    for (const x of hit.items) expect(`${x.navn} ${x.adresse}`.toLowerCase()).toContain(word);
    const byCvr = (await lookup('virksomhed', { soegeTekst: e.cvrNr })).body as CvrLookupSvar;
    expect(byCvr.items.map((x) => x.pNr)).toContain(e.pNr);

    const branche = (await lookup('virksomhed', { brancheKoder: [e.brancheKode], lastStart: 200 }))
      .body as CvrLookupSvar;
    expect(branche.totalCount).toBeGreaterThan(0);
    expect(branche.items.every((x) => x.brancheKode === e.brancheKode)).toBe(true);

    const farms = (await lookup('landbrug', { virksomhedsType: 2, lastStart: 200 })).body as CvrLookupSvar;
    expect(farms.totalCount).toBeGreaterThan(20);
    expect(farms.items.every((x) => LANDBRUG.has(x.brancheKode))).toBe(true);

    const med = (await lookup('virksomhed', { tilladPNrUdenforKommune: true, lastStart: 200 }))
      .body as CvrLookupSvar;
    expect(med.totalCount).toBeGreaterThan(
      ((await lookup('virksomhed', {})).body as CvrLookupSvar).totalCount,
    );
    const ude: CvrEnhedDto[] = [];
    for (let start = 0; start < med.totalCount; start += 200) {
      const side = (
        await lookup('virksomhed', {
          tilladPNrUdenforKommune: true,
          firstStart: start,
          lastStart: start + 200,
        })
      ).body as CvrLookupSvar;
      ude.push(...side.items.filter((x) => x.udenforKommune));
    }
    expect(ude.length).toBeGreaterThan(0);
    expect(ude.every((x) => x.kommunekode !== 779)).toBe(true);
  });

  it('creates a company from CVR, logs it, and the palette then finds it; duplicates are refused or marked', async () => {
    const [e] = ((await lookup('virksomhed', { firstStart: 3, lastStart: 4 })).body as CvrLookupSvar).items;
    const r = await opret('virksomhed', { PNRListe: [e!.pNr] });
    expect(r.status).toBe(201);
    const [created] = r.body.oprettede;
    expect(created).toMatchObject({
      type: 1,
      navn: e!.navn,
      cvrNr: e!.cvrNr,
      pNr: e!.pNr,
      adresse: e!.adresse,
    });
    const [row] = await t.database.db.select().from(virksomhed).where(eq(virksomhed.id, created.id));
    expect(row).toMatchObject({
      kundeId: skive,
      type: 1,
      brancheKode: e!.brancheKode,
      postnummer: e!.postnummer,
      etableringsDato: e!.startDato,
      primaerSagsbehandlerId: ids.get('virksomhed'),
    });
    expect(row!.version).toBeGreaterThan(0);
    const log = await t.database.db.select().from(logbog).where(eq(logbog.virksomhedId, created.id));
    expect(log).toHaveLength(1);
    expect(log[0]!.notat).toContain('Oprettet fra CVR');
    expect(log[0]!.brugerId).toBe(ids.get('virksomhed'));

    const soeg = await call('virksomhed', 'GET', `/api/soeg?tekst=${e!.cvrNr}`);
    expect(soeg.body.resultater.map((x: { id: number }) => x.id)).toContain(created.id);
    const liste = await call(
      'virksomhed',
      'GET',
      `/api/virksomhed/list?kundeId=${skive}&virksomhedsType=1&filter=${e!.pNr}`,
    );
    expect(liste.body.items.map((x: { id: number }) => x.id)).toEqual([created.id]);

    // Now a duplicate: left out by default, marked when allowed; creating it again is refused.
    const igen = (await lookup('virksomhed', { soegeTekst: e!.pNr })).body as CvrLookupSvar;
    expect(igen.items).toEqual([]);
    const dubl = (await lookup('virksomhed', { soegeTekst: e!.pNr, tilladPNrDublering: true }))
      .body as CvrLookupSvar;
    expect(dubl.items).toHaveLength(1);
    expect(dubl.items[0]).toMatchObject({ pNr: e!.pNr, findesIListen: true, virksomhedId: created.id });
    const twice = await opret('virksomhed', { PNRListe: [e!.pNr] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain(e!.pNr);
  });

  it('creates several farms at once and mirrors the companies already in the list when duplicates are allowed', async () => {
    const farms = ((await lookup('landbrug', { virksomhedsType: 2, lastStart: 3 })).body as CvrLookupSvar)
      .items;
    const r = await opret('landbrug', { virksomhedsType: 2, PNRListe: farms.map((f) => f.pNr) });
    expect(r.status).toBe(201);
    expect(r.body.oprettede).toHaveLength(3);
    expect(r.body.oprettede.every((o: { type: number }) => o.type === 2)).toBe(true);

    const [existing] = await t.database.db
      .select()
      .from(virksomhed)
      .where(and(eq(virksomhed.kundeId, skive), eq(virksomhed.type, 1), isNotNull(virksomhed.pNr)))
      .limit(1);
    const mirrored = (await lookup('virksomhed', { soegeTekst: existing!.pNr!, tilladPNrDublering: true }))
      .body as CvrLookupSvar;
    expect(mirrored.items[0]).toMatchObject({
      pNr: existing!.pNr,
      findesIListen: true,
      virksomhedId: existing!.id,
    });
  });

  it('checks rights, customer, creator and input on lookup and creation', async () => {
    const [e] = ((await lookup('virksomhed', { lastStart: 1 })).body as CvrLookupSvar).items;
    expect((await lookup('laeser', {})).status).toBe(403);
    expect((await lookup('landbrug', {})).status).toBe(403);
    expect((await lookup('virksomhed', { kommuneId: 657 })).status).toBe(404);
    expect(
      (await call(null, 'GET', '/api/Virksomhed/LookupVirksomhederFraCvr?kommuneId=779&virksomhedsType=1'))
        .status,
    ).toBe(401);
    const bads: Record<string, string | number | boolean | string[]>[] = [
      { firstStart: 5, lastStart: 5 },
      { firstStart: 0, lastStart: 201 },
      { brancheKoder: ['abc'] },
      { virksomhedsType: 3 },
      { tilladPNrDublering: 'kanske' },
    ];
    for (const bad of bads) {
      expect((await lookup('virksomhed', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await opret('laeser', { PNRListe: [e!.pNr] })).status).toBe(403);
    expect((await opret('landbrug', { PNRListe: [e!.pNr] })).status).toBe(403);
    expect((await opret('virksomhed', { PNRListe: [e!.pNr], kommuneId: 657 })).status).toBe(404);
    expect((await opret('virksomhed', { PNRListe: [e!.pNr], opretterId: ids.get('admin')! })).status).toBe(
      403,
    );
    const unknown = await opret('virksomhed', { PNRListe: ['1000000000'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.PNRListe[0]).toContain('findes ikke i CVR');
    expect((await opret('virksomhed', { PNRListe: [] })).status).toBe(400);
    expect((await opret('virksomhed', { PNRListe: ['12345'] })).status).toBe(400);
    expect(
      (
        await call(
          null,
          'POST',
          `/api/Virksomhed/OpretVirksomhedFraCvrData?kommuneId=779&virksomhedsType=1&opretterId=1&PNRListe=${e!.pNr}`,
        )
      ).status,
    ).toBe(401);
    // Nothing was created by the refused calls (the unit may be a seeded SAT company, row type 4).
    const rows = await t.database.db
      .select()
      .from(virksomhed)
      .where(and(eq(virksomhed.pNr, e!.pNr), ne(virksomhed.type, SAT_RAEKKETYPE)));
    expect(rows).toEqual([]);
  });

  it('searches DAWA addresses of the municipality and creates a company at one', async () => {
    const s = await call('virksomhed', 'GET', '/api/dawa/adresser?q=holstebrovej%2012');
    expect(s.status).toBe(200);
    const adresser = s.body as DawaAdresseDto[];
    expect(adresser.length).toBeGreaterThan(0);
    expect(adresser[0]!.tekst).toMatch(/^Holstebrovej 12/);
    expect(adresser.every((a) => a.kommunekode === 779)).toBe(true);
    const a = adresser.find((x) => x.type === 'adgangsadresse')!;
    const params = {
      Navn: 'Skive Testværksted ApS',
      dawaAdresseId: a.id,
      dawaAdresseType: 'adgangsadresse',
      etableringsDato: '2026-03-01',
      opretterId: ids.get('virksomhed')!,
      kommuneId: 779,
      virksomhedsType: 1,
    };
    const r = await call('virksomhed', 'POST', `/api/Virksomhed/OpretVirksomhedFraDawaData?${qs(params)}`);
    expect(r.status).toBe(201);
    const created = r.body.oprettede[0];
    expect(created).toMatchObject({
      navn: 'Skive Testværksted ApS',
      adresse: a.tekst,
      cvrNr: null,
      pNr: null,
    });
    const [row] = await t.database.db.select().from(virksomhed).where(eq(virksomhed.id, created.id));
    expect(row).toMatchObject({
      dawaAdresseId: a.id,
      postnummer: a.postnummer,
      etableringsDato: '2026-03-01',
    });
    const log = await t.database.db.select().from(logbog).where(eq(logbog.virksomhedId, created.id));
    expect(log[0]!.notat).toContain('Oprettet manuelt');
    // Such a company has no P-number: it cannot be updated from CVR.
    const upd = await call(
      'virksomhed',
      'POST',
      `/api/virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=${created.id}`,
    );
    expect(upd.status).toBe(400);

    const herning = (await new DawaSimulator().soeg('a', 657, 1))[0]!;
    const bad = [
      { ...params, dawaAdresseId: herning.id },
      { ...params, dawaAdresseId: '00000000-0000-4000-8000-000000000000' },
      { ...params, dawaAdresseType: 'adresse' },
      { ...params, etableringsDato: '2026-02-30' },
      { ...params, Navn: '  ' },
    ];
    for (const b of bad) {
      const x = await call('virksomhed', 'POST', `/api/Virksomhed/OpretVirksomhedFraDawaData?${qs(b)}`);
      expect(x.status, JSON.stringify(b)).toBe(400);
    }
    expect(
      (await call('laeser', 'POST', `/api/Virksomhed/OpretVirksomhedFraDawaData?${qs(params)}`)).status,
    ).toBe(403);
    expect((await call('laeser', 'GET', '/api/dawa/adresser?q=vej')).status).toBe(403);
    expect((await call('virksomhed', 'GET', '/api/dawa/adresser?q=')).status).toBe(400);
    expect((await call(null, 'GET', '/api/dawa/adresser?q=vej')).status).toBe(401);
    expect(
      (await call(null, 'POST', `/api/Virksomhed/OpretVirksomhedFraDawaData?${qs(params)}`)).status,
    ).toBe(401);
    expect(
      (
        await call(
          'virksomhed',
          'POST',
          `/api/Virksomhed/OpretVirksomhedFraDawaData?${qs({ ...params, kommuneId: 657 })}`,
        )
      ).status,
    ).toBe(404);
  });

  it('shows the differences to CVR, records them, and takes over the chosen ones with a version check', async () => {
    const rows = await t.database.db
      .select()
      .from(virksomhed)
      .where(and(eq(virksomhed.kundeId, skive), eq(virksomhed.type, 1), isNotNull(virksomhed.pNr)));
    const drifted = rows.find((r) => {
      const e = spejlEnhed({
        p_nr: r.pNr!,
        cvr_nr: r.cvrNr,
        navn: r.navn,
        vejnavn: r.vejnavn,
        husnummer: r.husnummer,
        postnummer: r.postnummer,
        postdistrikt: r.postdistrikt,
        branche_kode: r.brancheKode,
        etablerings_dato: r.etableringsDato,
        ophoert_dato: r.ophoertDato,
        type: r.type,
        kunde_nr: 779,
        x: r.x,
        y: r.y,
      });
      return e.navn !== r.navn && e.ophoerDato === r.ophoertDato;
    })!;
    expect(drifted).toBeDefined();
    const url = `/api/virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=${drifted.id}`;
    const r = await call('virksomhed', 'POST', url);
    expect(r.status).toBe(200);
    const svar = r.body as OpdaterCvrSvar;
    expect(svar).toMatchObject({ virksomhedId: drifted.id, version: drifted.version, pNr: drifted.pNr });
    const navn = svar.forskelle.find((f) => f.felt === 'navn')!;
    expect(navn).toMatchObject({ label: 'Navn', nuvaerende: drifted.navn });
    expect(navn.register).not.toBe(drifted.navn);
    const recorded = await t.database.db
      .select()
      .from(cvrAendring)
      .where(eq(cvrAendring.virksomhedId, drifted.id));
    expect(recorded).toHaveLength(svar.forskelle.length);
    expect(recorded.every((a) => !a.overtaget)).toBe(true);
    // Asking again records nothing new.
    await call('virksomhed', 'POST', url);
    expect(
      await t.database.db.select().from(cvrAendring).where(eq(cvrAendring.virksomhedId, drifted.id)),
    ).toHaveLength(svar.forskelle.length);

    const valgte = `/api/virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=${drifted.id}`;
    const stale = await call('virksomhed', 'POST', valgte, {
      version: drifted.version + 5,
      felter: ['navn'],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/ændret af en anden bruger/);
    expect(
      (await call('laeser', 'POST', valgte, { version: drifted.version, felter: ['navn'] })).status,
    ).toBe(403);
    expect((await call('virksomhed', 'POST', valgte, { version: drifted.version, felter: [] })).status).toBe(
      400,
    );
    expect(
      (await call('virksomhed', 'POST', valgte, { version: drifted.version, felter: ['password'] })).status,
    ).toBe(400);
    expect((await call('virksomhed', 'POST', valgte, { felter: ['navn'] })).status).toBe(400);

    const ok = await call('virksomhed', 'POST', valgte, { version: drifted.version, felter: ['navn'] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ virksomhedId: drifted.id });
    expect(ok.body.version).toBeGreaterThan(drifted.version);
    expect(ok.body.overtaget).toEqual([navn]);
    const [after] = await t.database.db.select().from(virksomhed).where(eq(virksomhed.id, drifted.id));
    expect(after).toMatchObject({ navn: navn.register, version: ok.body.version });
    const aendringer = await t.database.db
      .select()
      .from(cvrAendring)
      .where(eq(cvrAendring.virksomhedId, drifted.id));
    expect(aendringer.find((a) => a.felt === 'navn')).toMatchObject({
      overtaget: true,
      brugerId: ids.get('virksomhed'),
    });
    expect(aendringer.filter((a) => a.felt !== 'navn').every((a) => !a.overtaget)).toBe(true);
    const log = await t.database.db.select().from(logbog).where(eq(logbog.virksomhedId, drifted.id));
    expect(log.some((l) => l.notat.startsWith('Opdateret fra CVR: Navn:'))).toBe(true);
    // The same version a second time is stale now; the difference in the name is gone.
    expect(
      (await call('virksomhed', 'POST', valgte, { version: drifted.version, felter: ['navn'] })).status,
    ).toBe(409);
    const efter = (await call('virksomhed', 'POST', url)).body as OpdaterCvrSvar;
    expect(efter.forskelle.find((f) => f.felt === 'navn')).toBeUndefined();
    expect(efter.version).toBe(ok.body.version);
  });

  it('a company just created from CVR has no differences; other customers and no token are refused', async () => {
    const [e] = ((await lookup('virksomhed', { firstStart: 20, lastStart: 21 })).body as CvrLookupSvar).items;
    const created = (await opret('virksomhed', { PNRListe: [e!.pNr] })).body.oprettede[0];
    const r = await call(
      'virksomhed',
      'POST',
      `/api/virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=${created.id}`,
    );
    expect(r.body.forskelle).toEqual([]);

    const foreign = await t.forsteVirksomhed(await t.kundeId(657), 1);
    expect(
      (
        await call(
          'virksomhed',
          'POST',
          `/api/virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=${foreign.id}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          'virksomhed',
          'POST',
          `/api/virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=${foreign.id}`,
          {
            version: 1,
            felter: ['navn'],
          },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          'laeser',
          'POST',
          `/api/virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=${created.id}`,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          null,
          'POST',
          `/api/virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=${created.id}`,
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await call(
          'virksomhed',
          'POST',
          '/api/virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=abc',
        )
      ).status,
    ).toBe(400);
  });
});
