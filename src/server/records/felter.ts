import { and, eq } from 'drizzle-orm';
import type { FeltDef, LookupKilde } from '../../contract/felter';
import { formatIsoDato, formatTal, formatTal2, MAENGDER } from '../../contract/format';
import { lookupListe, tidsregistreringsKategorier } from '../catalog/lookups';
import {
  boring,
  bruger,
  brugerKunde,
  emne,
  kontaktperson,
  registrering,
  satGebyrType,
  satTilsynsperiode,
  tilsynKonklusion,
} from '../db/schema';
import type { Tx } from '../db/versioneret';

/**
 * The server side of the field language (src/contract/felter.ts), for any form of any owner: the
 * options of lookup fields, their check (400 with the field's name), and the Danish wording of values
 * and changes in the automatic log.
 */

// ---------------------------------------------------------------- lookups of one company

/**
 * Resolves the options of the lookup fields for one company: fixed lists from the catalogue, and the
 * customer's case workers and conclusions, the company's inspections, assessments and contacts from
 * the database. Each source is loaded once per request.
 */
export class FeltOpslag {
  private readonly cache = new Map<string, Promise<Map<string | number, string>>>();

  constructor(
    private readonly db: Tx,
    private readonly kundeId: number,
    private readonly v: { id: number; type: number },
  ) {}

  muligheder(
    kilde: LookupKilde,
    vaerdi: 'id' | 'kode' | 'navn' = 'id',
  ): Promise<Map<string | number, string>> {
    const key = `${'path' in kilde ? kilde.path : kilde.special}|${vaerdi}`;
    let p = this.cache.get(key);
    if (!p) {
      p = this.hent(kilde, vaerdi);
      this.cache.set(key, p);
    }
    return p;
  }

