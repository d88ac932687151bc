import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeltDef } from '../../src/contract/felter';
import type { AnyRecordKind } from '../../src/contract/record-kind';
import { VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import {
  VANDANLAEG_HAANDHAEVELSE,
  VANDANLAEG_TILLADELSE,
  VANDANLAEG_TILSYN,
} from '../../src/contract/vandanlaeg-registreringer';
import { LOOKUP_KATALOG } from '../../src/server/catalog/lookups';
import { createTestApp, dbTargets, type TestApp } from '../helpers/test-app';

/**
 * The side panels of a water plant (spec 001 §3: a plant has logs, adHocOpgaver and tidslinje like a
 * company): the log, the ad hoc tasks and the timeline answer for a plant with the water-plant
 * rights, a reader only reads, and another customer's plant is 404.
 */

const json = (r: { body: string }) => JSON.parse(r.body);
const I_DAG = new Date('2026-06-15T10:00:00Z');

/** The first active option of a lookup field's fixed list. */
function foersteValg(f: FeltDef): { id: number; navn: string } {
  const t = f.type;
  if (t.kind !== 'lookup' || !('path' in t.kilde)) throw new Error(`${f.navn} er ikke en fast liste`);
  return LOOKUP_KATALOG.get(t.kilde.path.toLowerCase())!.find((i) => i.aktiv)!;
}
const felt = (kind: AnyRecordKind, navn: string) => kind.felter.find((f) => f.navn === navn)!;

/** A record's body: every writable field empty, then the given values. */
function body(kind: AnyRecordKind, plant: number, values: Record<string, unknown>) {
  const tom = Object.fromEntries(
    kind.felter
      .filter((f) => !f.skrivebeskyttet)
      .map((f) => [
        f.navn,
        f.type.kind === 'jaNej' ? false : f.type.kind === 'lookup' && f.type.flere ? [] : null,
      ]),
  );
  return { ...tom, ...values, virksomhedId: plant };
}

interface TidslinjeItem {
  id: string;
  art: string;
  titel: string;
  beskrivelse: string | null;
  registreringId: number | null;
}

describe.each(dbTargets())('water plant side panels on %s', (target) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let plant: number;
  let foreignPlant: number;

  const req = (method: 'GET' | 'POST', url: string, user: string, payload?: unknown) =>
    t.kald(method, `/api/${url}`, tok[user], payload);

  beforeAll(async () => {
    t = await createTestApp(target, {}, () => I_DAG);
    for (const u of ['vand', 'laeser', 'virksomhed']) tok[u] = await t.tokenFor(u);
    plant = (await t.forsteVirksomhed(await t.kundeId(779), VIRKSOMHEDSTYPE.VANDANLAEG)).id;
    foreignPlant = (await t.forsteVirksomhed(await t.kundeId(657), VIRKSOMHEDSTYPE.VANDANLAEG)).id;
  });
  afterAll(async () => t?.close());

  it('keeps the plant log: the case worker writes, the reader reads, other rights are refused', async () => {
    const ny = await req('POST', 'logbog', 'vand', {
      virksomhedId: plant,
      emne: 'Telefonnotat',
      notat: 'Formanden ringede om prøvetagningen',
    });
    expect(ny.statusCode, ny.body).toBe(201);
    expect(json(ny)).toMatchObject({ virksomhedId: plant, bruger: 'Vera Vandløb' });
    const liste = await req('GET', `logbog/list/${plant}`, 'laeser');
    expect(liste.statusCode).toBe(200);
    expect((json(liste) as { notat: string }[]).map((n) => n.notat)).toContain(
      'Formanden ringede om prøvetagningen',
    );
    const afvist = await req('POST', 'logbog', 'laeser', { virksomhedId: plant, emne: 'Mail', notat: 'x' });
    expect(afvist.statusCode).toBe(403);
    // A company case worker has no right to water plants.
    expect((await req('GET', `logbog/list/${plant}`, 'virksomhed')).statusCode).toBe(403);
    // Bad input is a Danish 400 with the field named.
    const tom = await req('POST', 'logbog', 'vand', { virksomhedId: plant, emne: ' ', notat: 'x' });
    expect(tom.statusCode).toBe(400);
    expect(json(tom).errors.emne).toEqual(['Emne skal udfyldes']);
  });

  it('keeps the plant’s ad hoc tasks the same way', async () => {
    // The form's subjects are open to the water-plant case worker too.
    const emner = await req('GET', 'AdHocOpgave/emner', 'vand');
    expect(emner.statusCode).toBe(200);
    expect((json(emner) as { navn: string }[]).length).toBeGreaterThan(0);
    const ny = await req('POST', 'AdHocOpgave', 'vand', {
      virksomhedId: plant,
      emne: 'Opfølgning',
      notat: 'Bed om ny analyse',
      frist: '2026-07-01',
    });
    expect(ny.statusCode, ny.body).toBe(201);
    expect(json(ny)).toMatchObject({ virksomhedId: plant, frist: '2026-07-01', udfoert: false });
    const liste = await req('GET', `AdHocOpgave/list/${plant}`, 'laeser');
    expect(liste.statusCode).toBe(200);
    expect((json(liste) as { id: number }[]).map((o) => o.id)).toContain(json(ny).id);
    const afvist = await req('POST', 'AdHocOpgave', 'laeser', {
      virksomhedId: plant,
      emne: 'Opfølgning',
      notat: 'x',
    });
    expect(afvist.statusCode).toBe(403);
  });

  it('shows the plant’s permits, inspections, enforcement and notes on its timeline, each said what it is', async () => {
    const tilsynstype = foersteValg(felt(VANDANLAEG_TILSYN, 'tilsynstypeId'));
    const htype = foersteValg(felt(VANDANLAEG_HAANDHAEVELSE, 'haandhaevelsestypeId'));
    const opret = async (kind: AnyRecordKind, values: Record<string, unknown>) => {
      const r = await req('POST', kind.art, 'vand', body(kind, plant, values));
      expect(r.statusCode, r.body).toBe(201);
      return json(r).id as number;
    };
    const tilsyn = await opret(VANDANLAEG_TILSYN, {
      titel: 'Årligt tilsyn 2026',
      tilsynstypeId: tilsynstype.id,
      dato: '2026-05-04',
    });
    const haandhaevelse = await opret(VANDANLAEG_HAANDHAEVELSE, {
      titel: 'Påbud om ny boringskappe',
      haandhaevelsestypeId: htype.id,
      dato: '2026-05-20',
      status: 'Åben',
    });
    // The seeded permit of the plant (one valid abstraction permit at a time).
    const tilladelser = await req('GET', `${VANDANLAEG_TILLADELSE.art}/list/${plant}`, 'vand');
    expect(tilladelser.statusCode).toBe(200);
    const tilladelse = (json(tilladelser) as { id: number; tilladelsestypeId: number }[])[0]!;
    const ttype = LOOKUP_KATALOG.get(
      (
        felt(VANDANLAEG_TILLADELSE, 'tilladelsestypeId').type as { kilde: { path: string } }
      ).kilde.path.toLowerCase(),
    )!.find((i) => i.id === tilladelse.tilladelsestypeId)!;
    const note = await req('POST', 'logbog', 'vand', {
      virksomhedId: plant,
      emne: 'Besigtigelse',
      notat: 'Boringskappen er utæt',
    });
    expect(note.statusCode).toBe(201);

    const r = await req('GET', `virksomhed/${plant}/tidslinje?take=500`, 'laeser');
    expect(r.statusCode, r.body).toBe(200);
    const { items, totalCount } = json(r) as { items: TidslinjeItem[]; totalCount: number };
    expect(totalCount).toBe(items.length);
    const af = (id: number) => items.find((i) => i.registreringId === id);
    expect(af(tilsyn)).toMatchObject({
      art: 'VandanlaegTilsyn',
      titel: 'Årligt tilsyn 2026',
      beskrivelse: `Tilsyn · ${tilsynstype.navn}`,
    });
    expect(af(haandhaevelse)).toMatchObject({
      art: 'VandanlaegHaandhaevelse',
      beskrivelse: `Håndhævelse · ${htype.navn}`,
    });
    expect(af(tilladelse.id)).toMatchObject({
      art: 'VandanlaegTilladelse',
      beskrivelse: `Tilladelse · ${ttype.navn}`,
    });
    expect(items.find((i) => i.id === `logbog-${json(note).id}`)).toMatchObject({
      art: 'logbog',
      titel: 'Besigtigelse',
      beskrivelse: 'Boringskappen er utæt',
    });
    // The automatic change entries stay in the log; the records themselves are on the timeline.
    expect(items.some((i) => i.art === 'logbog' && i.beskrivelse?.includes('oprettet'))).toBe(false);
    expect((await req('GET', `virksomhed/${plant}/tidslinje`, 'virksomhed')).statusCode).toBe(403);
  });

  it('answers 404 for another customer’s plant, never its data', async () => {
    for (const url of [
      `logbog/list/${foreignPlant}`,
      `AdHocOpgave/list/${foreignPlant}`,
      `virksomhed/${foreignPlant}/tidslinje`,
    ]) {
      expect((await req('GET', url, 'vand')).statusCode, url).toBe(404);
    }
    const skriv = await req('POST', 'logbog', 'vand', {
      virksomhedId: foreignPlant,
      emne: 'Mail',
      notat: 'x',
    });
    expect(skriv.statusCode).toBe(404);
    const opgave = await req('POST', 'AdHocOpgave', 'vand', {
      virksomhedId: foreignPlant,
      emne: 'Mail',
      notat: 'x',
    });
    expect(opgave.statusCode).toBe(404);
  });
});
