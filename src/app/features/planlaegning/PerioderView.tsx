import { useMemo } from 'react';
import { formatDatoTid } from '../../../contract/format';
import type { Planlaegningsperiode } from '../../../contract/planlaegning';
import { fejlTekst, tabelHentning } from '../../lib/http-fejl';
import { useAabnRaekke } from '../../records/useListeSkaerm';
import { useShellSession } from '../../session/session-context';
import { useTableSettings } from '../../session/useTableSettings';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { datoKolonne, talKolonne, tekstKolonne } from '../../ui/table/kolonner';
import { useTileTitle, type ViewProps } from '../../workspace/tile-api';
import { usePerioder } from './api';
import { AKTIVT_AAR } from './Frame';
import './planlaegning.css';

const periodeSti = (id: number) => `/planlaegningsperioder/${id}/oversigt`;

const KOLONNER: DataTableColumn<Planlaegningsperiode>[] = [
  talKolonne('aar', 'År', (p) => p.aar, { hideable: false, width: 70, align: 'left', maksDecimaler: 0 }),
  tekstKolonne('navn', 'Navn', (p) => p.navn, { width: '22%' }),
  datoKolonne('startdato', 'Start', (p) => p.startdato, { width: 96 }),
  datoKolonne('slutdato', 'Slut', (p) => p.slutdato, { width: 96 }),
  {
    ...tekstKolonne('planGenereret', 'Plan genereret', (p) => p.planGenereret),
    cell: (p) =>
      p.planGenereret === null ? (
        <span className="plan-muted">Ikke genereret</span>
      ) : (
        formatDatoTid(p.planGenereret)
      ),
    width: 140,
  },
  tekstKolonne('planGenereretAf', 'Genereret af', (p) => p.planGenereretAf, { width: 150 }),
  talKolonne('antalPlanlagte', 'Planlagte tilsyn', (p) => p.antalPlanlagte, { width: 110 }),
  talKolonne('antalUdfoerte', 'Udførte', (p) => p.antalUdfoerte, { width: 90 }),
];

/**
 * /planlaegningsperioder: the customer's planning periods (year, name, dates, when and by whom the
 * plan was generated, planned and done inspections), newest year first. Enter opens a period on its
 * Tilsynsplan, Ctrl/Cmd+Enter beside; entering makes its year the session's planning year.
 */
export default function PerioderView(_props: ViewProps) {
  useTileTitle('Planlægningsperioder');
  const { user, brugerSettings } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const perioder = usePerioder(kundeId);
  const settings = useTableSettings('planlaegningsperioder');
  const aktivtAar = (brugerSettings as Record<string, unknown> | null)?.[AKTIVT_AAR];

  const aabn = useAabnRaekke((p: Planlaegningsperiode) => periodeSti(p.id));
  const kolonner = useMemo<DataTableColumn<Planlaegningsperiode>[]>(
    () =>
      KOLONNER.map((k) =>
        k.id === 'aar'
          ? {
              ...k,
              cell: (p: Planlaegningsperiode) => (
                <span className={p.aar === aktivtAar ? 'plan-aktivt-aar' : undefined}>
                  {p.aar}
                  {p.aar === aktivtAar && <span className="plan-muted"> (aktiv)</span>}
                </span>
              ),
            }
          : k,
      ),
    [aktivtAar],
  );

  return (
    <div className="plan-liste" data-testid="liste-planlaegningsperioder">
      <DataTable<Planlaegningsperiode>
        tableName="planlaegningsperioder"
        ariaLabel="Planlægningsperioder"
        mode="memory"
        columns={kolonner}
        rows={perioder.isError ? TOM : (perioder.data ?? TOM)}
        getRowId={(p) => String(p.id)}
        defaultSort={{ column: 'aar', direction: 'DESC' }}
        settings={settings}
        filterPlaceholder="Søg i perioderne"
        {...tabelHentning(perioder, (err) => fejlTekst(err, { udenSvar: true }))}
        onOpen={aabn}
      />
      {perioder.isSuccess && perioder.data.length === 0 && (
        <p className="plan-muted">Der er ingen planlægningsperioder endnu.</p>
      )}
    </div>
  );
}

const TOM: Planlaegningsperiode[] = [];
