import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatIsoDato, formatTal, idagIDanmark } from '../../../contract/format';
import type { Boring, Maengde } from '../../../contract/vand-data';
import { hentBoringstilladelser, tilladelseStatus } from '../../../contract/vandanlaeg-registreringer';
import { fejlTekst } from '../../lib/http-fejl';
import { useVandFokus } from '../../lib/vand-fokus';
import { useFrameCommands } from '../../records/ramme';
import { EjerRamme } from '../../records/ramme-ejer';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { talKolonne, tekstKolonne } from '../../ui/table/kolonner';
import { type TileCommand, useTile, type ViewProps } from '../../workspace/tile-api';
import { type PlantDetalje, VANDANLAEG_RAMME } from './ejer';
import { BoringForm } from './indtag-boring';
import { Pejlinger } from './indtag-pejling';
import { MaengdeForm, periodeTekst, statusTekst, ValideringStatus } from './maengder-form';
import {
  type IndtagListeProps,
  useBoringer,
  useFoelgValidering,
  useIndtagMaengder,
  useSeneste,
  useValgtMedFokus,
  vandKeys,
} from './vand-data-api';
import './vand-data.css';

const BORING_KOLONNER: DataTableColumn<Boring>[] = [
  tekstKolonne('dguNr', 'DGU-nr.', (b) => b.dguNr, { width: 110 }),
  tekstKolonne('navn', 'Navn', (b) => b.navn),
  tekstKolonne('indtag', 'Indtag', (b) => b.indtag.map((i) => i.indtagsnr).join(', ')),
  talKolonne('dybde', 'Dybde (m)', (b) => b.dybde, { defaultHidden: true, decimaler: 2 }),
];

const MAENGDE_KOLONNER: DataTableColumn<Maengde>[] = [
  tekstKolonne('periode', 'Periode', (m) => m.startdato, { cell: (m) => periodeTekst(m), width: 190 }),
  talKolonne('oppumpet', 'Oppumpet (m³)', (m) => m.vandmaengdeOppumpet, { decimaler: 2 }),
  tekstKolonne('status', 'Validering', (m) => statusTekst(m.status), {
    cell: (m) => <ValideringStatus p={m} />,
  }),
];

/**
 * 'Boring / indtag': the plant's boreholes; the one in the path (/vandanlaeg/:id/indtag/:boringid)
 * with its intakes, the chosen intake's quantities and water-level readings, and the borehole's permits.
 */
