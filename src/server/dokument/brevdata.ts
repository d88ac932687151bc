import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { KONTROLPUNKT_RESULTATER } from '../../contract/dokumenter';
import type { FeltDef } from '../../contract/felter';
import { formatDato, formatIsoDato } from '../../contract/format';
import type { AnyRecordKind } from '../../contract/record-kind';
import { HAANDHAEVELSE, TILSYN } from '../../contract/registreringer';
import { VANDANLAEG_TILSYN } from '../../contract/vandanlaeg-registreringer';
import { lookupListe } from '../catalog/lookups';
import type { Db } from '../db/client';
import {
  administrativeOplysninger,
  bruger,
  kontrolpunkt,
  kontrolpunktSkabelon,
  kunde,
  registrering,
  tilsynKontrolpunkt,
  tilsynRapportTekst,
  type virksomhed,
} from '../db/schema';
import { notFound } from '../http/errors';
import { FeltOpslag, somListe } from '../records/felter';
import type { BrevData } from './bogmaerker';
import type { KontrolpunktRaekke } from './docx';

type Virksomhed = typeof virksomhed.$inferSelect;
type Registrering = typeof registrering.$inferSelect;

/** The subjects of control points (Kontrolpunkt/henttemplateemner): code → name. */
export function kontrolpunktEmneNavne(): Map<string, string> {
  return new Map((lookupListe('kontrolpunkt/henttemplateemner') ?? []).map((i) => [i.kode, i.navn]));
}

/** An inspection's control points with their template and subject, in template and point order. */
export async function hentTilsynetsPunkter(db: Db, registreringId: number) {
  const emner = kontrolpunktEmneNavne();
  const rows = await db
    .select({
      id: tilsynKontrolpunkt.id,
      kontrolpunktId: tilsynKontrolpunkt.kontrolpunktId,
      resultat: tilsynKontrolpunkt.resultat,
      bemaerkning: tilsynKontrolpunkt.bemaerkning,
      version: tilsynKontrolpunkt.version,
      skabelonId: kontrolpunkt.skabelonId,
      skabelonNavn: kontrolpunktSkabelon.navn,
      emneKode: kontrolpunkt.emneKode,
      tekst: kontrolpunkt.tekst,
    })
    .from(tilsynKontrolpunkt)
    .innerJoin(kontrolpunkt, eq(kontrolpunkt.id, tilsynKontrolpunkt.kontrolpunktId))
    .innerJoin(kontrolpunktSkabelon, eq(kontrolpunktSkabelon.id, kontrolpunkt.skabelonId))
    .where(eq(tilsynKontrolpunkt.registreringId, registreringId))
    .orderBy(
      asc(kontrolpunktSkabelon.navn),
      asc(kontrolpunkt.skabelonId),
      asc(kontrolpunkt.sortering),
      asc(kontrolpunkt.id),
    );
  return rows.map((r) => ({ ...r, emneNavn: emner.get(r.emneKode) ?? r.emneKode }));
}

/** A field's value as letter text: lookups by their names, dates DD-MM-YYYY, nothing as ''. */
async function tekstAf(opslag: FeltOpslag, kind: AnyRecordKind, navn: string, v: unknown): Promise<string> {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return '';
  const f: FeltDef | undefined = kind.felter.find((x) => x.navn === navn);
  if (!f) return String(v);
  const t = f.type;
  if (t.kind === 'lookup') {
    const m = await opslag.muligheder(t.kilde, t.vaerdi);
    return somListe(v)
      .map((x) => m.get(x as never) ?? String(x))
      .join(', ');
  }
  if (t.kind === 'dato') return formatIsoDato(String(v));
  if (t.kind === 'jaNej') return v ? 'Ja' : 'Nej';
  return String(v);
}

function adresseAf(v: Virksomhed): string {
  const gade = v.adresse?.trim() || [v.vejnavn, v.husnummer].filter(Boolean).join(' ');
  const by = [v.postnummer, v.postdistrikt].filter(Boolean).join(' ');
  if (!by || (v.postnummer && gade.includes(v.postnummer))) return gade;
  return gade ? `${gade}, ${by}` : by;
}

/**
 * Everything a letter on an inspection is filled from. `admId`: the municipality's details to use;
 * null: the customer's standard set (or the first); another customer's id answers 404.
 */
