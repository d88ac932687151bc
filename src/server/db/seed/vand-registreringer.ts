import { sql } from 'drizzle-orm';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import {
  IMPORT_EKSPORT_VANDMAENGDER,
  TILLADELSESFORMAAL_INDVINDING,
} from '../../../contract/vandanlaeg-registreringer';
import { registrering } from '../schema';
import type { KundeRef } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import { JUPITER_TILLADELSETYPE, VANDANLAEG_HAANDHAEVELSE_TYPE, VANDANLAEG_TILSYNSTYPE } from './lookups';
import type { Prng } from './prng';
import { registreringRaekke } from './registreringer';
import { udvekslingerAf } from './vandanlaeg';
import { BulkWriter, type Executor, rowsOf } from './writer';

/**
 * Records of the seeded water plants (table `registrering`, the kinds of
 * src/contract/vandanlaeg-registreringer.ts): the abstraction permit each plant's basis names (its
 * quantity and expiry), an older expired permit for some; for the public plants their Diadem analysis
 * frequencies, their fixed sampling sites, and inspections every few years, now and then with an
 * enforcement that followed. Runs on its own random stream, so
 * the rest of the seeded data does not change with it.
 */

const idAf = (liste: readonly { id: number; kode: string }[], kode: string) => {
  const o = liste.find((x) => x.kode === kode);
  if (!o) throw new Error(`Seed: ingen kode ${kode}`);
  return o.id;
};
const INDVINDING = idAf(JUPITER_TILLADELSETYPE, 'INDVINDING');

interface Anlaeg {
  id: number;
  primaer: number | null;
  almen: boolean;
  maengde: number | null;
  udloeb: string | null;
  start: string | null;
  boringer: number[];
  x: number | null;
  y: number | null;
}

