import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, Info, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { formatProcent, formatTal } from '../../../contract/format';
import type {
  KategoriStatus,
  Maalgruppe,
  MaalStatus,
  OversigtQuery,
  PlanKategori,
  Planlaegningsperiode,
  PlanlagtTilsyn,
  Tilsynstype,
} from '../../../contract/planlaegning';
import {
  BASIS_FREKVENS_AAR,
  KAMPAGNER_PR_AAR,
  KATEGORI2_FYSISK_ANDEL_PCT,
  MAALGRUPPE_KATEGORIER,
  SCORE_HVERT_AAR,
  SCORE_HVERT_ANDET_AAR,
  taerskelTekst,
} from '../../../contract/tilsynsplan-regler';
import { fejlTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useAabnRaekke, useListeSkaerm } from '../../records/useListeSkaerm';
import { type PlanlaegningPanel, usePanelToggle } from '../../session/panels';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { FilterValg, jaNejValg } from '../../ui/ListeFiltre';
import { toast } from '../../ui/toast';
import type { TileCommand, ViewProps } from '../../workspace/tile-api';
import {
  gemKategori1Andel,
  KATEGORI_FILTER,
  type KategoriFilterTekst,
  kategoriFilterVaerdi,
  planKeys,
  useOversigt,
} from './api';
import { PeriodeFrame, useFrameCommands } from './Frame';
import { planKolonner, TILSYNSTYPE_TEKST, virksomhedSti } from './kolonner';

const PANEL_TEKST: Record<PlanlaegningPanel, { label: string; tast: string }> = {
  graphs: { label: 'Grafer', tast: 'alt+g' },
  userInfo: { label: 'Brugerinfo', tast: 'alt+i' },
};

/** 'Nået' or 'Mangler N' for a goal's physical inspections (planned against required). */
export function maalStatus(k: Pick<MaalStatus, 'planlagtFysisk' | 'kraevetFysisk'>): {
  naaet: boolean;
  tekst: string;
} {
  const mangler = k.kraevetFysisk - k.planlagtFysisk;
  return mangler <= 0 ? { naaet: true, tekst: 'Nået' } : { naaet: false, tekst: `Mangler ${mangler}` };
}

/**
 * /planlaegningsperioder/:id/oversigt ('Tilsynsplan'): per category (1a, 1b, 2) the planned basis,
 * prioritised and campaign inspections and what is done so far, with the two yearly goals (category 1
 * = 1a + 1b, category 2) as planned physical against the required number; the plan's warnings (a year
 * without campaigns); then the planned inspections, paged on the server, each with its reason in words. Enter opens the company, Ctrl/Cmd+Enter beside. The graphs and the user info
 * panel exclude each other (hidePlanlaegningGraphs, hidePlanlaegningUserInfo).
 */
export default function OversigtView({ params }: ViewProps) {
  return <PeriodeFrame params={params}>{({ periode }) => <Oversigt periodeId={periode.id} />}</PeriodeFrame>;
}

