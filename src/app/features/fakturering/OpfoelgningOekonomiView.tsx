import { useEffect, useMemo, useRef } from 'react';
import { formatIsoDato } from '../../../contract/format';
import { fejlTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { AKTIVT_AAR, usePerioder } from '../../session/planlaegningsaar';
import { useShellSession } from '../../session/session-context';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { standardPeriode } from './admin-tal';
import { PeriodeOpfoelgning } from './OpfoelgningPeriode';
import { FejlBoks, OPFOELGNING_STI, OPFOELGNING_TAST as TAST } from './opfoelgning-felter';
import { FaktureringRamme } from './Ramme';
import '../../records/record.css';
import './fakturering-admin.css';

export { OPFOELGNING_STI } from './opfoelgning-felter';

/**
 * /fakturering/opfoelgningoekonomi/:aarsplanlaegningid? ('Opfølgning økonomi'): the economic
 * follow-up of a planning period. The period is chosen among the customer's (default: the session's
 * planning year, else the newest) and kept in the address; the figures the system computes (planned,
 * registered and invoiced hours and the amount invoiced) stand beside the period's own follow-up rows
 * and their total; the rows are created, edited with their version and deleted after a question.
 * A fetch that fails is logged and shown as such: nothing of an earlier period or answer is shown.
 * This file chooses the period; the period's screen is OpfoelgningPeriode (its rows in the generic
 * list and form of the record kind), with Noegletal (the computed figures and the rows' total).
 */
export default function OpfoelgningOekonomiView({ params }: ViewProps) {
  return <FaktureringRamme>{() => <Opfoelgning param={params.aarsplanlaegningid} />}</FaktureringRamme>;
}

function Opfoelgning({ param }: { param: string | undefined }) {
  const tile = useTile();
  const { user, brugerSettings } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const perioder = usePerioder(kundeId);
  const aktivtAar = (brugerSettings as Record<string, unknown> | null)?.[AKTIVT_AAR];
  const liste = perioder.isError ? undefined : perioder.data;

  const standard = liste ? standardPeriode(liste, aktivtAar) : undefined;
  const idFraSti = param ? Number(param) : null;
  const periode = idFraSti !== null ? liste?.find((p) => p.id === idFraSti) : liste ? standard : undefined;

  // The default period goes into the address, so what is shown is what a link opens.
  useEffect(() => {
    if (param === undefined && standard) tile.navigate(`${OPFOELGNING_STI}/${standard.id}`);
  }, [param, standard, tile]);

  const vaelgerRef = useRef<HTMLSelectElement>(null);
  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'vaelg-periode',
        label: 'Vælg planlægningsperiode',
        shortcut: TAST.periode,
        keywords: ['periode', 'planlægningsår', 'år'],
        disabled: !liste || liste.length === 0,
        run: () => vaelgerRef.current?.focus(),
      },
    ],
    [liste],
  );
  // Without a period's tab (which registers them with its own), the view's commands alone.
  const alene = <Kommandoer kommandoer={kommandoer} />;

  if (perioder.isError)
    return (
      <>
        {alene}
        <FejlBoks
          tekst={`Planlægningsperioderne kunne ikke hentes: ${fejlTekst(perioder.error, { udenSvar: true })}`}
          onProevIgen={() => void perioder.refetch()}
        />
      </>
    );
  if (!liste)
    return (
      <>
        {alene}
        <p className="muted fa-pad">Henter planlægningsperioder …</p>
      </>
    );
  if (liste.length === 0)
    return (
      <>
        {alene}
        <p className="muted fa-pad">
          Kunden har ingen planlægningsperioder endnu. De oprettes under Planlægning.
        </p>
      </>
    );

  return (
    <div className="fa-opf">
      <div className="fa-opf-hoved">
        <label className="fa-periode-vaelger">
          <span>Planlægningsperiode</span>
          <select
            ref={vaelgerRef}
            className="input"
            value={periode ? String(periode.id) : ''}
            onChange={(e) => tile.navigate(`${OPFOELGNING_STI}/${e.target.value}`)}
            title={medGenvej('Vælg planlægningsperiode', TAST.periode)}
          >
            {!periode && <option value="">Vælg …</option>}
            {[...liste]
              .sort((a, b) => b.aar - a.aar)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.navn}
                </option>
              ))}
          </select>
        </label>
        {periode && (
          <span className="muted small">
            {formatIsoDato(periode.startdato)} – {formatIsoDato(periode.slutdato)}
          </span>
        )}
      </div>
      {periode ? (
        <PeriodeOpfoelgning key={periode.id} periode={periode} kommandoer={kommandoer} />
      ) : (
        <>
          {alene}
          <p className="form-alert fa-pad" role="alert">
            Planlægningsperioden findes ikke hos den aktive kunde. Vælg en anden periode.
          </p>
        </>
      )}
    </div>
  );
}

/** Registers the tile's commands where no record tab does. */
function Kommandoer({ kommandoer }: { kommandoer: TileCommand[] }) {
  useTileCommands(kommandoer);
  return null;
}
