import { describe, expect, it } from 'vitest';
import { views as affaldstilsyn } from '../../src/app/features/affaldstilsyn/views';
import { views as vandanlaeg } from '../../src/app/features/vandanlaeg/views';
import { tabRegler, views as virksomhed } from '../../src/app/features/virksomhed/views';
import {
  artAfRute,
  faneRuter,
  faneSti,
  faneValg,
  faneVisninger,
  flytTil,
  registreringSti,
} from '../../src/app/records/ramme-faner';
import { getRoute } from '../../src/app/routes/route-table';
import type { ViewComponent } from '../../src/app/workspace/tile-api';
import { ENTITETER, type EntitetArt } from '../../src/contract/entitet';
import type { AnyRecordKind } from '../../src/contract/record-kind';
import { ARTER, DYREHOLD, TILSYN } from '../../src/contract/registreringer';
import { SAT_ARTER, SAT_HAANDHAEVELSE, SAT_RESULTAT } from '../../src/contract/sat-registreringer';
import { DIADEM_ANLAEGSPAABUD, VANDANLAEG_ARTER } from '../../src/contract/vandanlaeg-registreringer';

/**
 * A record kind carries its tab (issue 33): the kind's segment and record-id parameter, with the
 * route table, give the owner's record views, the addresses of its records and the timeline links.
 */

const EJERE: readonly (readonly [EntitetArt, readonly AnyRecordKind[]])[] = [
  ['virksomhed', Object.values(ARTER)],
  ['landbrug', Object.values(ARTER)],
  ['vandanlaeg', VANDANLAEG_ARTER],
  ['satvirksomhed', SAT_ARTER],
];

const View: ViewComponent = () => null;

describe('record kinds and their tabs', () => {
  it('every kind that selects a record by its address has its route under each owner kind it belongs to', () => {
    for (const [art, arter] of EJERE) {
      const entitet = ENTITETER[art];
      const ruter = faneRuter([art]);
      for (const kind of arter) {
        if (!kind.fane?.param) continue;
        if (kind.kunForType !== undefined && kind.kunForType !== entitet.type) continue;
        const rute = ruter.find((r) => artAfRute(r, arter) === kind);
        expect(rute?.path, `${art} ${kind.art}`).toBe(
          `${entitet.sti}/:id/${kind.fane.segment}/:${kind.fane.param}?`,
        );
      }
    }
    expect(artAfRute(getRoute('landbrug-dyrehold'), Object.values(ARTER))).toBe(DYREHOLD);
    expect(artAfRute(getRoute('affaldstilsyn-haandhaevelser'), SAT_ARTER)).toBe(SAT_HAANDHAEVELSE);
    // A tab without a record id in its address is no kind's record tab (the Diadem tab has five kinds).
    expect(artAfRute(getRoute('vandanlaeg-diadem'), VANDANLAEG_ARTER)).toBeUndefined();
    expect(artAfRute(getRoute('virksomhed-stamoplysninger'), Object.values(ARTER))).toBeUndefined();
  });

  it('derives the record views: the same view for every plain record tab, the own views kept', () => {
    expect(virksomhed['virksomhed-afgoerelser']).toBe(virksomhed['landbrug-dyrehold']);
    expect(virksomhed['virksomhed-afgoerelser']).toBe(virksomhed['landbrug-haandhaevelser']);
    expect(virksomhed['virksomhed-tilsyn']).not.toBe(virksomhed['virksomhed-afgoerelser']);
    expect(vandanlaeg['vandanlaeg-haandhaevelser']).not.toBe(vandanlaeg['vandanlaeg-tilsyn']);
    expect(affaldstilsyn['affaldstilsyn-haandhaevelser']).not.toBe(
      affaldstilsyn['affaldstilsyn-brugerbetaling'],
    );
    expect(Object.keys(virksomhed).sort()).toEqual(
      faneRuter(['virksomhed', 'landbrug'])
        .map((r) => r.name)
        .sort(),
    );
  });

  it('a tab with neither an own view nor a kind is an error when the views are made', () => {
    // With only the master data view, the boreholes tab (no record kind's tab) has nothing.
    expect(() =>
      faneVisninger(['vandanlaeg'], VANDANLAEG_ARTER, { 'vandanlaeg-stamoplysninger': View }, View),
    ).toThrow(/vandanlaeg-indtag har hverken en visning eller en registreringsart/);
  });

  it('the user-payment rule goes to the tabs of the kind that needs user payment', () => {
    expect(Object.keys(tabRegler).sort()).toEqual(['landbrug-brugerbetaling', 'virksomhed-brugerbetaling']);
  });

  it('addresses of records, timeline links and the move of an owner opened under another kind', () => {
    expect(faneSti(ENTITETER.landbrug, 12, TILSYN.fane!, 55)).toBe('/landbrug/12/tilsyn/55');
    expect(faneSti(ENTITETER.virksomhed, 12, TILSYN.fane!, null)).toBe('/virksomheder/12/tilsyn');
    expect(registreringSti(ENTITETER.vandanlaeg, 7, VANDANLAEG_ARTER, 'VandanlaegTilladelse', 3)).toBe(
      '/vandanlaeg/7/tilladelser/3',
    );
    expect(registreringSti(ENTITETER.vandanlaeg, 7, VANDANLAEG_ARTER, DIADEM_ANLAEGSPAABUD.art, 3)).toBe(
      '/vandanlaeg/7/diadem',
    );
    expect(registreringSti(ENTITETER.satvirksomhed, 4, SAT_ARTER, SAT_RESULTAT.art, 9)).toBe(
      '/affaldstilsyn/4/affaldstilsyn',
    );
    expect(registreringSti(ENTITETER.satvirksomhed, 4, SAT_ARTER, 'sattilsyn', 9)).toBe(
      '/affaldstilsyn/4/opfoelgendetilsyn/9',
    );
    expect(registreringSti(ENTITETER.virksomhed, 4, Object.values(ARTER), 'ukendt', 9)).toBeNull();
    expect(flytTil(ENTITETER.virksomhed, 5, '/landbrug/:id/afgoerelser/:afgoerelseid?')).toBe(
      '/virksomheder/5/afgoerelser',
    );
    expect(flytTil(ENTITETER.virksomhed, 5, '/landbrug/:id/dyrehold/:dyreholdid?')).toBe(
      '/virksomheder/5/stamoplysninger',
    );
    expect(flytTil(ENTITETER.landbrug, 5, '/virksomheder/:id/tilsyn/:tilsynid?')).toBe('/landbrug/5/tilsyn');
  });

  it("selects the record the route names and moves the tile to another record's address", () => {
    const navigeret: string[] = [];
    const tile = {
      navigate: (p: string) => navigeret.push(p),
      openBeside: (p: string) => navigeret.push(`beside ${p}`),
    };
    const valg = faneValg(tile, ENTITETER.satvirksomhed, 4, SAT_HAANDHAEVELSE, {
      id: '4',
      satHaandhaevelseId: '8',
    });
    expect(valg.id).toBe(8);
    valg.vaelg(null);
    valg.aabnBeside?.(3);
    expect(navigeret).toEqual([
      '/affaldstilsyn/4/haandhaevelser',
      'beside /affaldstilsyn/4/haandhaevelser/3',
    ]);
    expect(faneValg(tile, ENTITETER.virksomhed, 4, TILSYN, { id: '4' }).id).toBeNull();
  });
});
