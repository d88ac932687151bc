import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FeltDef } from '../../contract/felter';
import { formatTal2, MAENGDER } from '../../contract/format';
import type { LookupItem } from '../../contract/lookups';
import { useEmneLookup } from '../session/frase-data';
import {
  lookupListeQuery,
  satGebyrTypeQuery,
  useSatTilsynsperiodeLookup,
  useTidsregistreringsKategorier,
  useTilsynKonklusioner,
} from '../session/lookups';
import { formatDanskDato, formatDanskTal, jaNejTekst } from '../ui/form';

/** Options of lookup sources the view supplies itself, by source (a water plant's boreholes). */
export type FeltMuligheder = Partial<Record<'boring', readonly LookupItem[] | undefined>>;

/** Names of lookup values, per field: what a list shows instead of ids. */
export type Navne = ReadonlyMap<string, ReadonlyMap<unknown, string>>;

/**
 * Loads the lookups the given fields refer to (from the shared lookup cache) and answers a name map
 * per field. Case workers are named by the record itself (its `sagsbehandler`); sources the view
 * supplies (a plant's boreholes) come from `muligheder`.
 */
export function useFeltNavne(
  felter: readonly FeltDef[],
  ctx: {
    kundeId: number;
    /** The owner row (a company's time categories). */
    ejerId: number;
    muligheder?: FeltMuligheder;
    /**
     * The dates of the records shown, for sources whose options depend on the date (SAT fee types):
     * each value is named from the options of its own record's date, so a type no longer valid
     * today is still named.
     */
    datoer?: readonly string[];
  },
): Navne {
  const paths = useMemo(
    () => [
      ...new Set(
        felter.flatMap((f) =>
          f.type.kind === 'lookup' && 'path' in f.type.kilde ? [f.type.kilde.path] : [],
        ),
      ),
    ],
    [felter],
  );
  const results = useQueries({
    queries: paths.map((path) => lookupListeQuery(path)),
  });
  const trengerKonklusion = felter.some(
    (f) =>
      f.type.kind === 'lookup' && 'special' in f.type.kilde && f.type.kilde.special === 'tilsynKonklusion',
  );
  const trengerKategori = felter.some(
    (f) =>
      f.type.kind === 'lookup' && 'special' in f.type.kilde && f.type.kilde.special === 'tidsregistrering',
  );
  const konklusioner = useTilsynKonklusioner(trengerKonklusion ? ctx.kundeId : null);
  const kategorier = useTidsregistreringsKategorier(trengerKategori ? ctx.ejerId : null);
  const special = (navn: string) =>
    felter.some(
      (f) => f.type.kind === 'lookup' && 'special' in f.type.kilde && f.type.kilde.special === navn,
    );
  const perioder = useSatTilsynsperiodeLookup(special('satTilsynsperiode') ? ctx.kundeId : null);
  const emner = useEmneLookup(special('emne'));
  const gebyrDatoer = useMemo(
    () => [...new Set((ctx.datoer ?? []).map((d) => d.slice(0, 10)))].sort(),
    [ctx.datoer],
  );
  const gebyrTyper = useQueries({
    queries: special('satGebyrType') ? gebyrDatoer.map((d) => satGebyrTypeQuery(ctx.kundeId, d)) : [],
  });
  const muligheder = ctx.muligheder;
  const dataKey = [...results, ...gebyrTyper].map((r) => r.dataUpdatedAt).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for the results' data
  return useMemo(() => {
    const byPath = new Map(paths.map((p, i) => [p, results[i]?.data as LookupItem[] | undefined]));
    const map = new Map<string, Map<unknown, string>>();
    for (const f of felter) {
      const t = f.type;
      if (t.kind !== 'lookup') continue;
      let items: LookupItem[] | undefined;
      if ('path' in t.kilde) items = byPath.get(t.kilde.path);
      else if (t.kilde.special === 'tilsynKonklusion') items = konklusioner.data;
      else if (t.kilde.special === 'tidsregistrering') items = kategorier.data;
      else if (t.kilde.special === 'boring' && muligheder?.boring) items = [...muligheder.boring];
      else if (t.kilde.special === 'satTilsynsperiode') items = perioder.data;
      else if (t.kilde.special === 'emne') items = emner.data;
      else if (t.kilde.special === 'satGebyrType')
        items = gebyrTyper.flatMap((r) => (r.data as LookupItem[] | undefined) ?? []);
      if (!items) continue;
      const key = t.vaerdi ?? 'id';
      map.set(f.navn, new Map(items.map((i) => [key === 'id' ? i.id : i[key], i.navn])));
    }
    return map;
  }, [felter, paths, dataKey, konklusioner.data, kategorier.data, muligheder, perioder.data, emner.data]);
}

/** A field's value as a list or a log shows it. */
export function visVaerdi(f: FeltDef, value: unknown, navne: Navne): string {
  const t = f.type;
  if (t.kind === 'jaNej') return t.treVejs ? jaNejTekst(value as boolean | null) : value ? 'Ja' : 'Nej';
  if (value === null || value === undefined || value === '') return '';
  switch (t.kind) {
    case 'dato':
      return formatDanskDato(String(value));
    case 'tal':
      return `${t.decimaler === 2 ? formatTal2(Number(value)) : formatDanskTal(Number(value))}${t.enhed ? ` ${t.enhed}` : ''}`;
    case 'beloeb':
    case 'timer':
    case 'procent':
      return MAENGDER[t.kind].vis(Number(value));
    case 'lookup': {
      const m = navne.get(f.navn);
      const list = Array.isArray(value) ? value : [value];
      return list.map((x) => m?.get(x) ?? String(x)).join(', ');
    }
    case 'linjer':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'valg':
      return t.tekster?.[String(value)] ?? String(value);
    default:
      return String(value);
  }
}