async function anlaeg(exec: Executor, kundeId: number): Promise<Anlaeg[]> {
  const rows = rowsOf<{
    id: number;
    primaer: number | null;
    art: string | null;
    maengde: string | number | null;
    udloeb: string | null;
    start: string | null;
    boringer: number[] | null;
    x: number | null;
    y: number | null;
  }>(
    await exec.execute(sql`
      SELECT v.id, v.primaer_sagsbehandler_id AS primaer, v.basis->>'primaerVirksomhedstype' AS art,
             v.basis->>'vandmaengdeM3Aar' AS maengde, v.basis->>'udloebsdatoPaaGaeldendeTilladelse' AS udloeb,
             v.basis->>'startdato' AS start, v.x, v.y,
             (SELECT array_agg(b.id ORDER BY b.id) FROM boring b WHERE b.vandanlaeg_id = v.id) AS boringer
      FROM virksomhed v WHERE v.kunde_id = ${kundeId} AND v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} AND NOT v.slettet ORDER BY v.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    primaer: r.primaer === null ? null : Number(r.primaer),
    almen: r.art === 'V01',
    maengde: r.maengde === null ? null : Number(r.maengde),
    udloeb: r.udloeb,
    start: r.start,
    boringer: (r.boringer ?? []).map(Number),
    x: r.x === null ? null : Number(r.x),
    y: r.y === null ? null : Number(r.y),
  }));
}

export async function lavVandRegistreringer(exec: Executor, kunde: KundeRef, prng: Prng): Promise<number> {
  const liste = await anlaeg(exec, kunde.id);
  const writer = new BulkWriter(exec, [registrering]);
  await writer.init();
  let antal = 0;
  for (const a of liste) {
    const sb = () => (a.primaer !== null && prng.chance(0.8) ? a.primaer : null);
    const push = (art: string, titel: string, dato: string, data: Record<string, unknown>) => {
      const t = timestamp(dato < REFERENCE_DATE ? dato : REFERENCE_DATE, prng.int(8, 15), prng.int(0, 59));
      const sagsbehandlerId = sb();
      antal++;
      return writer.push(
        registrering,
        registreringRaekke(
          { kundeId: kunde.id, virksomhedId: a.id, art, titel, dato, sagsbehandlerId, data },
          t,
        ),
      );
    };
    const tilladelse = (start: string, slut: string | null, maengde: number) => ({
      tilladelsestypeId: INDVINDING,
      slutdato: slut,
      vandmaengdeM3Aar: maengde,
      vandmaengdeM3Time: null,
      boringIds: a.boringer,
      tilbagekaldt: false,
      tilbagekaldtDato: null,
      journalNr: `13.02.00-P19-${prng.int(1, 250)}-${start.slice(2, 4)}`,
      bemaerkning: null,
      tilladelsesformaalId: TILLADELSESFORMAAL_INDVINDING,
    });

    // The permit the basis names: it ends on the basis' expiry (never starts before the plant).
    if (a.maengde !== null && a.udloeb) {
      // It began before today: it has run 1–15 years longer than it has left.
      const varighed = Number(a.udloeb.slice(0, 4)) - Number(REFERENCE_DATE.slice(0, 4)) + prng.int(1, 15);
      let start = `${Number(a.udloeb.slice(0, 4)) - varighed}${a.udloeb.slice(4)}`;
      start = addDays(start, 1);
      if (a.start && start < a.start) start = a.start;
      push('VandanlaegTilladelse', 'Indvindingstilladelse', start, tilladelse(start, a.udloeb, a.maengde));
      // An older permit with a smaller quantity, expired the day before the current one began.
      if (prng.chance(0.35) && start > '1990-01-01') {
        const foer = addDays(start, -1);
        const gammelStart = `${Number(foer.slice(0, 4)) - 10}${foer.slice(4)}`;
        push(
          'VandanlaegTilladelse',
          'Indvindingstilladelse (tidligere)',
          addDays(gammelStart, 1),
          tilladelse(
            addDays(gammelStart, 1),
            foer,
            Math.round((a.maengde * prng.float(0.6, 0.95)) / 100) * 100,
          ),
        );
      }
    }

    // The public plants' control programme (Diadem analysis frequencies by the yearly quantity: a
    // smaller plant samples less often) and their fixed sampling sites: the outlet of the works, a
    // tap on the network, and each borehole.
    if (a.almen) {
      const fra = `${Number(REFERENCE_DATE.slice(0, 4)) - prng.int(1, 6)}-01-01`;
      const stor = (a.maengde ?? 0) > 100_000;
      const frekvenser: [string, string, number][] = [
        ['Kontrol af drikkevand, gruppe A', 'E. coli', stor ? 4 : 2],
        ['Kontrol af drikkevand, gruppe A', 'Coliforme bakterier', stor ? 4 : 2],
        ['Kontrol af drikkevand, gruppe B', 'Nitrat', 1],
        ['Pesticidprogram', 'Pesticider og nedbrydningsprodukter', stor ? 1 : 0.5],
      ];
      if (prng.chance(0.3)) frekvenser.push(['PFAS-screening', 'PFAS (sum af 22)', 1]);
      for (const [titel, stof, antal] of frekvenser)
        push('DiademAnalysefrekvens', titel, fra, {
          stof,
          antalPrAar: antal,
          gyldigTil: null,
          bemaerkning: null,
        });
      const sted = (titel: string, data: Record<string, unknown>) =>
        push('Fastmaalestation', titel, fra, {
          stedtype: 'Andet',
          boringId: null,
          tappested: null,
          x: null,
          y: null,
          aktiv: true,
          bemaerkning: null,
          ...data,
        });
      const naer = (d: number) => (v: number | null) =>
        v === null ? null : Math.round(v + prng.float(-d, d));
      sted('Afgang fra vandværk', { stedtype: 'Afgang fra vandværk', x: a.x, y: a.y });
      sted('Taphane på ledningsnettet', {
        stedtype: 'Tappested',
        tappested: prng.pick(['Skolen, køkken', 'Forsamlingshuset', 'Børnehaven, køkken', 'Plejecentret']),
        x: naer(1500)(a.x),
        y: naer(1500)(a.y),
      });
      for (const [i, b] of a.boringer.entries())
        sted(`Boring ${i + 1}`, { stedtype: 'Boring / indtag', boringId: b });
    }

    // Inspections of the public plants every 2–4 years; now and then an enforcement followed.
    if (!a.almen && !prng.chance(0.15)) continue;
    let dag = addDays(REFERENCE_DATE, -prng.int(30, 4 * 365));
    for (let i = 0; i < 3 && dag > '2019-01-01'; i++) {
      const type = prng.weighted<string>([
        ['VANDVAERK', 60],
        ['BORING', 20],
        ['TEKNISK', 15],
        ['ADMINISTRATIVT', 5],
      ]);
      const fund = prng.chance(0.2);
      push(
        'VandanlaegTilsyn',
        `${VANDANLAEG_TILSYNSTYPE.find((t) => t.kode === type)!.navn} ${dag.slice(0, 4)}`,
        dag,
        {
          tilsynstypeId: idAf(VANDANLAEG_TILSYNSTYPE, type),
          planlagtDato: addDays(dag, -prng.int(7, 30)),
          udfoertAf: null,
          opfoelgning: fund ? 'Mangler ved boringsafslutning; skal udbedres.' : null,
          frist: fund ? addDays(dag, 60) : null,
          bemaerkning: null,
        },
      );
      if (fund) {
        const frist = addDays(dag, prng.pick([30, 60, 90]));
        const efterkommet = frist < REFERENCE_DATE && prng.chance(0.8);
        push('VandanlaegHaandhaevelse', 'Udbedring af boringsafslutning', addDays(dag, 7), {
          haandhaevelsestypeId: idAf(
            VANDANLAEG_HAANDHAEVELSE_TYPE,
            prng.pick(['HENSTILLING', 'INDSKAERPELSE', 'PAABUD']),
          ),
          frist,
          status: efterkommet ? 'Efterkommet' : 'Åben',
          efterkommetDato: efterkommet ? addDays(frist, -prng.int(0, 20)) : null,
          bemaerkning: null,
        });
      }
      dag = addDays(dag, -prng.int(2 * 365, 4 * 365));
    }
  }

  // The water some public waterworks bought from or sold to a neighbour, as planned with their
  // quantities (their supply lines count it): after the other records, so those stay as they were.
  for (const a of liste) {
    for (const u of udvekslingerAf(kunde).get(a.id) ?? []) {
      // Recorded some weeks after the period, never after the reference date.
      const dag = addDays(u.til, 20);
      const t = timestamp(dag < REFERENCE_DATE ? dag : addDays(REFERENCE_DATE, -1), 10, 0);
      antal++;
      writer.push(
        registrering,
        registreringRaekke(
          {
            kundeId: kunde.id,
            virksomhedId: a.id,
            art: IMPORT_EKSPORT_VANDMAENGDER.art,
            titel: u.andetAnlaeg,
            dato: u.fra,
            sagsbehandlerId: a.primaer,
            data: {
              retning: u.retning,
              andetAnlaegJupiterId: null,
              periodeTil: u.til,
              maengde: u.maengde,
              bemaerkning: null,
            },
          },
          t,
        ),
      );
    }
  }
  await writer.finish();
  return antal;
}
