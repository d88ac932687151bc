import { BarChart3, Info } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { formatTal } from '../../../contract/format';
import type {
  KategoriStatus,
  OversigtQuery,
  PlanKategori,
  PlanlagtTilsyn,
  Tilsynstype,
} from '../../../contract/planlaegning';
import {
  BASIS_FREKVENS_AAR,
  KATEGORI1_FYSISK_ANDEL,
  KATEGORI2_FYSISK_ANDEL,
  SCORE_HVERT_AAR,
  SCORE_HVERT_ANDET_AAR,
  scoreTekst,
} from '../../../contract/tilsynsplan-regler';
import { fejlTekst, tabelHentning } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { LISTE_SIDE, listeFejlbesked, useServerListe } from '../../records/useServerListe';
import { type PlanlaegningPanel, usePanelToggle } from '../../shell/panels';
import { Button } from '../../ui/Button';
import { DataTable, type OpenOptions } from '../../ui/DataTable';
import { type TileCommand, useTile, type ViewProps } from '../../workspace/tile-api';
import { KATEGORI_FILTER, type KategoriFilterTekst, kategoriFilterVaerdi, useOversigt } from './api';
import { PeriodeFrame, useFrameCommands } from './Frame';
import { planKolonner, TILSYNSTYPE_TEKST, virksomhedSti } from './kolonner';

const PANEL_TEKST: Record<PlanlaegningPanel, { label: string; tast: string }> = {
  graphs: { label: 'Grafer', tast: 'alt+g' },
  userInfo: { label: 'Brugerinfo', tast: 'alt+i' },
};

/** 'Nået' or 'Mangler N' for a category's physical inspections (planned against required). */
export function maalStatus(k: Pick<KategoriStatus, 'planlagtFysisk' | 'kraevetFysisk'>): {
  naaet: boolean;
  tekst: string;
} {
  const mangler = k.kraevetFysisk - k.planlagtFysisk;
  return mangler <= 0 ? { naaet: true, tekst: 'Nået' } : { naaet: false, tekst: `Mangler ${mangler}` };
}

/**
 * /planlaegningsperioder/:id/oversigt ('Tilsynsplan'): per category (1a, 1b, 2) the planned basis,
 * prioritised and campaign inspections, planned physical against the required number with the goal's
 * status, and what is done so far; then the planned inspections, paged on the server, each with its
 * reason in words. Enter opens the company, Ctrl/Cmd+Enter beside. The graphs and the user info
 * panel exclude each other (hidePlanlaegningGraphs, hidePlanlaegningUserInfo).
 */
export default function OversigtView({ params }: ViewProps) {
  return <PeriodeFrame params={params}>{({ periode }) => <Oversigt periodeId={periode.id} />}</PeriodeFrame>;
}

