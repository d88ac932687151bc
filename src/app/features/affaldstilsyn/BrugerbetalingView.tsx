import { formatOere, formatTal } from '../../../contract/format';
import type { AnyRecord } from '../../../contract/record-kind';
import { gebyrBeloebOere } from '../../../contract/sat';
import { SAT_GEBYR } from '../../../contract/sat-registreringer';
import { EjerRamme } from '../../records/ramme-ejer';
import { useSatGebyrTypeLookup } from '../../session/lookups';
import { useShellSession } from '../../session/session-context';
import type { ViewProps } from '../../workspace/tile-api';
import { SAT_RAMME } from './ejer';
import { SatRecordTab, talAf } from './registreringer';

/** The fee's amount and rate as the list and the form show them (kept out of the form's fields). */
const SKJULTE = ['satsOere', 'beloebOere'] as const;

const KOLONNER = {
  beloebOere: {
    overskrift: 'Beløb',
    tekst: (r: AnyRecord) => {
      const oere = talAf(r, 'beloebOere');
      return oere === null ? '' : formatOere(oere);
    },
  },
};

/** 'Faktureret': an invoiced fee cannot be changed (the server refuses it too). */
export const FAKTURERET_BESKED = 'Faktureret: gebyret er faktureret og kan ikke ændres.';
const laast = (r: AnyRecord) => (r.faktureret === true ? FAKTURERET_BESKED : null);

/** The formula: '2,5 t × 685,00 kr. = 1.712,50 kr.' (a fixed fee: 'Fast gebyr: 1.500,00 kr.'). */
function beregningTekst(art: string, satsOere: number, timer: number | null, beloebOere: number): string {
  if (art === 'fast') return `Fast gebyr: ${formatOere(beloebOere)}`;
  return `${formatTal(timer ?? 0, 1)} t × ${formatOere(satsOere)} = ${formatOere(beloebOere)}`;
}

/**
 * The fee beside the hours: computed live from the hours and the rate of the type chosen (valid on
 * the inspection date); a saved fee that is not being changed shows the server's amount.
 */
function GebyrBeregning({
  vaerdier,
  record,
}: {
  vaerdier: Readonly<Record<string, unknown>>;
  record: AnyRecord | undefined;
}) {
  const session = useShellSession();
  const dato = typeof vaerdier.dato === 'string' && vaerdier.dato ? vaerdier.dato : null;
  const typer = useSatGebyrTypeLookup(session.user?.customerId, dato);
  const typeId = vaerdier.gebyrtypeId;
  const timer = talAf(vaerdier, 'timeantal');
  const uaendret =
    record !== undefined &&
    record.gebyrtypeId === typeId &&
    (record.timeantal ?? null) === timer &&
    String(record.dato ?? '').slice(0, 10) === (dato ?? '').slice(0, 10);
  const gemtBeloeb = talAf(record, 'beloebOere');
  const gemtSats = talAf(record, 'satsOere');
  if (uaendret && gemtBeloeb !== null && gemtSats !== null) {
    const type = typer.data?.find((t) => t.id === typeId);
    return (
      <span data-testid="gebyr-beregning">
        {beregningTekst(type?.art ?? (timer === null ? 'fast' : 'timesats'), gemtSats, timer, gemtBeloeb)}
      </span>
    );
  }
  if (!dato) return <span data-testid="gebyr-beregning">Vælg tilsynsdato og gebyrtype</span>;
  if (typeof typeId !== 'number') return <span data-testid="gebyr-beregning">Vælg gebyrtype</span>;
  const type = typer.data?.find((t) => t.id === typeId);
  if (!type) {
    return (
      <span data-testid="gebyr-beregning">
        {typer.isLoading ? 'Beregner …' : 'Gebyrtypen gælder ikke på tilsynsdatoen'}
      </span>
    );
  }
  if (type.art === 'timesats' && timer === null)
    return <span data-testid="gebyr-beregning">Angiv timeantal (sats {formatOere(type.satsOere)})</span>;
  if (timer !== null && !Number.isFinite(timer)) return null;
  const beloeb = gebyrBeloebOere(type.art, type.satsOere, timer);
  return <span data-testid="gebyr-beregning">{beregningTekst(type.art, type.satsOere, timer, beloeb)}</span>;
}

/**
 * The SAT company's fees (/affaldstilsyn/:id/brugerbetaling/:gebyrid?): the fee types valid on the
 * inspection date, the amount computed beside the hours, the amount in kroner in the list; an
 * invoiced fee is read-only.
 */
export default function BrugerbetalingView({ route, params }: ViewProps) {
  return (
    <EjerRamme ejer={SAT_RAMME} route={route} params={params}>
      {(d) => (
        <SatRecordTab
          d={d}
          kind={SAT_GEBYR}
          params={params}
          skjulte={SKJULTE}
          kolonneVisning={KOLONNER}
          laast={laast}
          feltHint={(navn, vaerdier, record) =>
            navn === 'timeantal' ? <GebyrBeregning vaerdier={vaerdier} record={record} /> : null
          }
        />
      )}
    </EjerRamme>
  );
}
