import { formatIsoDato } from '../../../contract/format';
import { adHocOpgave, logbog } from '../schema';
import type { KundeRef, SeedContext } from './context';
import { addDays, REFERENCE_DATE, timestamp } from './dates';
import type { Prng } from './prng';
import { ADHOC_OPGAVER, LOGBOG_AUTOMATISK, LOGBOG_NOTER } from './tekster';

export type EntitetsArt = 'virksomhed' | 'landbrug' | 'vandanlaeg';

function udfyld(t: string, v: Record<string, string>): string {
  return t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
}

/**
 * Log-book entries and ad hoc tasks for one company, farm or water plant: a quarter of all
 * entities have 1–5 notes of the last three years, a few have open or finished tasks.
 */
export function lavNoter(
  ctx: SeedContext,
  kunde: KundeRef,
  prng: Prng,
  e: { id: number; art: EntitetsArt; kontakt: string; sagsbehandlerId: number | null },
): void {
  const brugere = kunde.brugere;
  const forfatter = () =>
    e.sagsbehandlerId !== null && prng.chance(0.6) ? e.sagsbehandlerId : prng.pick(brugere).id;
  if (prng.chance(0.25)) {
    const n = prng.int(1, 5);
    for (let i = 0; i < n; i++) {
      const dag = addDays(REFERENCE_DATE, -prng.int(1, 1100));
      const aar = String(Number(dag.slice(0, 4)) - 1);
      if (prng.chance(0.2)) {
        const fra = prng.pick(brugere).navn;
        const til = prng.pick(brugere).navn;
        ctx.writer.push(logbog, {
          kundeId: kunde.id,
          virksomhedId: e.id,
          emne: 'Stamoplysninger',
          notat: udfyld(prng.pick(LOGBOG_AUTOMATISK[e.art]), {
            fra,
            til,
            aar,
            kvartal: String(prng.int(1, 4)),
          }),
          brugerId: forfatter(),
          dato: timestamp(dag, prng.int(7, 15), prng.int(0, 59)),
          automatisk: true,
        });
      } else {
        const n0 = prng.pick(LOGBOG_NOTER[e.art]);
        ctx.writer.push(logbog, {
          kundeId: kunde.id,
          virksomhedId: e.id,
          emne: n0.emne,
          notat: udfyld(n0.notat, {
            kontakt: e.kontakt,
            dato: formatIsoDato(addDays(dag, prng.int(14, 60))),
            aar,
          }),
          brugerId: forfatter(),
          dato: timestamp(dag, prng.int(7, 15), prng.int(0, 59)),
          automatisk: false,
        });
      }
    }
  }
  if (prng.chance(0.04)) {
    const n = prng.int(1, 2);
    for (let i = 0; i < n; i++) {
      const dag = addDays(REFERENCE_DATE, -prng.int(1, 200));
      const frist = prng.chance(0.7) ? addDays(dag, prng.int(14, 120)) : null;
      const udfoert = frist !== null && frist < REFERENCE_DATE ? prng.chance(0.75) : prng.chance(0.1);
      const o = prng.pick(ADHOC_OPGAVER);
      ctx.writer.push(adHocOpgave, {
        kundeId: kunde.id,
        virksomhedId: e.id,
        emne: o.emne,
        notat: udfyld(o.notat, { kontakt: e.kontakt, aar: String(Number(dag.slice(0, 4)) - 1) }),
        brugerId: forfatter(),
        dato: timestamp(dag, prng.int(7, 15), prng.int(0, 59)),
        frist,
        udfoert,
      });
    }
  }
}
