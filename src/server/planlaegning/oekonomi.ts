import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { opfoelgningOekonomi } from '../db/schema';
import { opdaterVersioneret, sletBloedt } from '../db/versioneret';
import { notFound } from '../http/errors';
import type { PeriodeRaekke } from './generer';

/**
 * The economic follow-up of a planning period (spec): free rows of planned, registered and invoiced
 * hours (half hours stored) and amounts (øre), versioned, deleted softly; no company's log.
 */

export const OEKONOMI_KONFLIKT =
  'Opfølgningen er blevet ændret eller slettet af en anden, siden du hentede den. Hent den igen og ret på ny.';

// ---------------------------------------------------------------- economic follow-up

type OekonomiRaekke = typeof opfoelgningOekonomi.$inferSelect;
const oekonomiSvar = (r: OekonomiRaekke) => ({
  id: r.id,
  periodeId: r.periodeId,
  tekst: r.tekst,
  planlagteTimer: r.planlagteTimerHalve / 2,
  registreredeTimer: r.registreredeTimerHalve / 2,
  faktureredeTimer: r.faktureredeTimerHalve / 2,
  planlagtBeloebOere: Number(r.planlagtBeloebOere),
  faktureretBeloebOere: Number(r.faktureretBeloebOere),
  bemaerkning: r.bemaerkning,
  version: r.version,
});

interface OekonomiInput {
  tekst: string;
  planlagteTimer: number;
  registreredeTimer: number;
  faktureredeTimer: number;
  planlagtBeloebOere: number;
  faktureretBeloebOere: number;
  bemaerkning?: string | null;
}
const oekonomiKolonner = (b: OekonomiInput) => ({
  tekst: b.tekst,
  planlagteTimerHalve: Math.round(b.planlagteTimer * 2),
  registreredeTimerHalve: Math.round(b.registreredeTimer * 2),
  faktureredeTimerHalve: Math.round(b.faktureredeTimer * 2),
  planlagtBeloebOere: b.planlagtBeloebOere,
  faktureretBeloebOere: b.faktureretBeloebOere,
  bemaerkning: b.bemaerkning ? b.bemaerkning : null,
});

async function hentOekonomiRaekke(db: Db, user: SessionUser, id: number): Promise<OekonomiRaekke> {
  const [r] = await db
    .select()
    .from(opfoelgningOekonomi)
    .where(
      and(
        eq(opfoelgningOekonomi.id, id),
        eq(opfoelgningOekonomi.kundeId, user.kundeId),
        eq(opfoelgningOekonomi.slettet, false),
      ),
    );
  if (!r) throw notFound('Opfølgningen');
  return r;
}

/** The economic follow-up has no company: nothing is written to a company's log. */
const INGEN_LOG = { virksomhedId: 0, emne: '', notat: null };

/** The period's rows in the order they were created. */
export async function oekonomiRaekker(db: Db, p: PeriodeRaekke) {
  const rows = await db
    .select()
    .from(opfoelgningOekonomi)
    .where(and(eq(opfoelgningOekonomi.periodeId, p.id), eq(opfoelgningOekonomi.slettet, false)))
    .orderBy(opfoelgningOekonomi.id);
  return rows.map(oekonomiSvar);
}

export async function opretOekonomi(db: Db, user: SessionUser, p: PeriodeRaekke, b: OekonomiInput) {
  const [ny] = await db
    .insert(opfoelgningOekonomi)
    .values({ kundeId: user.kundeId, periodeId: p.id, ...oekonomiKolonner(b) })
    .returning();
  if (!ny) throw new Error('Opfølgningen blev ikke oprettet');
  return oekonomiSvar(ny);
}

export async function retOekonomi(
  db: Db,
  user: SessionUser,
  id: number,
  b: OekonomiInput & { version: number },
) {
  const r = await hentOekonomiRaekke(db, user, id);
  const ny = await opdaterVersioneret(
    db,
    opfoelgningOekonomi,
    { id: r.id, version: b.version, hvor: eq(opfoelgningOekonomi.slettet, false) },
    oekonomiKolonner(b),
    OEKONOMI_KONFLIKT,
    user,
  );
  return oekonomiSvar(ny);
}

export async function sletOekonomi(db: Db, user: SessionUser, id: number, version: number): Promise<void> {
  const r = await hentOekonomiRaekke(db, user, id);
  await sletBloedt(db, opfoelgningOekonomi, { id: r.id, version }, {}, OEKONOMI_KONFLIKT, user, INGEN_LOG);
}
