import { and, eq } from 'drizzle-orm';
import type { BodyOf } from '../../contract/endpoint';
import { formatTal } from '../../contract/format';
import { ctrlprogramPasser } from '../../contract/jupiter-regler';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import {
  type gemVandanlaegBasis,
  UDEN_FOR_DANMARK,
  VANDANLAEG_BASIS_FELTER,
  VANDANLAEG_KONFLIKT,
  type Vandanlaeg,
  vandLookupSti,
} from '../../contract/vandanlaeg';
import type { SessionUser } from '../auth/session-user';
import { lookupListe } from '../catalog/lookups';
import type { Db } from '../db/client';
import { virksomhed } from '../db/schema';
import { MULIGE_VIRKSOMHEDSTYPER } from '../db/seed/lookups';
import { opdaterVersioneret, type Tx, tjekVersion } from '../db/versioneret';
import { iDanmark } from '../geo/danmark';
import { badRequest } from '../http/errors';
import type { Integrations } from '../integrations';
import { beskrivAendringer, FeltOpslag, somListe, tjekFelter } from '../records/felter';
import { hentDetalje, lokalitetAf, obj, type Row, talEllerNull, vandanlaegBasisAf } from './anlaeg';

/**
 * Saving a water plant's basis (PUT vandanlaeg/{id}/basis): the fields checked as declared, the
 * company type against the abstraction purpose, the over-plant (no cycle), CTRLPROGRAM and the
 * coordinate in Denmark; the DAWA address fetched before the transaction; versioned and logged.
 */

const LOG_EMNE = 'Stamoplysninger';
const fmtKoordinat = (x: number | null, y: number | null) =>
  x === null || y === null ? '(tom)' : `${formatTal(x)}, ${formatTal(y)}`;