function Indtag({ d, boringId }: { d: PlantDetalje; boringId: number | null }) {
  const id = d.plant.id;
  useFoelgValidering(id);
  const tile = useTile();
  const q = useBoringer(id);
  const boringer = q.data ?? [];
  const [ny, setNy] = useState(false);
  const [indtagId, setIndtagId] = useState<number | null>(null);
  const fokus = useVandFokus(id, 'indtag');
  const sti = (b: number | null) => `/vandanlaeg/${id}/indtag${b === null ? '' : `/${b}`}`;

  // From a validation queue: the borehole holding the entry's intake, and that intake (once per request).
  const anvendt = useRef(0);
  useEffect(() => {
    if (!fokus || fokus.indtagId === null || !q.data || anvendt.current === fokus.nr) return;
    const indtagFokus = fokus.indtagId;
    const b = q.data.find((x) => x.indtag.some((i) => i.id === indtagFokus));
    if (!b) return;
    anvendt.current = fokus.nr;
    setIndtagId(indtagFokus);
    if (b.id !== boringId) tile.navigate(`/vandanlaeg/${id}/indtag/${b.id}`);
  }, [fokus, q.data, boringId, tile, id]);

  const { navigate } = tile;
  const kommandoer = useMemo<TileCommand[]>(
    () =>
      d.kanRette
        ? [
            {
              id: 'indtag:ny-boring',
              label: 'Ny boring',
              shortcut: 'n',
              run: () => {
                setNy(true);
                navigate(`/vandanlaeg/${id}/indtag`);
              },
            },
          ]
        : [],
    [d.kanRette, navigate, id],
  );
  useFrameCommands(kommandoer);

  const boring = boringId === null ? null : (boringer.find((b) => b.id === boringId) ?? null);
  // The first intake of the borehole unless one is chosen.
  const indtag = boring?.indtag.find((i) => i.id === indtagId) ?? boring?.indtag[0] ?? null;

  return (
    <div className="wd">
      <section className="wd-sektion">
        <div className="wd-hoved">
          <h3>Boringer</h3>
          {d.kanRette && (
            <Button
              size="small"
              color="secondary"
              onClick={() => {
                setNy(true);
                if (boringId !== null) tile.navigate(sti(null));
              }}
            >
              <Plus size={13} aria-hidden="true" /> Ny boring
            </Button>
          )}
        </div>
        <DataTable
          tableName="vandanlaeg-boringer"
          ariaLabel="Boringer"
          columns={BORING_KOLONNER}
          rows={boringer}
          getRowId={(b) => String(b.id)}
          mode="memory"
          defaultSort={{ column: 'dguNr', direction: 'ASC' }}
          loading={q.isLoading}
          error={q.error ? fejlTekst(q.error) : null}
          onRetry={() => void q.refetch()}
          cursorId={boringId === null ? null : String(boringId)}
          onOpen={(b, o) => (o?.beside ? tile.openBeside(sti(b.id)) : tile.navigate(sti(b.id)))}
          onCursorChange={(b) => {
            if (b && b.id !== boringId) {
              setNy(false);
              tile.navigate(sti(b.id));
            }
          }}
        />
        {boringId !== null && q.data && !boring && <p className="muted">Boringen findes ikke på anlægget.</p>}
      </section>
      {(ny && boringId === null) || boring ? (
        <section className="wd-sektion" aria-label="Boring">
          <h3>{boring ? `Boring ${boring.dguNr}` : 'Ny boring'}</h3>
          <BoringForm
            anlaegId={id}
            boring={boring}
            kanRette={d.kanRette}
            onGemt={(b) => {
              setNy(false);
              if (b.id !== boringId) tile.navigate(sti(b.id));
            }}
            onSlettet={() => tile.navigate(sti(null))}
          />
        </section>
      ) : null}
      {boring && (
        <>
          <Boringstilladelser anlaegId={id} boringId={boring.id} />
          {boring.indtag.length > 0 && indtag && (
            <section className="wd-sektion">
              <div className="wd-hoved">
                <h3>Indtag {indtag.indtagsnr}</h3>
                {boring.indtag.length > 1 && (
                  <fieldset className="wd-knapper wd-vaelg">
                    <legend className="sr-only-wd">Vælg indtag</legend>
                    {boring.indtag.map((i) => (
                      <Button
                        key={i.id}
                        size="x-small"
                        color={i.id === indtag.id ? 'primary' : 'secondary'}
                        aria-pressed={i.id === indtag.id}
                        onClick={() => setIndtagId(i.id)}
                      >
                        Indtag {i.indtagsnr}
                      </Button>
                    ))}
                  </fieldset>
                )}
              </div>
              <IndtagMaengder
                key={indtag.id}
                anlaegId={id}
                indtagId={indtag.id}
                kanRette={d.kanRette}
                fokusId={fokus?.indtagId === indtag.id && fokus.art === 'maengde' ? fokus.id : null}
              />
              <Pejlinger
                key={`p${indtag.id}`}
                anlaegId={id}
                indtagId={indtag.id}
                kanRette={d.kanRette}
                fokusId={fokus?.indtagId === indtag.id && fokus.art === 'pejling' ? fokus.id : null}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** The intake-level quantities of an intake (IndtagNiveau) with the same form as the plant level. */
function IndtagMaengder({ anlaegId, indtagId, kanRette, fokusId }: IndtagListeProps) {
  const q = useIndtagMaengder(anlaegId, indtagId);
  const rows = q.data ?? [];
  // The queue's entry, selected once when it is in the list.
  const [valgt, setValgt] = useValgtMedFokus(fokusId, q.data);
  const seneste = useSeneste(anlaegId, indtagId, valgt === 'ny');
  const maengde = typeof valgt === 'number' ? (rows.find((m) => m.id === valgt) ?? null) : null;
  return (
    <div className="wd-sektion">
      <div className="wd-hoved">
        <h3>Oppumpede vandmængder på indtaget</h3>
        {kanRette && (
          <Button size="small" color="secondary" onClick={() => setValgt('ny')}>
            <Plus size={13} aria-hidden="true" /> Ny periode
          </Button>
        )}
      </div>
      <DataTable
        tableName="vandanlaeg-indtag-maengder"
        ariaLabel="Oppumpede vandmængder på indtaget"
        columns={MAENGDE_KOLONNER}
        rows={rows}
        getRowId={(m) => String(m.id)}
        mode="memory"
        defaultSort={{ column: 'periode', direction: 'DESC' }}
        loading={q.isLoading}
        error={q.error ? fejlTekst(q.error) : null}
        cursorId={typeof valgt === 'number' ? String(valgt) : null}
        onCursorChange={(m) => m && setValgt(m.id)}
        onOpen={(m) => setValgt(m.id)}
        virtualizeAbove={60}
      />
      {valgt === 'ny' && seneste.isLoading ? (
        <Spinner />
      ) : valgt === 'ny' || maengde ? (
        <MaengdeForm
          anlaegId={anlaegId}
          indtagId={indtagId}
          maengde={maengde}
          seneste={valgt === 'ny' ? (seneste.data ?? null) : null}
          kanRette={kanRette}
          onGemt={(m) => setValgt(m.id)}
          onSlettet={() => setValgt(null)}
        />
      ) : null}
    </div>
  );
}

/** The permits that cover the borehole (GET VandanlaegTilladelse/boringstilladelser/{id}). */
function Boringstilladelser({ anlaegId, boringId }: { anlaegId: number; boringId: number }) {
  const q = useQuery({
    queryKey: [...vandKeys.alt(anlaegId), 'boringstilladelser', boringId],
    queryFn: ({ signal }) =>
      http.call(hentBoringstilladelser, { params: { id: boringId }, signal, silent: true }),
  });
  const iDag = idagIDanmark();
  const rows = (q.data ?? []) as Record<string, unknown>[];
  return (
    <section className="wd-sektion">
      <h3>Tilladelser for boringen</h3>
      {q.isLoading ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="muted">{q.error ? fejlTekst(q.error) : 'Ingen tilladelser dækker boringen.'}</p>
      ) : (
        <table className="wd-table">
          <thead>
            <tr>
              <th>Tilladelse</th>
              <th>Periode</th>
              <th className="num">m³/år</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={String(t.id)}>
                <td>{String(t.titel ?? '')}</td>
                <td>
                  {formatIsoDato(String(t.dato ?? ''))} –{' '}
                  {t.slutdato ? formatIsoDato(String(t.slutdato)) : ''}
                </td>
                <td className="num">
                  {formatTal(typeof t.vandmaengdeM3Aar === 'number' ? t.vandmaengdeM3Aar : null)}
                </td>
                <td>{tilladelseStatus(t, iDag)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function IndtagView(props: ViewProps) {
  const b = Number(props.params.boringid);
  const boringId = Number.isInteger(b) && b > 0 ? b : null;
  return (
    <EjerRamme ejer={VANDANLAEG_RAMME} route={props.route} params={props.params}>
      {(d) => <Indtag d={d} boringId={boringId} />}
    </EjerRamme>
  );
}