function Oversigt({ periodeId }: { periodeId: number }) {
  const tile = useTile();
  const panels = usePanelToggle();
  const columns = useMemo(() => planKolonner(), []);
  const { sort, filter, start, setStart, kommandoer, tabel } = useServerListe('planlagteTilsyn', columns, {
    column: 'virksomhedsnavn',
    direction: 'ASC',
  });
  const [kategori, setKategori] = useState<KategoriFilterTekst | ''>('');
  const [tilsynstype, setTilsynstype] = useState<Tilsynstype | ''>('');
  const [udfoert, setUdfoert] = useState('');

  const filteredColumns = useMemo(() => {
    const f: string[] = [];
    if (kategori) f.push(`kategori:${kategoriFilterVaerdi(kategori)}`);
    if (tilsynstype) f.push(`tilsynstype:${tilsynstype}`);
    if (udfoert) f.push(`udfoert:${udfoert}`);
    return f;
  }, [kategori, tilsynstype, udfoert]);

  const query: OversigtQuery = {
    start,
    take: LISTE_SIDE,
    sortByColumn: sort.column as OversigtQuery['sortByColumn'],
    sortDirection: sort.direction,
    filter: filter || undefined,
    filteredColumns,
  };
  const q = useOversigt(periodeId, query);
  const data = q.isError ? undefined : q.data;

  const aabn = useCallback(
    (r: PlanlagtTilsyn, opts?: OpenOptions) => {
      if (opts?.beside) tile.openBeside(virksomhedSti(r));
      else tile.navigate(virksomhedSti(r));
    },
    [tile],
  );

  const graferAaben = panels.isOpen('graphs');
  const infoAaben = panels.isOpen('userInfo');
  // usePanelToggle answers new functions on every render: the commands hold a stable one.
  const toggleRef = useRef(panels.toggle);
  toggleRef.current = panels.toggle;
  const togglePanel = useCallback((p: PlanlaegningPanel) => toggleRef.current(p), []);
  const commands = useMemo<TileCommand[]>(
    () => [
      ...kommandoer,
      ...(['graphs', 'userInfo'] as const).map((p) => ({
        id: `plan-panel-${p}`,
        label: `${(p === 'graphs' ? graferAaben : infoAaben) ? 'Skjul' : 'Vis'} ${PANEL_TEKST[p].label.toLowerCase()}`,
        shortcut: PANEL_TEKST[p].tast,
        keywords: ['panel', 'planlægning', PANEL_TEKST[p].label.toLowerCase()],
        run: () => void togglePanel(p),
      })),
    ],
    [kommandoer, graferAaben, infoAaben, togglePanel],
  );
  useFrameCommands(commands);

  const nulstil =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setStart(0);
    };

  let status: ReactNode;
  if (q.isError) {
    status = (
      <div className="plan-fejl" role="alert">
        <p>Tilsynsplanen kunne ikke hentes: {fejlTekst(q.error, { udenSvar: true })}</p>
        <Button size="small" color="secondary" onClick={() => void q.refetch()}>
          Prøv igen
        </Button>
      </div>
    );
  } else if (!data) {
    status = <p className="plan-muted">Henter tilsynsplanen …</p>;
  } else {
    status = <KategoriTabel kategorier={data.kategorier} />;
  }

  return (
    <div className="plan-oversigt">
      <div className="plan-status-linje">
        <div className="plan-status">{status}</div>
        <fieldset className="plan-panelknapper" aria-label="Paneler">
          {(['graphs', 'userInfo'] as const).map((p) => {
            const aaben = p === 'graphs' ? graferAaben : infoAaben;
            const Ikon = p === 'graphs' ? BarChart3 : Info;
            return (
              <button
                key={p}
                type="button"
                className={`icon-button plan-panelknap${aaben ? ' on' : ''}`}
                aria-pressed={aaben}
                title={medGenvej(PANEL_TEKST[p].label, PANEL_TEKST[p].tast)}
                onClick={() => void togglePanel(p)}
              >
                <Ikon size={15} aria-hidden="true" /> {PANEL_TEKST[p].label}
              </button>
            );
          })}
        </fieldset>
      </div>
      {graferAaben && data && <Grafer kategorier={data.kategorier} />}
      {infoAaben && data && <Brugerinfo aar={data.periode.aar} kategorier={data.kategorier} />}
      <div className="plan-tabel">
        <DataTable<PlanlagtTilsyn>
          {...tabel}
          ariaLabel="Planlagte tilsyn"
          columns={columns}
          rows={data?.planlagte.items ?? TOM}
          totalCount={data?.planlagte.totalCount}
          getRowId={(r) => String(r.id)}
          filterPlaceholder="Søg på virksomhed eller begrundelse"
          {...tabelHentning(q, listeFejlbesked)}
          onOpen={aabn}
          toolbar={
            <>
              <select
                className="input"
                aria-label="Kategori"
                value={kategori}
                onChange={(e) => nulstil(setKategori)(e.target.value as KategoriFilterTekst | '')}
              >
                <option value="">Alle kategorier</option>
                {KATEGORI_FILTER.map((k) => (
                  <option key={k.tekst} value={k.tekst}>
                    {k.tekst}
                  </option>
                ))}
              </select>
              <select
                className="input"
                aria-label="Tilsynstype"
                value={tilsynstype}
                onChange={(e) => nulstil(setTilsynstype)(e.target.value as Tilsynstype | '')}
              >
                <option value="">Alle tilsynstyper</option>
                {(Object.keys(TILSYNSTYPE_TEKST) as Tilsynstype[]).map((t) => (
                  <option key={t} value={t}>
                    {TILSYNSTYPE_TEKST[t]}
                  </option>
                ))}
              </select>
              <select
                className="input"
                aria-label="Udført"
                value={udfoert}
                onChange={(e) => nulstil(setUdfoert)(e.target.value)}
              >
                <option value="">Udført: alle</option>
                <option value="true">Udført: ja</option>
                <option value="false">Udført: nej</option>
              </select>
            </>
          }
        />
      </div>
    </div>
  );
}

const KATEGORI_NAVN: Record<PlanKategori, string> = {
  '1a': 'Kategori 1a',
  '1b': 'Kategori 1b',
  '2': 'Kategori 2',
};