/** Saves the basis of a plant loaded for writing; answers the plant as GET Vandanlaeg/{id} does. */
export async function gemBasis(
  db: Db,
  dawaRegister: Integrations['dawa'],
  user: SessionUser,
  row: Row,
  indhold: BodyOf<typeof gemVandanlaegBasis>,
): Promise<Vandanlaeg> {
  const body = indhold as Record<string, unknown> & {
    version: number;
    overanlaegVirksomhedId?: number | null;
    adresse?: { dawaAdresseId: string; dawaAdresseType: 'adresse' | 'adgangsadresse' } | null;
    koordinat?: { x: number; y: number } | null;
    matrikler?: string[];
    bfeNr?: string | null;
  };
  tjekVersion(body.version, row.version, VANDANLAEG_KONFLIKT);

  const gamle = vandanlaegBasisAf(row);
  const felter = VANDANLAEG_BASIS_FELTER.filter((f) => !f.skrivebeskyttet);
  const nye: Record<string, unknown> = {};
  for (const f of felter) nye[f.navn] = body[f.navn];

  // The address from DAWA, fetched before the transaction (an outside call).
  let dawa: Awaited<ReturnType<typeof dawaRegister.hent>> | undefined;
  if (body.adresse) {
    dawa = await dawaRegister.hent(body.adresse.dawaAdresseId, body.adresse.dawaAdresseType);
    if (!dawa) throw badRequest({ adresse: ['Adressen findes ikke i DAWA'] });
  }

  return db.transaction(async (tx) => {
    const opslag = new FeltOpslag(tx, user.kundeId, row);
    const errors = await tjekFelter(opslag, felter, row.type, nye, gamle);

    // The company type must fit the abstraction purpose (the form's dependent list).
    const formaal = nye.jupiterIndvindingsformaalId as number | null;
    const vtype = nye.primaerVirksomhedstype as string | null;
    const aendret = formaal !== gamle.jupiterIndvindingsformaalId || vtype !== gamle.primaerVirksomhedstype;
    if (aendret && formaal !== null && vtype !== null && !errors.primaerVirksomhedstype) {
      if (!muligeKoder(formaal).has(vtype)) {
        errors.primaerVirksomhedstype = ['Virksomhedstypen passer ikke til indvindingsformålet'];
      }
    }

    // The over-plant: another live plant of the customer, and never one below this plant.
    const gammelOver = gamle.overanlaegVirksomhedId as number | null;
    const nyOver = body.overanlaegVirksomhedId === undefined ? gammelOver : body.overanlaegVirksomhedId;
    let overNavn: string | null = null;
    // Checked when changed: a saved over-plant deleted since does not block other changes.
    if (nyOver !== null && nyOver !== gammelOver) {
      const fejl = await tjekOveranlaeg(tx, user.kundeId, row.id, nyOver);
      if (typeof fejl === 'string') errors.overanlaegVirksomhedId = [fejl];
      else overNavn = fejl.navn;
    }
    // A CTRLPROGRAM that does not fit the company type (a missing one is Jupiter-klar's to report).
    const ctrl = nye.jupiterCTRLPROGRAMId;
    const ctrlAendret = ctrl !== gamle.jupiterCTRLPROGRAMId || vtype !== gamle.primaerVirksomhedstype;
    if (ctrlAendret && ctrl !== null && !errors.jupiterCTRLPROGRAMId) {
      const fejl = ctrlprogramPasser({ virksomhedstype: vtype, formaalId: formaal, ctrlprogram: ctrl });
      if (fejl?.art === 'ugyldig') errors.jupiterCTRLPROGRAMId = [fejl.besked];
    }

    // A changed coordinate must lie in Denmark's land or territorial waters (the shape, not the
    // form's box); an unchanged one does not block other changes (Jupiter-klar reports it).
    const k = body.koordinat;
    if (k && (k.x !== row.x || k.y !== row.y) && !iDanmark(k.x, k.y))
      errors['koordinat.x'] = [UDEN_FOR_DANMARK];
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    const aendringer = await beskrivAendringer(opslag, felter, gamle, nye);
    if (nyOver !== gammelOver) {
      const [gl] =
        gammelOver !== null
          ? await tx.select({ navn: virksomhed.navn }).from(virksomhed).where(eq(virksomhed.id, gammelOver))
          : [];
      aendringer.push(`Overanlæg: ${gl?.navn ?? '(tom)'} → ${overNavn ?? '(tom)'}`);
    }

    // Address: kept, cleared, or the DAWA address chosen.
    const adresseSet: Partial<typeof virksomhed.$inferInsert> = {};
    let adresseEkstra = obj(row.basis.adresse);
    if (body.adresse === null && row.adresse !== null) {
      Object.assign(adresseSet, {
        vejnavn: null,
        husnummer: null,
        postnummer: null,
        postdistrikt: null,
        adresse: null,
        dawaAdresseId: null,
      });
      adresseEkstra = {};
      aendringer.push(`Adresse: ${row.adresse} → (tom)`);
    } else if (dawa && dawa.id !== row.dawaAdresseId) {
      Object.assign(adresseSet, {
        vejnavn: dawa.vejnavn,
        husnummer: dawa.husnummer,
        postnummer: dawa.postnummer,
        postdistrikt: dawa.postnrnavn,
        adresse: dawa.tekst,
        dawaAdresseId: dawa.id,
      });
      adresseEkstra = {
        etage: dawa.etage,
        sideDoer: dawa.doer,
        supplerendebynavn: null,
        x: dawa.x,
        y: dawa.y,
        type: dawa.type,
      };
      aendringer.push(`Adresse: ${row.adresse ?? '(tom)'} → ${dawa.tekst}`);
    }

    // Coordinate (EPSG:25832), cleaned and checked by the schema.
    let x = row.x;
    let y = row.y;
    if (body.koordinat !== undefined) {
      x = body.koordinat?.x ?? null;
      y = body.koordinat?.y ?? null;
      if (x !== row.x || y !== row.y) {
        aendringer.push(`Koordinat: ${fmtKoordinat(row.x, row.y)} → ${fmtKoordinat(x, y)}`);
      }
    }

    const gammelLok = lokalitetAf(row);
    const matrikler = body.matrikler ?? gammelLok.matrikler;
    const bfeNr = body.bfeNr === undefined ? gammelLok.bfeNr : body.bfeNr || null;
    if (JSON.stringify(matrikler) !== JSON.stringify(gammelLok.matrikler)) {
      aendringer.push(
        `Matrikler: ${gammelLok.matrikler.join(', ') || '(tom)'} → ${matrikler.join(', ') || '(tom)'}`,
      );
    }
    if (bfeNr !== gammelLok.bfeNr)
      aendringer.push(`BFE-nr.: ${gammelLok.bfeNr ?? '(tom)'} → ${bfeNr ?? '(tom)'}`);

    const sagsbehandlere = somListe(nye.sagsbehandlerListe) as number[];
    const basis: Record<string, unknown> = {
      ...row.basis,
      ...Object.fromEntries(felter.map((f) => [f.navn, nye[f.navn]])),
      overanlaegVirksomhedId: nyOver,
      virksomhedstype: VIRKSOMHEDSTYPE.VANDANLAEG,
      slettet: false,
      adresse: adresseEkstra,
      lokalitet: { ...obj(row.basis.lokalitet), matrikler, bfeNr },
    };
    const updated = await opdaterVersioneret(
      tx,
      virksomhed,
      { id: row.id, version: body.version, hvor: eq(virksomhed.kundeId, user.kundeId) },
      {
        navn: nye.anlaegsnavn as string,
        anlaegsnr: nye.anlaegsnr as string | null,
        jupiterId: nye.jupiterId as string | null,
        cvrNr: nye.cvrNr as string | null,
        pNr: nye.pNr as string | null,
        primaerSagsbehandlerId: sagsbehandlere[0] ?? null,
        etableringsDato: nye.startdato as string | null,
        ophoertDato: nye.slutdato as string | null,
        ...adresseSet,
        x,
        y,
        basis,
        opdateret: new Date(),
      },
      VANDANLAEG_KONFLIKT,
      user,
      {
        virksomhedId: row.id,
        emne: LOG_EMNE,
        notat: aendringer.length > 0 ? `Stamoplysninger ændret: ${aendringer.join('; ')}.` : null,
      },
    );
    return hentDetalje(tx, updated);
  });
}