  private async hent(
    kilde: LookupKilde,
    vaerdi: 'id' | 'kode' | 'navn',
  ): Promise<Map<string | number, string>> {
    if ('path' in kilde) {
      const items = lookupListe(kilde.path) ?? [];
      return new Map(items.map((i) => [vaerdi === 'id' ? i.id : i[vaerdi], i.navn]));
    }
    switch (kilde.special) {
      case 'sagsbehandler': {
        const rows = await this.db
          .select({ id: bruger.id, navn: bruger.navn })
          .from(brugerKunde)
          .innerJoin(bruger, eq(bruger.id, brugerKunde.brugerId))
          .where(eq(brugerKunde.kundeId, this.kundeId));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
      case 'tilsynKonklusion': {
        const rows = await this.db
          .select({ id: tilsynKonklusion.id, navn: tilsynKonklusion.navn })
          .from(tilsynKonklusion)
          .where(eq(tilsynKonklusion.kundeId, this.kundeId));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
      case 'tilsyn':
      case 'risikovurdering': {
        const rows = await this.db
          .select({ id: registrering.id, titel: registrering.titel, dato: registrering.dato })
          .from(registrering)
          .where(
            and(
              eq(registrering.virksomhedId, this.v.id),
              eq(registrering.art, kilde.special),
              eq(registrering.slettet, false),
            ),
          );
        return new Map(rows.map((r) => [r.id, r.dato ? `${r.titel} (${formatIsoDato(r.dato)})` : r.titel]));
      }
      case 'tidsregistrering':
        return new Map(tidsregistreringsKategorier(this.v.type).map((i) => [i.id, i.navn]));
      case 'kontaktperson': {
        const rows = await this.db
          .select({ id: kontaktperson.id, navn: kontaktperson.navn })
          .from(kontaktperson)
          .where(and(eq(kontaktperson.virksomhedId, this.v.id), eq(kontaktperson.slettet, false)));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
      case 'boring': {
        const rows = await this.db
          .select({ id: boring.id, dguNr: boring.dguNr, navn: boring.navn })
          .from(boring)
          .where(and(eq(boring.vandanlaegId, this.v.id), eq(boring.kundeId, this.kundeId)));
        return new Map(rows.map((r) => [r.id, r.navn ? `${r.dguNr} (${r.navn})` : r.dguNr]));
      }
      case 'satTilsynsperiode': {
        const rows = await this.db
          .select({ id: satTilsynsperiode.id, navn: satTilsynsperiode.navn })
          .from(satTilsynsperiode)
          .where(eq(satTilsynsperiode.kundeId, this.kundeId));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
      case 'satGebyrType': {
        const rows = await this.db
          .select({ id: satGebyrType.id, navn: satGebyrType.navn })
          .from(satGebyrType)
          .where(eq(satGebyrType.kundeId, this.kundeId));
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
      case 'emne': {
        const rows = await this.db.select({ id: emne.id, navn: emne.navn }).from(emne);
        return new Map(rows.map((r) => [r.id, r.navn]));
      }
    }
  }
}

export const gaelder = (f: FeltDef, type: number) => !f.kunFor || f.kunFor === type;
export const somListe = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];

/**
 * Lookup values must be among the options (400 with the field's name). A value the record already
 * carries stays allowed even when it has since become inactive or left the list.
 */
export async function tjekFelter(
  opslag: FeltOpslag,
  felter: readonly FeltDef[],
  type: number,
  nye: Record<string, unknown>,
  gamle: Record<string, unknown>,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const f of felter) {
    if (f.type.kind !== 'lookup' || f.skrivebeskyttet || !gaelder(f, type)) continue;
    const options = await opslag.muligheder(f.type.kilde, f.type.vaerdi);
    const tidligere = new Set(somListe(gamle[f.navn]));
    const ukendte = somListe(nye[f.navn]).filter((v) => !options.has(v as never) && !tidligere.has(v));
    if (ukendte.length > 0) errors[f.navn] = [`Ukendt værdi: ${ukendte.join(', ')}`];
  }
  return errors;
}

/** How a value reads in the log: names of lookups, DD-MM-YYYY, Ja/Nej/Ikke relevant, Danish numbers. */
export async function visVaerdi(opslag: FeltOpslag, f: FeltDef, v: unknown): Promise<string> {
  const t = f.type;
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) {
    return t.kind === 'jaNej' && t.treVejs ? 'Ikke relevant' : '(tom)';
  }
  switch (t.kind) {
    case 'dato':
      return formatIsoDato(String(v));
    case 'jaNej':
      return v ? 'Ja' : 'Nej';
    case 'tal':
      return `${t.decimaler === 2 ? formatTal2(Number(v)) : formatTal(Number(v))}${t.enhed ? ` ${t.enhed}` : ''}`;
    case 'beloeb':
    case 'timer':
    case 'procent':
      return MAENGDER[t.kind].vis(Number(v));
    case 'lookup': {
      const options = await opslag.muligheder(t.kilde, t.vaerdi);
      return somListe(v)
        .map((x) => options.get(x as never) ?? String(x))
        .join(', ');
    }
    case 'linjer':
      return somListe(v).join(', ');
    default: {
      const s = String(v).replace(/\s+/g, ' ');
      return s.length > 80 ? `${s.slice(0, 77)}…` : s;
    }
  }
}

const lige = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** 'Label: old → new' for every field that changed. */
export async function beskrivAendringer(
  opslag: FeltOpslag,
  felter: readonly FeltDef[],
  gamle: Record<string, unknown>,
  nye: Record<string, unknown>,
): Promise<string[]> {
  const linjer: string[] = [];
  for (const f of felter) {
    if (f.skrivebeskyttet || !(f.navn in nye) || lige(gamle[f.navn], nye[f.navn])) continue;
    linjer.push(
      `${f.label}: ${await visVaerdi(opslag, f, gamle[f.navn])} → ${await visVaerdi(opslag, f, nye[f.navn])}`,
    );
  }
  return linjer;
}