/** The per-category figures with the goal's status (planned physical against required). */
function KategoriTabel({ kategorier }: { kategorier: readonly KategoriStatus[] }) {
  return (
    <table className="vd-table plan-kategorier" aria-label="Status pr. kategori">
      <thead>
        <tr>
          <th>Kategori</th>
          <th className="tal">Virksomheder</th>
          <th className="tal">Basis</th>
          <th className="tal">Prioriteret</th>
          <th className="tal">Kampagne</th>
          <th className="tal">Planlagt fysisk</th>
          <th className="tal">Krævet fysisk</th>
          <th>Mål</th>
          <th className="tal">Udført fysisk</th>
          <th className="tal">Udførte planlagte</th>
        </tr>
      </thead>
      <tbody>
        {kategorier.map((k) => {
          const maal = maalStatus(k);
          return (
            <tr key={k.kategori} data-testid={`kategori-${k.kategori}`}>
              <th scope="row">{KATEGORI_NAVN[k.kategori]}</th>
              <td className="tal">{formatTal(k.antalVirksomheder)}</td>
              <td className="tal">{formatTal(k.basis)}</td>
              <td className="tal">{formatTal(k.prioriteret)}</td>
              <td className="tal">{formatTal(k.kampagne)}</td>
              <td className="tal">{formatTal(k.planlagtFysisk)}</td>
              <td className="tal">{formatTal(k.kraevetFysisk)}</td>
              <td>
                <span
                  className={`plan-maal ${maal.naaet ? 'naaet' : 'mangler'}`}
                  data-testid={`maal-${k.kategori}`}
                >
                  {maal.tekst}
                </span>
              </td>
              <td className="tal">{formatTal(k.udfoertFysisk)}</td>
              <td className="tal">{formatTal(k.udfoertPlanlagte)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Planned against done per category, as bars (the longest bar is the largest figure of all). */
function Grafer({ kategorier }: { kategorier: readonly KategoriStatus[] }) {
  const raekker = kategorier.map((k) => ({
    k,
    planlagt: k.basis + k.prioriteret + k.kampagne,
  }));
  const max = Math.max(
    1,
    ...raekker.flatMap(({ k, planlagt }) => [planlagt, k.kraevetFysisk, k.udfoertFysisk]),
  );
  const bred = (n: number) => `${Math.round((n / max) * 100)}%`;
  const serier = (k: KategoriStatus, planlagt: number): [string, string, number][] => [
    ['planlagt', 'Planlagt', planlagt],
    ['udfoert', 'Udført af planlagte', k.udfoertPlanlagte],
    ['fysisk', 'Planlagt fysisk', k.planlagtFysisk],
    ['kraevet', 'Krævet fysisk', k.kraevetFysisk],
  ];
  return (
    <section className="plan-panel" aria-label="Grafer">
      <h2>Planlagt og udført pr. kategori</h2>
      <div className="plan-grafer">
        {raekker.map(({ k, planlagt }) => (
          <figure key={k.kategori} className="plan-graf" data-testid={`graf-${k.kategori}`}>
            <figcaption>{KATEGORI_NAVN[k.kategori]}</figcaption>
            {serier(k, planlagt).map(([klasse, navn, n]) => (
              <div key={klasse} className="plan-bar-linje">
                <span className="plan-bar-navn">{navn}</span>
                <span className="plan-bar-spor">
                  <span className={`plan-bar ${klasse}`} style={{ width: bred(n) }} />
                </span>
                <span className="plan-bar-tal">{formatTal(n)}</span>
              </div>
            ))}
          </figure>
        ))}
      </div>
    </section>
  );
}

const pct = (andel: number) => `${Math.round(andel * 100)} %`;

/** How the plan is made (the rules of the inspection order) and the year's figures. */
function Brugerinfo({ aar, kategorier }: { aar: number; kategorier: readonly KategoriStatus[] }) {
  const sum = (f: (k: KategoriStatus) => number) => kategorier.reduce((s, k) => s + f(k), 0);
  return (
    <section className="plan-panel plan-info" aria-label="Brugerinfo">
      <h2>Sådan laves tilsynsplanen for {aar}</h2>
      <ul>
        <li>
          Basistilsyn: kategori 1a og 1b hvert {BASIS_FREKVENS_AAR['1a']}. år, kategori 2 hvert{' '}
          {BASIS_FREKVENS_AAR['2']}. år, regnet fra seneste basistilsyn. En ny virksomhed får sit første
          basistilsyn inden for 3 år; opstartstilsyn tæller ikke med.
        </li>
        <li>
          Kategori 1a får prioriterede tilsyn efter risikoscoren: over {scoreTekst(SCORE_HVERT_AAR)} hvert år,
          over {scoreTekst(SCORE_HVERT_ANDET_AAR)} til og med {scoreTekst(SCORE_HVERT_AAR)} hvert andet år,
          ellers kun basistilsyn. Frekvensen kan ikke fraviges.
        </li>
        <li>
          Kategori 2: mindst {pct(KATEGORI2_FYSISK_ANDEL)} skal have fysisk tilsyn hvert år; planen fyldes op
          med prioriterede tilsyn fra toppen af listen (højeste score). Kategori 1:{' '}
          {pct(KATEGORI1_FYSISK_ANDEL)} (tallet afventer bekræftelse).
        </li>
        <li>
          Samme virksomhed får aldrig basistilsyn og prioriteret tilsyn i samme år. Kun fysiske tilsyn tæller
          mod målet.
        </li>
      </ul>
      <p data-testid="plan-aarets-tal">
        I {aar} er der planlagt {formatTal(sum((k) => k.basis + k.prioriteret + k.kampagne))} tilsyn, heraf{' '}
        {formatTal(sum((k) => k.planlagtFysisk))} fysiske mod {formatTal(sum((k) => k.kraevetFysisk))}{' '}
        krævede; {formatTal(sum((k) => k.udfoertPlanlagte))} af de planlagte er udført.
      </p>
    </section>
  );
}

const TOM: PlanlagtTilsyn[] = [];
