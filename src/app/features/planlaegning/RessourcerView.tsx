import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatTal } from '../../../contract/format';
import { RESSOURCE, type Ressource } from '../../../contract/planlaegning';
import type { AnyRecord } from '../../../contract/record-kind';
import { EjerRegistreringer } from '../../records/KundeRegistreringer';
import type { DataTableColumn } from '../../ui/DataTable';
import type { ViewProps } from '../../workspace/tile-api';
import { planKeys, ressourceListe, useRessourcer } from './api';
import { PeriodeFrame } from './Frame';

/**
 * /planlaegningsperioder/:id/ressourcer: per case worker the planned hours (planned inspections ×
 * the average hours of their kind) against the hours available, as the generic list and form of the
 * period's record kind RESSOURCE; over-planned is shown in the danger colour. The hours available are
 * changed in the form (the hours field kind; a stale version answers 409 in Danish). Under the list:
 * the totals and the planned hours without a case worker.
 */
export default function RessourcerView({ params }: ViewProps) {
  return (
    <PeriodeFrame params={params}>{({ periode }) => <Ressourcer periodeId={periode.id} />}</PeriodeFrame>
  );
}

const som = (r: AnyRecord) => r as unknown as Ressource;

/** The over/under column and the load bar, from a row's planned and available hours. */
const KOLONNER: DataTableColumn<AnyRecord>[] = [
  {
    id: 'overUnder',
    header: 'Over/under',
    accessor: (r) => som(r).timerTilRaadighed - som(r).planlagteTimer,
    cell: (r) => <Difference planlagt={som(r).planlagteTimer} raadighed={som(r).timerTilRaadighed} />,
    align: 'right',
  },
  {
    id: 'belastning',
    header: 'Belastning',
    accessor: (r) => belastning(som(r)),
    cell: (r) => {
      const { planlagteTimer, timerTilRaadighed } = som(r);
      return (
        <span className="plan-bar-spor">
          <span
            className={`plan-bar ${planlagteTimer > timerTilRaadighed ? 'over' : 'planlagt'}`}
            style={{ width: `${Math.round(belastning(som(r)))}%` }}
          />
        </span>
      );
    },
  },
];

/** The planned share of the hours available, at most 100. */
const belastning = (r: Ressource) =>
  r.timerTilRaadighed > 0 ? Math.min(100, (r.planlagteTimer / r.timerTilRaadighed) * 100) : 100;

function Ressourcer({ periodeId }: { periodeId: number }) {
  const client = useQueryClient();
  // The totals and the unassigned hours; the generic list's rows come from the same answer.
  const q = useRessourcer(periodeId);
  const liste = useMemo(() => ressourceListe(client, periodeId), [client, periodeId]);
  const iAlt = useMemo(
    () =>
      (q.data?.ressourcer ?? []).reduce(
        (s, r) => ({ planlagt: s.planlagt + r.planlagteTimer, raadighed: s.raadighed + r.timerTilRaadighed }),
        { planlagt: 0, raadighed: 0 },
      ),
    [q.data],
  );
  return (
    <div className="plan-ressourcer">
      <EjerRegistreringer
        kind={RESSOURCE}
        ejerId={periodeId}
        betegnelse="perioden"
        ikkeFundet="Sagsbehandleren findes ikke i perioden."
        listeNavn="Ressourcer pr. sagsbehandler"
        tom="Ingen sagsbehandlere har planlagte tilsyn."
        ekstraKolonner={KOLONNER}
        liste={liste}
        efterAendring={() => void client.invalidateQueries({ queryKey: planKeys.ressourcer(periodeId) })}
        feltHint={(navn, v, r) =>
          navn === 'timerTilRaadighed' && r && Number.isFinite(v.timerTilRaadighed) ? (
            <Difference planlagt={som(r).planlagteTimer} raadighed={v.timerTilRaadighed as number} />
          ) : null
        }
      />
      {q.data && (
        <p className="plan-muted" data-testid="ressourcer-i-alt">
          I alt {formatTal(iAlt.planlagt, 1)} planlagte timer og {formatTal(iAlt.raadighed, 1)} timer til
          rådighed: <Difference planlagt={iAlt.planlagt} raadighed={iAlt.raadighed} />
        </p>
      )}
      {q.data && q.data.ufordelteTimer > 0 && (
        <p className="plan-muted" data-testid="ufordelte-timer">
          {formatTal(q.data.ufordelteTimer, 1)} planlagte timer er ikke fordelt på en sagsbehandler.
        </p>
      )}
    </div>
  );
}

function Difference({ planlagt, raadighed }: { planlagt: number; raadighed: number }) {
  const d = raadighed - planlagt;
  return (
    <span className={d < 0 ? 'plan-over' : 'plan-under'}>
      {d < 0 ? `${formatTal(-d, 1)} over` : `${formatTal(d, 1)} ledige`}
    </span>
  );
}
