import { describe, expect, it } from 'vitest';
import { listeKolonner } from '../../src/app/features/virksomhed-liste/kolonner';
import { favoritPath } from '../../src/app/shell/links';
import { ENTITET_IKONER } from '../../src/app/ui/entitet-ikon';
import {
  byFavoritType,
  byPath,
  detailPath,
  ENTITET_ARTER,
  ENTITETER,
  erVirksomhedEllerLandbrug,
  fromType,
  TYPEDE_ENTITETER,
  virksomhedEllerLandbrug,
} from '../../src/contract/entitet';
import { RESSOURCER_FOR_ROLLE, ROLLER, VIRKSOMHEDSTYPE } from '../../src/contract/roles';
import { FAVORIT_TYPER } from '../../src/contract/session';
import { SOEG_TYPER } from '../../src/contract/soeg';
import { VALIDERING_STATUS } from '../../src/contract/validering';
import { readRoutesTsv } from './routes-spec';

const alle = ENTITET_ARTER.map((a) => ENTITETER[a]);

describe('entity-type descriptor', () => {
  it('carries the type numbers of the spec company type enumeration (VIRKSOMHED 1, LANDBRUG 2, VANDANLAEG 3)', () => {
    expect(ENTITETER.virksomhed.type).toBe(1);
    expect(ENTITETER.landbrug.type).toBe(2);
    expect(ENTITETER.vandanlaeg.type).toBe(3);
    // SAT companies are not in the enumeration.
    expect(ENTITETER.satvirksomhed.type).toBeNull();
    expect(TYPEDE_ENTITETER.map((e) => e.type)).toEqual([
      VIRKSOMHEDSTYPE.VIRKSOMHED,
      VIRKSOMHEDSTYPE.LANDBRUG,
      VIRKSOMHEDSTYPE.VANDANLAEG,
    ]);
  });

  it('fromType finds a kind by its number and nothing for ALLE or an unknown number', () => {
    expect(fromType(1)?.art).toBe('virksomhed');
    expect(fromType(2)?.art).toBe('landbrug');
    expect(fromType(3)?.art).toBe('vandanlaeg');
    expect(fromType(VIRKSOMHEDSTYPE.ALLE)).toBeUndefined();
    expect(fromType(4)).toBeUndefined();
    expect(fromType(-1)).toBeUndefined();
  });

  it('the company API kinds: only 1 and 2, and a farm only for 2', () => {
    expect([0, 1, 2, 3, 4].filter(erVirksomhedEllerLandbrug)).toEqual([1, 2]);
    expect(virksomhedEllerLandbrug(2).art).toBe('landbrug');
    expect(virksomhedEllerLandbrug(1).art).toBe('virksomhed');
  });

  it('byPath finds the kind by the first segment of a path, a route pattern or a bare segment', () => {
    expect(byPath('/landbrug/12/tilsyn/3')?.art).toBe('landbrug');
    expect(byPath('/virksomheder/:id/stamoplysninger')?.art).toBe('virksomhed');
    expect(byPath('/Vandanlaeg/4?layout=x')?.art).toBe('vandanlaeg');
    expect(byPath('/affaldstilsyn/5/haandhaevelser')?.art).toBe('satvirksomhed');
    expect(byPath('landbrug')?.art).toBe('landbrug');
    expect(byPath('/virksomhed/1')).toBeUndefined();
    expect(byPath('/validering/pejlinger')).toBeUndefined();
    expect(byPath('/')).toBeUndefined();
    expect(byPath('')).toBeUndefined();
  });

  it('detail paths open the default tab unless one is named', () => {
    expect(detailPath(ENTITETER.virksomhed, 7)).toBe('/virksomheder/7/stamoplysninger');
    expect(detailPath(ENTITETER.landbrug, 7, 'dyrehold/2')).toBe('/landbrug/7/dyrehold/2');
    expect(detailPath(ENTITETER.vandanlaeg, '9')).toBe('/vandanlaeg/9/stamoplysninger');
    expect(detailPath(ENTITETER.satvirksomhed, 5)).toBe('/affaldstilsyn/5/affaldstilsyn');
    for (const e of alle) expect(byPath(detailPath(e, 1))).toBe(e);
  });

  it('base paths, default tabs and read rights are the ones spec/routes.tsv lists', () => {
    const rows = readRoutesTsv();
    for (const e of alle) {
      const liste = rows.find((r) => r.path === e.sti);
      expect(liste, e.sti).toBeDefined();
      expect(liste?.access.split('||')).toContain(e.laeseret);
      expect(
        rows.some((r) => r.path.startsWith(`${e.sti}/:id/${e.standardFane}`)),
        `${e.sti}/:id/${e.standardFane}`,
      ).toBe(true);
    }
  });

  it('every role that grants a kind its write right grants its read right too', () => {
    for (const e of alle) {
      const skrivere = ROLLER.filter((r) => RESSOURCER_FOR_ROLLE[r].includes(e.skriveret));
      expect(skrivere.length, e.art).toBeGreaterThan(0);
      for (const r of skrivere) expect(RESSOURCER_FOR_ROLLE[r], `${r} ${e.art}`).toContain(e.laeseret);
    }
  });

  it('favourite types map one to one onto the kinds; SAT companies have none', () => {
    const medFavorit = alle.filter((e) => e.favoritType !== null).map((e) => e.favoritType);
    expect([...medFavorit].sort()).toEqual([...FAVORIT_TYPER].sort());
    for (const t of FAVORIT_TYPER) expect(byFavoritType(t).favoritType).toBe(t);
    expect(byFavoritType('Vandanlaeg').titelEntal).toBe('Vandanlæg');
    expect(ENTITETER.satvirksomhed.favoritType).toBeNull();
  });

  it('the palette search types are kinds of the descriptor', () => {
    for (const t of SOEG_TYPER) expect(ENTITETER[t].art).toBe(t);
  });

  it('Danish titles as the views show them', () => {
    expect(alle.map((e) => [e.titelEntal, e.titelFlertal, e.ordEntal, e.ordFlertal])).toEqual([
      ['Virksomhed', 'Virksomheder', 'virksomhed', 'virksomheder'],
      ['Landbrug', 'Landbrug', 'landbrug', 'landbrug'],
      ['Vandanlæg', 'Vandanlæg', 'vandanlæg', 'vandanlæg'],
      ['SAT-virksomhed', 'SAT-virksomheder', 'SAT-virksomhed', 'SAT-virksomheder'],
    ]);
    // Only farms carry a CHR number.
    expect(alle.filter((e) => e.harChrNr).map((e) => e.art)).toEqual(['landbrug']);
  });

  it('the client asks the descriptor: favourite links and the CHR column of the farm list', () => {
    expect(favoritPath({ virksomhedId: 4, virksomhedType: 'Virksomhed' })).toBe(
      '/virksomheder/4/stamoplysninger',
    );
    expect(favoritPath({ virksomhedId: 5, virksomhedType: 'Landbrug' })).toBe('/landbrug/5/stamoplysninger');
    expect(favoritPath({ virksomhedId: 6, virksomhedType: 'Vandanlaeg' })).toBe(
      '/vandanlaeg/6/stamoplysninger',
    );
    expect(listeKolonner(2).map((k) => k.id)).toContain('chrNr');
    expect(listeKolonner(1).map((k) => k.id)).not.toContain('chrNr');
  });

  it('every kind has an icon component on the client, each its own', () => {
    for (const e of alle) expect(ENTITET_IKONER[e.ikon], e.ikon).toBeDefined();
    expect(new Set(alle.map((e) => ENTITET_IKONER[e.ikon])).size).toBe(alle.length);
  });
});

describe('validation status constants', () => {
  it('awaiting 0, approved 1, discarded 2', () => {
    expect(VALIDERING_STATUS).toEqual({ AFVENTER: 0, GODKENDT: 1, FORKASTET: 2 });
  });
});