export async function hentBrevData(
  db: Db,
  kundeId: number,
  r: Registrering,
  v: Virksomhed,
  admId: number | null,
  nu: Date,
): Promise<BrevData> {
  const kind = r.art === VANDANLAEG_TILSYN.art ? VANDANLAEG_TILSYN : TILSYN;
  const opslag = new FeltOpslag(db, kundeId, { id: v.id, type: v.type });
  const d = r.data;
  const tekst = (navn: string) => tekstAf(opslag, kind, navn, d[navn]);

  const [adm] = await db
    .select()
    .from(administrativeOplysninger)
    .where(
      and(
        eq(administrativeOplysninger.kundeId, kundeId),
        admId === null ? undefined : eq(administrativeOplysninger.id, admId),
      ),
    )
    .orderBy(desc(administrativeOplysninger.standard), asc(administrativeOplysninger.id))
    .limit(1);
  if (admId !== null && !adm) throw notFound('De administrative oplysninger');
  const [k] = await db.select({ navn: kunde.navn }).from(kunde).where(eq(kunde.id, kundeId));

  const sagsbehandler = r.sagsbehandlerId
    ? ((await db.select({ navn: bruger.navn }).from(bruger).where(eq(bruger.id, r.sagsbehandlerId)))[0]
        ?.navn ?? '')
    : '';

  const punkter = await hentTilsynetsPunkter(db, r.id);
  const kontrolpunkter: KontrolpunktRaekke[] = punkter.map((p) => ({
    emne: p.emneNavn,
    kontrolpunkt: p.tekst,
    resultat: p.resultat
      ? (KONTROLPUNKT_RESULTATER[p.resultat as keyof typeof KONTROLPUNKT_RESULTATER] ?? p.resultat)
      : 'Ikke vurderet',
    bemaerkning: p.bemaerkning ?? '',
  }));

  const miljoeforhold = kind === TILSYN ? await tekst('miljoeForholdIds') : '';
  const emner = [...new Set(punkter.map((p) => p.emneNavn))];
  const omfang = [miljoeforhold, ...emner].filter(Boolean).join(', ');

  let haandhaevelser = '';
  if (kind === TILSYN) {
    const hh = await db
      .select()
      .from(registrering)
      .where(
        and(
          eq(registrering.virksomhedId, v.id),
          eq(registrering.art, HAANDHAEVELSE.art),
          eq(registrering.slettet, false),
          sql`${registrering.data}->>'tilsynId' = ${String(r.id)}`,
        ),
      )
      .orderBy(asc(registrering.dato), asc(registrering.id));
    const linjer: string[] = [];
    for (const h of hh) {
      const type = await tekstAf(opslag, HAANDHAEVELSE, 'haandhaevelsestypeId', h.data.haandhaevelsestypeId);
      const frist = typeof h.data.frist === 'string' ? `, frist ${formatIsoDato(h.data.frist)}` : '';
      linjer.push(`${type || 'Håndhævelse'} meddelt ${formatIsoDato(h.dato)}${frist}: ${h.titel}`);
    }
    haandhaevelser = linjer.join('\n');
  }

  const tekster = await db
    .select({ emneKode: tilsynRapportTekst.emneKode, tekst: tilsynRapportTekst.tekst })
    .from(tilsynRapportTekst)
    .where(and(eq(tilsynRapportTekst.kundeId, kundeId), eq(tilsynRapportTekst.aktiv, true)))
    .orderBy(asc(tilsynRapportTekst.emneKode), asc(tilsynRapportTekst.id));
  const rapportTekster = new Map<string, string>();
  for (const t of tekster) {
    const f = rapportTekster.get(t.emneKode);
    rapportTekster.set(t.emneKode, f ? `${f}\n\n${t.tekst}` : t.tekst);
  }

  return {
    virksomhed: {
      navn: v.navn,
      adresse: adresseAf(v),
      cvr: v.cvrNr ?? '',
      pNr: v.pNr ?? '',
      chrNr: v.chrNr ?? '',
      anlaegsnr: v.anlaegsnr ?? '',
      jupiterId: v.jupiterId ?? '',
    },
    tilsyn: {
      titel: r.titel,
      dato: formatIsoDato(r.dato),
      type: await tekst('tilsynstypeId'),
      kategori: kind === TILSYN ? await tekst('tilsynskategoriId') : '',
      baggrund: kind === TILSYN ? await tekst('baggrundForTilsynId') : '',
      konklusion: kind === TILSYN ? await tekst('konklusionId') : await tekst('opfoelgning'),
      sagsbehandler,
      bemaerkning: typeof d.bemaerkning === 'string' ? d.bemaerkning : '',
      omfang,
      haandhaevelser,
    },
    kommune: {
      afsender: adm?.afsender ?? k?.navn ?? '',
      adresse: adm?.adresse ?? '',
      postnrBy: adm?.postnrBy ?? '',
      telefon: adm?.telefon ?? '',
      email: adm?.email ?? '',
      web: adm?.web ?? '',
      underskriftNavn: adm?.underskriftNavn ?? '',
      underskriftTitel: adm?.underskriftTitel ?? '',
    },
    dagsdato: formatDato(nu),
    rapportTekster,
    kontrolpunkter,
  };
}
