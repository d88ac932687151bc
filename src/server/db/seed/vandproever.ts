import { sql } from 'drizzle-orm';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import { VALIDERING_STATUS } from '../../../contract/validering';
import { vandproeve } from '../schema';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import type { Prng } from './prng';
import { BulkWriter, type Executor, rowsOf } from './writer';

/**
 * Water samples (vandproever) of the water plants: a history of approved samples and the latest ones
 * awaiting approval, with laboratory analyses whose parameters, units and limit values follow the
 * Danish drinking-water order (Drikkevandsbekendtgørelsen). About one pending sample in six has a
 * value over its limit (coliform bacteria, E. coli, nitrate, iron, manganese or pH).
 *
 * Runs after the main seed has written the plants (it reads them back), in the same transaction.
 */

interface Parameter {
  parameter: string;
  enhed: string;
  graensevaerdi: number | null;
  /** Typical value range of a good sample. */
  normal: [number, number];
  /** A value over the limit, for a failing sample. */
  over: [number, number];
  decimaler: number;
}

/** [parameter, enhed, grænseværdi, normal, over, decimaler] of each analysed parameter. */
const PARAMETRE: Parameter[] = (
  [
    ['Coliforme bakterier', 'antal/100 ml', 0, [0, 0], [1, 40], 0],
    ['E. coli', 'antal/100 ml', 0, [0, 0], [1, 12], 0],
    ['Kimtal ved 22 °C', 'antal/ml', 200, [1, 60], [250, 900], 0],
    ['Nitrat', 'mg/l', 50, [0.5, 22], [52, 85], 1],
    ['pH', 'pH', 8.5, [7.2, 8.1], [8.6, 9.2], 1],
    ['Ledningsevne', 'mS/m', 250, [35, 90], [260, 320], 0],
    ['Jern', 'mg/l', 0.2, [0.005, 0.08], [0.25, 0.9], 3],
    ['Mangan', 'mg/l', 0.05, [0.001, 0.02], [0.06, 0.3], 3],
    ['Turbiditet', 'FNU', 1, [0.05, 0.4], [1.2, 3.5], 2],
    ['Temperatur', '°C', null, [7.5, 11], [7.5, 11], 1],
  ] satisfies [string, string, number | null, [number, number], [number, number], number][]
).map(([parameter, enhed, graensevaerdi, normal, over, decimaler]) => ({
  parameter,
  enhed,
  graensevaerdi,
  normal,
  over,
  decimaler,
}));

/** Which parameters can fail (a sample fails on one of these). */
const KAN_OVERSKRIDE = ['Coliforme bakterier', 'E. coli', 'Nitrat', 'Jern', 'Mangan', 'pH'];

const PROEVESTEDER = [
  'Afgang vandværk',
  'Ledningsnet, forbruger',
  'Ledningsnet, hane på skole',
  'Indgang vandværk',
];
const PROEVETYPER: [string, number][] = [
  ['Kontrol af drikkevand, gruppe A', 60],
  ['Kontrol af drikkevand, gruppe B', 25],
  ['Boringskontrol', 15],
];
const LABORATORIER = ['Eurofins Miljø A/S', 'ALS Denmark A/S', 'Højvang Laboratorier A/S', 'AGROLAB Danmark'];

function afrund(v: number, d: number) {
  const f = 10 ** d;
  return Math.round(v * f) / f;
}

function analyser(prng: Prng, fejl: string | null) {
  return PARAMETRE.map((p) => {
    const [a, b] = p.parameter === fejl ? p.over : p.normal;
    return {
      parameter: p.parameter,
      vaerdi: afrund(prng.float(a, b), p.decimaler),
      enhed: p.enhed,
      graensevaerdi: p.graensevaerdi,
    };
  });
}

export interface VandproeveSkala {
  /** Plants per customer that get samples (the first ones, by id). */
  anlaeg: number;
}

export async function lavVandproever(
  exec: Executor,
  kunder: { id: number; navn: string }[],
  prng: Prng,
  skala: VandproeveSkala,
): Promise<number> {
  const writer = new BulkWriter(exec, [vandproeve]);
  await writer.init();
  for (const k of kunder) {
    const kp = prng.fork(`kunde-${k.id}`);
    const anlaeg = rowsOf<{ id: number; indtag_id: number | null; almen: boolean }>(
      await exec.execute(
        sql`SELECT v.id, (SELECT min(it.id) FROM boring b JOIN indtag it ON it.boring_id = b.id
                          WHERE b.vandanlaeg_id = v.id) AS indtag_id,
                   (v.basis->>'primaerVirksomhedstype') IN ('V01', 'V02') AS almen
            FROM virksomhed v WHERE v.kunde_id = ${k.id} AND v.type = ${VIRKSOMHEDSTYPE.VANDANLAEG} ORDER BY v.id LIMIT ${skala.anlaeg}`,
      ),
    );
    const brugere = rowsOf<{ id: number }>(
      await exec.execute(
        sql`SELECT bruger_id AS id FROM bruger_kunde WHERE kunde_id = ${k.id} AND roller ? 'SagsbehandlerVandanlaeg'
            ORDER BY bruger_id`,
      ),
    ).map((b) => Number(b.id));
    let tvungen = true;
    for (const a of anlaeg) {
      // Drinking-water plants are sampled; irrigation and industry rarely.
      const antal = a.almen ? kp.int(3, 6) : kp.chance(0.25) ? kp.int(1, 2) : 0;
      const afventer = a.almen && kp.chance(0.55) ? kp.int(1, 2) : 0;
      for (let n = 0; n < antal + afventer; n++) {
        const venter = n >= antal;
        const dage = venter ? kp.int(2, 40) : kp.int(60, 1000);
        const dag = addDays(REFERENCE_DATE, -dage);
        const udtaget = timestamp(dag, kp.int(7, 13), kp.int(0, 59));
        const fejl = venter
          ? tvungen || kp.chance(0.17)
            ? kp.pick(KAN_OVERSKRIDE)
            : null
          : kp.chance(0.04)
            ? kp.pick(KAN_OVERSKRIDE)
            : null;
        if (venter && fejl) tvungen = false;
        const type = kp.weighted(PROEVETYPER);
        const boring = type === 'Boringskontrol';
        const status = venter
          ? VALIDERING_STATUS.AFVENTER
          : kp.chance(0.03)
            ? VALIDERING_STATUS.FORKASTET
            : VALIDERING_STATUS.GODKENDT;
        writer.push(vandproeve, {
          kundeId: k.id,
          vandanlaegId: Number(a.id),
          indtagId: boring && a.indtag_id !== null ? Number(a.indtag_id) : null,
          proevested: boring ? 'Boring' : kp.pick(PROEVESTEDER),
          proevetype: type,
          udtaget,
          laboratorium: kp.pick(LABORATORIER),
          analyser: analyser(kp, fejl),
          bemaerkning: fejl && kp.chance(0.5) ? 'Omprøve bestilt hos laboratoriet.' : null,
          status,
          ...(status === VALIDERING_STATUS.AFVENTER || brugere.length === 0
            ? {}
            : {
                besluttetAfBrugerId: kp.pick(brugere),
                besluttetDato: new Date(udtaget.getTime() + kp.int(5, 30) * 86_400_000),
              }),
        });
      }
    }
  }
  await writer.finish();
  return writer.count(vandproeve);
}