function Oversigt({ periodeId }: { periodeId: number }) {
  const panels = usePanelToggle();
  const columns = useMemo(() => planKolonner(), []);
  const { kommandoer, tabelAf, filtre, saetFilter, side } = useListeSkaerm(
    'planlagteTilsyn',
    columns,
    { column: 'virksomhedsnavn', direction: 'ASC' },
    { kategori: '' as KategoriFilterTekst | '', tilsynstype: '' as Tilsynstype | '', udfoert: '' },
  );
  const { kategori, tilsynstype, udfoert } = filtre;

  const query: OversigtQuery = side<OversigtQuery>([
    kategori && `kategori:${kategoriFilterVaerdi(kategori)}`,
    tilsynstype && `tilsynstype:${tilsynstype}`,
    udfoert && `udfoert:${udfoert}`,
  ]);
  const q = useOversigt(periodeId, query);
  const data = q.isError ? undefined : q.data;

  const aabn = useAabnRaekke(virksomhedSti);

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
    status = <KategoriTabel kategorier={data.kategorier} maal={data.maal} />;
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
      {data && data.advarsler.length > 0 && (
        <ul className="plan-advarsler" aria-label="Advarsler">
          {data.advarsler.map((a) => (
            <li key={a} data-testid="plan-advarsel">
              <TriangleAlert size={14} aria-hidden="true" /> {a}
            </li>
          ))}
        </ul>
      )}
      {graferAaben && data && <Grafer kategorier={data.kategorier} maal={data.maal} />}
      {infoAaben && data && (
        <Brugerinfo periode={data.periode} kategorier={data.kategorier} maal={data.maal} />
      )}
      <div className="plan-tabel">
        <DataTable<PlanlagtTilsyn>
          {...tabelAf(q, data?.planlagte)}
          ariaLabel="Planlagte tilsyn"
          columns={columns}
          getRowId={(r) => String(r.id)}
          filterPlaceholder="Søg på virksomhed eller begrundelse"
          onOpen={aabn}
          toolbar={
            <>
              <FilterValg
                label="Kategori"
                value={kategori}
                onChange={saetFilter('kategori')}
                alle="Alle kategorier"
                valg={KATEGORI_FILTER.map((k) => k.tekst)}
              />
              <FilterValg
                label="Tilsynstype"
                value={tilsynstype}
                onChange={saetFilter('tilsynstype')}
                alle="Alle tilsynstyper"
                valg={(Object.keys(TILSYNSTYPE_TEKST) as Tilsynstype[]).map(
                  (t) => [t, TILSYNSTYPE_TEKST[t]] as const,
                )}
              />
              <FilterValg
                label="Udført"
                value={udfoert}
                onChange={saetFilter('udfoert')}
                alle="Udført: alle"
                valg={jaNejValg('Udført')}
              />
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
const MAAL_NAVN: Record<Maalgruppe, string> = { '1': 'Kategori 1 (1a + 1b)', '2': 'Kategori 2' };

/** How a goal's figure comes about: '40 % af 12 (ikke bekræftet)'. */
const maalForklaring = (m: MaalStatus) =>
  `${formatProcent(m.andel)} af ${formatTal(m.antalVirksomheder)}${m.bekraeftet ? '' : ' (andelen er ikke bekræftet)'}`;

/**
 * The per-category figures; the goal's columns (required physical and its status) span the categories
 * of one goal: category 1 is 1a and 1b together.
 */
function KategoriTabel({
  kategorier,
  maal,
}: {
  kategorier: readonly KategoriStatus[];
  maal: readonly MaalStatus[];
}) {
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
          // The goal's cells sit on the first category of the goal and span its categories.
          const m = maal.find((x) => MAALGRUPPE_KATEGORIER[x.maal][0] === k.kategori);
          const status = m ? maalStatus(m) : null;
          const spaend = m ? MAALGRUPPE_KATEGORIER[m.maal].length : 1;
          return (
            <tr key={k.kategori} data-testid={`kategori-${k.kategori}`}>
              <th scope="row">{KATEGORI_NAVN[k.kategori]}</th>
              <td className="tal">{formatTal(k.antalVirksomheder)}</td>
              <td className="tal">{formatTal(k.basis)}</td>
              <td className="tal">{formatTal(k.prioriteret)}</td>
              <td className="tal">{formatTal(k.kampagne)}</td>
              <td className="tal">{formatTal(k.planlagtFysisk)}</td>
              {m && status && (
                <>
                  <td className="tal" rowSpan={spaend} title={`${MAAL_NAVN[m.maal]}: ${maalForklaring(m)}`}>
                    {formatTal(m.kraevetFysisk)}
                  </td>
                  <td rowSpan={spaend}>
                    <span
                      className={`plan-maal ${status.naaet ? 'naaet' : 'mangler'}`}
                      data-testid={`maal-${m.maal}`}
                      title={`${MAAL_NAVN[m.maal]}: ${formatTal(m.planlagtFysisk)} planlagt fysisk mod ${formatTal(m.kraevetFysisk)} krævet, ${maalForklaring(m)}`}
                    >
                      {status.tekst}
                    </span>
                  </td>
                </>
              )}
              <td className="tal">{formatTal(k.udfoertFysisk)}</td>
              <td className="tal">{formatTal(k.udfoertPlanlagte)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Planned against done per goal, as bars (the longest bar is the largest figure of all). */
function Grafer({
  kategorier,
  maal,
}: {
  kategorier: readonly KategoriStatus[];
  maal: readonly MaalStatus[];
}) {
  const raekker = maal.map((m) => {
    const af = kategorier.filter((k) => MAALGRUPPE_KATEGORIER[m.maal].includes(k.kategori));
    const sum = (f: (k: KategoriStatus) => number) => af.reduce((s, k) => s + f(k), 0);
    return {
      m,
      serier: [
        ['planlagt', 'Planlagt', sum((k) => k.basis + k.prioriteret + k.kampagne)],
        ['udfoert', 'Udført af planlagte', sum((k) => k.udfoertPlanlagte)],
        ['fysisk', 'Planlagt fysisk', m.planlagtFysisk],
        ['kraevet', 'Krævet fysisk', m.kraevetFysisk],
      ] as [string, string, number][],
    };
  });
  const max = Math.max(1, ...raekker.flatMap(({ serier }) => serier.map(([, , n]) => n)));
  const bred = (n: number) => `${Math.round((n / max) * 100)}%`;
  return (
    <section className="plan-panel" aria-label="Grafer">
      <h2>Planlagt og udført pr. årsmål</h2>
      <div className="plan-grafer">
        {raekker.map(({ m, serier }) => (
          <figure key={m.maal} className="plan-graf" data-testid={`graf-${m.maal}`}>
            <figcaption>{MAAL_NAVN[m.maal]}</figcaption>
            {serier.map(([klasse, navn, n]) => (
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

/** How the plan is made (the rules of the inspection order), the year's figures and its goal setting. */
function Brugerinfo({
  periode,
  kategorier,
  maal,
}: {
  periode: Planlaegningsperiode;
  kategorier: readonly KategoriStatus[];
  maal: readonly MaalStatus[];
}) {
  const aar = periode.aar;
  const sum = (f: (k: KategoriStatus) => number) => kategorier.reduce((s, k) => s + f(k), 0);
  return (
    <section className="plan-panel plan-info" aria-label="Brugerinfo">
      <h2>Sådan laves tilsynsplanen for {aar}</h2>
      <ul>
        <li>
          Kun virksomheder og landbrug, der er omfattet af regelmæssigt tilsyn (Omfattet af aktivt tilsyn),
          planlægges og tæller med i årsmålene.
        </li>
        <li>
          Basistilsyn er fysiske: kategori 1a og 1b hvert {BASIS_FREKVENS_AAR['1a']}. år, kategori 2 hvert{' '}
          {BASIS_FREKVENS_AAR['2']}. år, regnet fra seneste fysiske basistilsyn. En ny virksomhed får sit
          første basistilsyn inden for samme periode regnet fra datoen, den blev omfattet af aktivt tilsyn.
          Administrative tilsyn og opstartstilsyn genstarter ikke perioden.
        </li>
        <li>
          Kategori 1a får prioriterede tilsyn efter risikoscoren (1–5): over {taerskelTekst(SCORE_HVERT_AAR)}{' '}
          hvert år, over {taerskelTekst(SCORE_HVERT_ANDET_AAR)} til og med {taerskelTekst(SCORE_HVERT_AAR)}{' '}
          hvert andet år, ellers kun basistilsyn. Frekvensen kan ikke fraviges, og der lægges ikke flere
          1a-tilsyn ind for at nå et mål.
        </li>
        <li>
          Årsmålet for kategori 1 (1a og 1b tilsammen) nås med prioriterede fysiske tilsyn fra toppen af
          1b-listen; kategori 2 (mindst {formatProcent(KATEGORI2_FYSISK_ANDEL_PCT)}) fra toppen af sin egen
          liste. Samme virksomhed får aldrig basistilsyn og prioriteret tilsyn i samme år. Kun fysiske tilsyn
          tæller mod målene.
        </li>
        <li>Kommunen skal gennemføre {KAMPAGNER_PR_AAR} tilsynskampagner om året.</li>
      </ul>
      <Kategori1Maal periode={periode} />
      <p data-testid="plan-aarets-tal">
        I {aar} er der planlagt {formatTal(sum((k) => k.basis + k.prioriteret + k.kampagne))} tilsyn, heraf{' '}
        {formatTal(sum((k) => k.planlagtFysisk))} fysiske mod{' '}
        {formatTal(maal.reduce((s, m) => s + m.kraevetFysisk, 0))} krævede;{' '}
        {formatTal(sum((k) => k.udfoertPlanlagte))} af de planlagte er udført.
      </p>
    </section>
  );
}

/**
 * The period's goal setting: category 1's yearly share of physical inspections (whole percent). Saved
 * with the period's version; the required figures follow at once, the plan at its next generation.
 */
function Kategori1Maal({ periode }: { periode: Planlaegningsperiode }) {
  const client = useQueryClient();
  const [tekst, setTekst] = useState(String(periode.kategori1Andel));
  const [fejl, setFejl] = useState<string | null>(null);
  const [gemmer, setGemmer] = useState(false);
  const gem = async (e: FormEvent) => {
    e.preventDefault();
    const t = tekst.trim();
    const n = Number(t);
    if (!/^\d{1,3}$/.test(t) || n < 1 || n > 100) {
      setFejl('Angiv andelen i hele procent fra 1 til 100');
      return;
    }
    setGemmer(true);
    setFejl(null);
    try {
      await gemKategori1Andel(periode.id, n, periode.version);
      await client.invalidateQueries({ queryKey: planKeys.alle });
      toast.success(`Årsmålet for kategori 1 er ${n} % – det bruges, når planen genereres igen`);
    } catch (err) {
      setFejl(fejlTekst(err, { udenSvar: true, kilder: ['message', 'felter', 'title'] }));
    } finally {
      setGemmer(false);
    }
  };
  return (
    <form className="plan-maal-indstilling" onSubmit={(e) => void gem(e)}>
      <label>
        Årsmål for kategori 1 (1a + 1b):{' '}
        <input
          className="input plan-procent"
          inputMode="numeric"
          value={tekst}
          aria-invalid={fejl !== null}
          onChange={(e) => setTekst(e.target.value)}
        />{' '}
        % fysisk tilsyn om året
      </label>
      <Button size="small" type="submit" disabled={gemmer || tekst.trim() === String(periode.kategori1Andel)}>
        {gemmer ? 'Gemmer …' : 'Gem årsmål'}
      </Button>
      <span className="plan-muted">Andelen er ikke bekræftet i bekendtgørelsen eller vejledningen.</span>
      {fejl && (
        <span className="plan-over" role="alert">
          {fejl}
        </span>
      )}
    </form>
  );
}