/** The company-type codes that fit a purpose (MWVandanlaegLookUp/list/jupitermuligevirksomhedstype). */
function muligeKoder(formaal: number): Set<string> {
  const ids = MULIGE_VIRKSOMHEDSTYPER[formaal] ?? [];
  const typer = lookupListe(vandLookupSti('jupitervirksomhedstype')) ?? [];
  return new Set(typer.filter((t) => ids.includes(t.id)).map((t) => t.kode));
}

/** The over-plant's name, or why it cannot be chosen. */
async function tjekOveranlaeg(
  tx: Tx,
  kundeId: number,
  id: number,
  overId: number,
): Promise<{ navn: string } | string> {
  if (overId === id) return 'Et anlæg kan ikke være sit eget overanlæg';
  const [over] = await tx
    .select({ id: virksomhed.id, navn: virksomhed.navn, basis: virksomhed.basis })
    .from(virksomhed)
    .where(
      and(
        eq(virksomhed.id, overId),
        eq(virksomhed.kundeId, kundeId),
        eq(virksomhed.type, VIRKSOMHEDSTYPE.VANDANLAEG),
        eq(virksomhed.slettet, false),
      ),
    );
  if (!over) return 'Overanlægget findes ikke blandt kundens vandanlæg';
  // Walk up from the chosen plant: meeting this plant would make a cycle.
  let naeste = talEllerNull(over.basis.overanlaegVirksomhedId);
  for (let i = 0; naeste !== null && i < 50; i++) {
    if (naeste === id) return 'Overanlægget ligger selv under dette anlæg';
    const [r] = await tx
      .select({ basis: virksomhed.basis })
      .from(virksomhed)
      .where(and(eq(virksomhed.id, naeste), eq(virksomhed.kundeId, kundeId)));
    naeste = r ? talEllerNull(r.basis.overanlaegVirksomhedId) : null;
  }
  return { navn: over.navn };
}
