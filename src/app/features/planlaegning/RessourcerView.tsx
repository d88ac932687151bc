import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { formatTal } from '../../../contract/format';
import type { Ressource } from '../../../contract/planlaegning';
import { fejlTekst, httpStatus } from '../../lib/http-fejl';
import { Button } from '../../ui/Button';
import { primaryFocus } from '../../ui/focus';
import { toast } from '../../ui/toast';
import type { ViewProps } from '../../workspace/tile-api';
import { gemTimerTilRaadighed, planKeys, useRessourcer } from './api';
import { PeriodeFrame } from './Frame';
import { laesTimerTilRaadighed } from './timer';

/**
 * /planlaegningsperioder/:id/ressourcer: per case worker the planned hours (planned inspections ×
 * the average hours of their kind) against the hours available; over-planned is shown in the danger
 * colour. The available hours are edited in the row: Enter saves (with the row's version; a stale one
 * answers 409 in Danish), Escape puts the saved figure back.
 */
export default function RessourcerView({ params }: ViewProps) {
  return (
    <PeriodeFrame params={params}>{({ periode }) => <Ressourcer periodeId={periode.id} />}</PeriodeFrame>
  );
}

function Ressourcer({ periodeId }: { periodeId: number }) {
  const q = useRessourcer(periodeId);
  if (q.isError) {
    return (
      <div className="plan-fejl" role="alert">
        <p>Ressourcerne kunne ikke hentes: {fejlTekst(q.error, { udenSvar: true })}</p>
        <Button size="small" color="secondary" onClick={() => void q.refetch()}>
          Prøv igen
        </Button>
      </div>
    );
  }
  if (!q.data) return <p className="plan-muted">Henter ressourcer …</p>;
  const { ressourcer, ufordelteTimer } = q.data;
  const iAlt = ressourcer.reduce(
    (s, r) => ({ planlagt: s.planlagt + r.planlagteTimer, raadighed: s.raadighed + r.timerTilRaadighed }),
    { planlagt: 0, raadighed: 0 },
  );
  return (
    <div className="plan-ressourcer">
      <table
        className="vd-table plan-ressource-tabel"
        aria-label="Ressourcer pr. sagsbehandler"
        {...primaryFocus}
      >
        <thead>
          <tr>
            <th>Sagsbehandler</th>
            <th className="tal">Planlagte tilsyn</th>
            <th className="tal">Planlagte timer</th>
            <th className="tal">Timer til rådighed</th>
            <th className="tal">Over/under</th>
            <th aria-label="Belastning" />
          </tr>
        </thead>
        <tbody>
          {ressourcer.map((r) => (
            <RessourceRaekke key={r.brugerId} periodeId={periodeId} r={r} />
          ))}
          {ressourcer.length === 0 && (
            <tr>
              <td colSpan={6} className="plan-muted">
                Ingen sagsbehandlere har planlagte tilsyn.
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th>I alt</th>
            <td />
            <td className="tal">{formatTal(iAlt.planlagt, 1)}</td>
            <td className="tal">{formatTal(iAlt.raadighed, 1)}</td>
            <td className="tal">
              <Difference planlagt={iAlt.planlagt} raadighed={iAlt.raadighed} />
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      {ufordelteTimer > 0 && (
        <p className="plan-muted" data-testid="ufordelte-timer">
          {formatTal(ufordelteTimer, 1)} planlagte timer er ikke fordelt på en sagsbehandler.
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

function RessourceRaekke({ periodeId, r }: { periodeId: number; r: Ressource }) {
  const client = useQueryClient();
  const gemtTekst = formatTal(r.timerTilRaadighed, 1);
  const [tekst, setTekst] = useState<string | null>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const [gemmer, setGemmer] = useState(false);
  const vist = tekst ?? gemtTekst;

  const gem = async () => {
    if (tekst === null) return;
    const timer = laesTimerTilRaadighed(tekst);
    if (timer === null) {
      setFejl('Angiv timer som et tal i hele eller halve timer');
      return;
    }
    setGemmer(true);
    try {
      await gemTimerTilRaadighed(periodeId, r.brugerId, timer, r.version);
      setTekst(null);
      setFejl(null);
      toast.success(`Timer til rådighed for ${r.navn} er gemt`);
    } catch (err) {
      setFejl(fejlTekst(err, { udenSvar: true, kilder: ['felter', 'message', 'title'] }));
      if (httpStatus(err) !== 409) return;
    } finally {
      setGemmer(false);
    }
    await client.invalidateQueries({ queryKey: planKeys.ressourcer(periodeId) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void gem();
    } else if (e.key === 'Escape' && tekst !== null) {
      e.preventDefault();
      e.stopPropagation();
      setTekst(null);
      setFejl(null);
    }
  };

  const pct = r.timerTilRaadighed > 0 ? Math.min(100, (r.planlagteTimer / r.timerTilRaadighed) * 100) : 100;
  const over = r.planlagteTimer > r.timerTilRaadighed;
  return (
    <tr data-testid={`ressource-${r.brugerId}`}>
      <th scope="row">{r.navn}</th>
      <td className="tal">{formatTal(r.antalPlanlagte)}</td>
      <td className="tal">{formatTal(r.planlagteTimer, 1)}</td>
      <td className="tal">
        <input
          className={`input plan-timer${fejl ? ' invalid' : ''}`}
          aria-label={`Timer til rådighed for ${r.navn}`}
          aria-invalid={fejl !== null}
          inputMode="decimal"
          value={vist}
          disabled={gemmer}
          onChange={(e) => {
            setTekst(e.target.value);
            setFejl(null);
          }}
          onKeyDown={onKeyDown}
          title="Enter gemmer, Escape fortryder"
        />
        {fejl && (
          <div className="plan-feltfejl" role="alert">
            {fejl}
          </div>
        )}
      </td>
      <td className="tal">
        <Difference planlagt={r.planlagteTimer} raadighed={r.timerTilRaadighed} />
      </td>
      <td className="plan-belastning">
        <span className="plan-bar-spor">
          <span
            className={`plan-bar ${over ? 'over' : 'planlagt'}`}
            style={{ width: `${Math.round(pct)}%` }}
          />
        </span>
      </td>
    </tr>
  );
}
