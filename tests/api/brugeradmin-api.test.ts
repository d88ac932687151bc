import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brugerAdminLog, brugerKunde } from '../../src/server/db/schema';
import { holdStroem, venterPaa } from '../helpers/server-prosess';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/** /admin/BrugerAdministration: roles, suspension, creation, the log and the rules (issue 15). */

interface Raekke {
  id: number;
  username: string;
  roller: string[];
  suspenderet: boolean;
  suspenderetTil: string | null;
  senestAendret: string | null;
  erDigSelv: boolean;
}

describe.each(dbTargets())('brugeradministration on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let skive: number;
  let virksomhedId: number;
  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.tokenFor('kommuneadmin');
    skive = await t.kundeId(779);
    virksomhedId = await t.brugerId('virksomhed');
  });
  afterAll(async () => t?.close());

  const liste = async (token = admin): Promise<Raekke[]> => {
    const res = await t.kald('GET', '/api/brugeradmin/brugere', token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const raekke = async (username: string) => (await liste()).find((r) => r.username === username)!;
  const medlemskab = async (brugerId: number) =>
    (
      await t.database.db
        .select()
        .from(brugerKunde)
        .where(and(eq(brugerKunde.brugerId, brugerId), eq(brugerKunde.kundeId, skive)))
    )[0]!;

  it("lists the active customer's users only, with their roles there, for KOMMUNE_ADMIN only", async () => {
    const rows = await liste();
    const navne = rows.map((r) => r.username);
    expect(navne).toContain('virksomhed');
    expect(navne).toContain('multi');
    expect(rows.find((r) => r.username === 'kommuneadmin')).toMatchObject({
      erDigSelv: true,
      suspenderet: false,
      roller: ['KommuneAdmin', 'SagsbehandlerAdmin', 'SagsbehandlerVirksomhed'],
    });
    // Herning's administrator sees Herning's users: multi (member of both), not Skive's virksomhed.
    const herning = await liste(await t.tokenFor('admin', 657));
    expect(herning.map((r) => r.username)).toContain('multi');
    expect(herning.map((r) => r.username)).not.toContain('virksomhed');
    const laeser = await t.kald('GET', '/api/brugeradmin/brugere', await t.tokenFor('laeser'));
    expect(laeser.statusCode).toBe(403);
  });

  it('changes roles, logs who/when/before/after, and shows it as the history', async () => {
    const logFor = () =>
      t.database.db
        .select()
        .from(brugerAdminLog)
        .where(eq(brugerAdminLog.brugerId, virksomhedId))
        .orderBy(desc(brugerAdminLog.id));
    const foer = (await logFor()).length;
    const res = await t.kald('PUT', `/api/brugeradmin/brugere/${virksomhedId}/roller`, admin, {
      roller: ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug'],
      forrigeRoller: ['SagsbehandlerVirksomhed'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roller: ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug'] });
    expect(res.json().senestAendret).not.toBeNull();
    expect((await medlemskab(virksomhedId)).roller).toEqual([
      'SagsbehandlerVirksomhed',
      'SagsbehandlerLandbrug',
    ]);
    const log = await logFor();
    expect(log).toHaveLength(foer + 1);
    expect(log[0]).toMatchObject({
      kundeId: skive,
      udfoertAf: await t.brugerId('kommuneadmin'),
      handling: 'RollerAendret',
      foer: { roller: ['SagsbehandlerVirksomhed'], suspenderet: false },
      efter: { roller: ['SagsbehandlerVirksomhed', 'SagsbehandlerLandbrug'], suspenderet: false },
    });
    const historik = await t.kald('GET', `/api/brugeradmin/brugere/${virksomhedId}/historik`, admin);
    expect(historik.statusCode).toBe(200);
    expect(historik.json()[0]).toMatchObject({ handling: 'RollerAendret', udfoertAf: 'Karsten Kommunesen' });
    // The new role counts at the user's next request, with the token they already hold.
    const token = await t.tokenFor('virksomhed');
    await t.database.db
      .update(brugerKunde)
      .set({ roller: ['SagsbehandlerVirksomhed'] })
      .where(and(eq(brugerKunde.brugerId, virksomhedId), eq(brugerKunde.kundeId, skive)));
    const igen = await t.kald('PUT', `/api/brugeradmin/brugere/${virksomhedId}/roller`, admin, {
      roller: ['SagsbehandlerVirksomhed', 'SagsbehandlerVandanlaeg'],
      forrigeRoller: ['SagsbehandlerVirksomhed'],
    });
    expect(igen.statusCode).toBe(200);
    const fraToken = await t.kald('GET', '/api/brugeradmin/brugere', token);
    expect(fraToken.statusCode).toBe(403);
  });

  it('answers 409 to a stale edit: the roles changed since they were read', async () => {
    const foer = (await medlemskab(virksomhedId)).roller;
    const res = await t.kald('PUT', `/api/brugeradmin/brugere/${virksomhedId}/roller`, admin, {
      roller: ['SagsbehandlerAffald'],
      forrigeRoller: ['SagsbehandlerLandbrug'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Brugeren er ændret af en anden/);
    expect((await medlemskab(virksomhedId)).roller).toEqual(foer);
  });

  it('refuses SystemAdmin, the own KommuneAdmin right and self-suspension, with reasons', async () => {
    const sys = await t.kald('PUT', `/api/brugeradmin/brugere/${virksomhedId}/roller`, admin, {
      roller: ['SystemAdmin'],
      forrigeRoller: (await raekke('virksomhed')).roller,
    });
    expect(sys.statusCode).toBe(400);
    expect(sys.json().errors.roller[0]).toMatch(/Systemadministrator/);
    const mig = await t.brugerId('kommuneadmin');
    const egen = await t.kald('PUT', `/api/brugeradmin/brugere/${mig}/roller`, admin, {
      roller: ['SagsbehandlerAdmin'],
      forrigeRoller: ['KommuneAdmin', 'SagsbehandlerAdmin', 'SagsbehandlerVirksomhed'],
    });
    expect(egen.statusCode).toBe(409);
    expect(egen.json().message).toMatch(/egen rolle som kommuneadministrator/);
    const selv = await t.kald('POST', `/api/brugeradmin/brugere/${mig}/suspender`, admin, {
      til: null,
      forrigeRoller: ['KommuneAdmin', 'SagsbehandlerAdmin', 'SagsbehandlerVirksomhed'],
    });
    expect(selv.statusCode).toBe(400);
    expect(selv.json().errors.brugerId).toEqual(['Du kan ikke suspendere dig selv']);
    expect((await medlemskab(mig)).roller).toEqual([
      'KommuneAdmin',
      'SagsbehandlerAdmin',
      'SagsbehandlerVirksomhed',
    ]);
    // SystemAdmin held by another user is kept when a KommuneAdmin edits their other roles.
    const adminId = await t.brugerId('admin');
    const andre = (await raekke('admin')).roller;
    const uden = andre.filter((r) => r !== 'SystemAdmin' && r !== 'OkonomiAdmin');
    const res = await t.kald('PUT', `/api/brugeradmin/brugere/${adminId}/roller`, admin, {
      roller: uden,
      forrigeRoller: andre,
    });
    expect(res.statusCode).toBe(200);
    expect((await medlemskab(adminId)).roller).toContain('SystemAdmin');
    expect((await medlemskab(adminId)).roller).not.toContain('OkonomiAdmin');
  });

  it('refuses a KommuneAdmin who suspends a system administrator (403), changing nothing', async () => {
    const adminId = await t.brugerId('admin');
    const foer = await medlemskab(adminId);
    expect(foer.roller).toContain('SystemAdmin');
    const res = await t.kald('POST', `/api/brugeradmin/brugere/${adminId}/suspender`, admin, {
      til: null,
      forrigeRoller: (await raekke('admin')).roller,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/kan ikke suspendere en systemadministrator/);
    expect(await medlemskab(adminId)).toEqual(foer);
  });

  it('suspends: no sign-in and old tokens stop at the next request; restore works', async () => {
    const landbrugId = await t.brugerId('landbrug');
    const gammel = await t.tokenFor('landbrug');
    const foer = await t.kald('GET', '/api/Bruger/HentOpsaetning', gammel);
    expect(foer.statusCode).toBe(200);
    const res = await t.kald('POST', `/api/brugeradmin/brugere/${landbrugId}/suspender`, admin, {
      til: null,
      forrigeRoller: ['SagsbehandlerLandbrug'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      suspenderet: true,
      suspenderetTil: null,
      roller: ['SagsbehandlerLandbrug'],
    });
    expect((await medlemskab(landbrugId)).roller).toContain('TimeOut');

    const login = await t.kald('POST', '/api/login', undefined, { username: 'landbrug', password: 'demo' });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toMatch(/spærret/);
    const efter = await t.kald('GET', '/api/Bruger/HentOpsaetning', gammel);
    expect(efter.statusCode).toBe(401);
    expect(efter.json().message).toMatch(/spærret/);

    const genaktiver = await t.kald('POST', `/api/brugeradmin/brugere/${landbrugId}/genaktiver`, admin);
    expect(genaktiver.statusCode).toBe(200);
    expect(genaktiver.json()).toMatchObject({ suspenderet: false, roller: ['SagsbehandlerLandbrug'] });
    expect(await medlemskab(landbrugId)).toMatchObject({
      roller: ['SagsbehandlerLandbrug'],
      suspenderetTil: null,
    });
    const igen = await t.kald('POST', '/api/login', undefined, { username: 'landbrug', password: 'demo' });
    expect(igen.statusCode).toBe(200);
    expect((await t.kald('GET', '/api/Bruger/HentOpsaetning', gammel)).statusCode).toBe(200);

    const historik = (await t.kald('GET', `/api/brugeradmin/brugere/${landbrugId}/historik`, admin)).json();
    expect(historik.map((h: { handling: string }) => h.handling)).toEqual(['Genaktiveret', 'Suspenderet']);
    expect(historik[1]).toMatchObject({ foer: { suspenderet: false }, efter: { suspenderet: true } });
  });

  it("ends a suspended user's validation event stream too (it checks its token itself)", async () => {
    const laeserId = await t.brugerId('laeser');
    const token = await t.tokenFor('laeser');
    const stroem = () => t.kald('HEAD', `/api/validering/haendelser?token=${encodeURIComponent(token)}`);
    expect((await stroem()).statusCode).toBe(200);
    const res = await t.kald('POST', `/api/brugeradmin/brugere/${laeserId}/suspender`, admin, {
      til: null,
      forrigeRoller: ['SagsbehandlerVirksomLaes', 'SagsbehandlerLandbrugLaes', 'SagsbehandlerVandanlaegLaes'],
    });
    expect(res.statusCode).toBe(200);
    expect((await stroem()).statusCode).toBe(401);
    await t.kald('POST', `/api/brugeradmin/brugere/${laeserId}/genaktiver`, admin);
    expect((await stroem()).statusCode).toBe(200);
  });

  it("ends a suspended user's OPEN event stream at once, and a reconnect is refused (issue 31)", async () => {
    const laeserId = await t.brugerId('laeser');
    const token = await t.tokenFor('laeser');
    const adresse = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stroem = await holdStroem(
      `${adresse}/api/validering/haendelser?token=${encodeURIComponent(token)}`,
    );
    try {
      await venterPaa(() => stroem.events.some((e) => e.event === 'klar'), 10_000, "the stream's klar event");
      expect(stroem.lukket()).toBe(false);
      const res = await t.kald('POST', `/api/brugeradmin/brugere/${laeserId}/suspender`, admin, {
        til: null,
        forrigeRoller: [
          'SagsbehandlerVirksomLaes',
          'SagsbehandlerLandbrugLaes',
          'SagsbehandlerVandanlaegLaes',
        ],
      });
      expect(res.statusCode).toBe(200);
      // On PostgreSQL the event travels through LISTEN/NOTIFY: well within two seconds.
      await venterPaa(() => stroem.lukket(), 2000, 'the stream to end');
      const igen = await fetch(`${adresse}/api/validering/haendelser?token=${encodeURIComponent(token)}`);
      expect(igen.status).toBe(401);
    } finally {
      stroem.close();
      await t.kald('POST', `/api/brugeradmin/brugere/${laeserId}/genaktiver`, admin);
    }
  });

  it('a suspension with an end date ends by itself', async () => {
    const vandId = await t.brugerId('vand');
    const res = await t.kald('POST', `/api/brugeradmin/brugere/${vandId}/suspender`, admin, {
      til: '2999-12-31',
      forrigeRoller: ['SagsbehandlerVandanlaeg'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().suspenderetTil).toMatch(/^2999-12-31/);
    const login = await t.kald('POST', '/api/login', undefined, { username: 'vand', password: 'demo' });
    expect(login.statusCode).toBe(401);
    // The end date passes: the membership is usable again, without TimeOut in the token.
    await t.database.db
      .update(brugerKunde)
      .set({ suspenderetTil: new Date(Date.now() - 1000) })
      .where(and(eq(brugerKunde.brugerId, vandId), eq(brugerKunde.kundeId, skive)));
    const nu = await t.kald('POST', '/api/login', undefined, { username: 'vand', password: 'demo' });
    expect(nu.statusCode).toBe(200);
    expect((await raekke('vand')).suspenderet).toBe(false);
    const fortid = await t.kald('POST', `/api/brugeradmin/brugere/${vandId}/suspender`, admin, {
      til: '2020-01-01',
      forrigeRoller: ['SagsbehandlerVandanlaeg'],
    });
    expect(fortid.statusCode).toBe(400);
    expect(fortid.json().errors.til).toEqual(['Slutdatoen skal ligge i fremtiden']);
  });

  it("answers 404 for another customer's user and an unknown one", async () => {
    // Herning's users who are not in Skive: none of the demo users but the ones created here.
    const herningAdmin = await t.tokenFor('admin', 657);
    const opret = await t.kald('POST', '/api/brugeradmin/brugere', herningAdmin, {
      username: 'herning.bruger',
      navn: 'Hanne Herning',
      email: 'hanne@herning.dk',
      adgangskode: 'hemmelig-kode',
      roller: ['SagsbehandlerVandanlaeg'],
    });
    expect(opret.statusCode).toBe(201);
    const fremmed = opret.json().id as number;
    for (const [method, url, body] of [
      ['GET', `/api/brugeradmin/brugere/${fremmed}/historik`, undefined],
      [
        'PUT',
        `/api/brugeradmin/brugere/${fremmed}/roller`,
        { roller: [], forrigeRoller: ['SagsbehandlerVandanlaeg'] },
      ],
      [
        'POST',
        `/api/brugeradmin/brugere/${fremmed}/suspender`,
        { til: null, forrigeRoller: ['SagsbehandlerVandanlaeg'] },
      ],
      ['POST', `/api/brugeradmin/brugere/${fremmed}/genaktiver`, undefined],
      ['GET', '/api/brugeradmin/brugere/999999/historik', undefined],
    ] as const) {
      const res = await t.kald(method, url, admin, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await liste()).map((r) => r.id)).not.toContain(fremmed);
  });

  it('creates a user who can then sign in; a taken username and bad input are Danish 400s', async () => {
    const res = await t.kald('POST', '/api/brugeradmin/brugere', admin, {
      username: 'Ny.Kollega',
      navn: 'Nina Kollega',
      email: 'nina@skive.dk',
      adgangskode: 'en-god-kode',
      roller: ['SagsbehandlerVirksomhed'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'ny.kollega',
      roller: ['SagsbehandlerVirksomhed'],
      suspenderet: false,
    });
    const historik = (
      await t.kald('GET', `/api/brugeradmin/brugere/${res.json().id}/historik`, admin)
    ).json();
    expect(historik).toMatchObject([
      { handling: 'Oprettet', foer: null, efter: { roller: ['SagsbehandlerVirksomhed'] } },
    ]);
    const login = await t.kald('POST', '/api/login', undefined, {
      username: 'ny.kollega',
      password: 'en-god-kode',
    });
    expect(login.statusCode).toBe(200);

    const taget = await t.kald('POST', '/api/brugeradmin/brugere', admin, {
      username: 'multi',
      navn: 'X',
      email: 'x@skive.dk',
      adgangskode: 'en-god-kode',
      roller: [],
    });
    expect(taget.statusCode).toBe(400);
    expect(taget.json().errors.username).toEqual(['Brugernavnet er optaget; vælg et andet']);
    const daarlig = await t.kald('POST', '/api/brugeradmin/brugere', admin, {
      username: 'a b',
      navn: '',
      email: 'ikke-en-mail',
      adgangskode: 'kort',
      roller: ['Konge'],
    });
    expect(daarlig.statusCode).toBe(400);
    expect(Object.keys(daarlig.json().errors).sort()).toEqual([
      'adgangskode',
      'email',
      'navn',
      'roller.0',
      'username',
    ]);
    expect(JSON.stringify(daarlig.json())).not.toMatch(/Invalid|expected/);
  });
});
