import { useCallback, useMemo, useState } from 'react';
import { formatIsoDato } from '../../../contract/format';
import {
  FRIST_ART_TEKST,
  FRIST_ARTER,
  type FristArt,
  type FristRaekke,
  OPFOELGNING_SORT,
  type OpfoelgningQuery,
} from '../../../contract/frister';
import { tabelHentning } from '../../lib/http-fejl';
import { LISTE_SIDE, listeFejlbesked, useServerListe } from '../../records/useServerListe';
import { useShellSession } from '../../session/session-context';
import { DataTable, type DataTableColumn, type OpenOptions } from '../../ui/DataTable';
import { serverSortering, tekstKolonne } from '../../ui/table/kolonner';
import { useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { useOpfoelgning } from './api';
import { FristStatusMaerke } from './FristStatusMaerke';
import './frister.css';

const TOM: FristRaekke[] = [];

function kolonner(): DataTableColumn<FristRaekke>[] {
  return serverSortering<FristRaekke>(OPFOELGNING_SORT, [
    {
      ...tekstKolonne('frist', 'Frist', (r) => r.frist, { width: 96, smalFoerst: true }),
      cell: (r) => formatIsoDato(r.frist),
    },
    {
      id: 'dage',
      header: 'Dage tilbage',
      accessor: (r) => r.dageTilbage,
      align: 'right',
      width: 90,
    },
    {
      id: 'status',
      header: 'Status',
      accessor: (r) => r.status,
      cell: (r) => <FristStatusMaerke status={r.status} opfyldt={r.opfyldt} />,
      width: 118,
      smalFoerst: true,
    },
    tekstKolonne('art', 'Art', (r) => FRIST_ART_TEKST[r.art], { width: 150 }),
    tekstKolonne('tekst', 'Frist for', (r) => r.tekst, { width: '34%', hideable: false, smalFoerst: true }),
    tekstKolonne('virksomhed', 'Virksomhed / anlæg', (r) => r.virksomhedsnavn ?? '', {
      width: '20%',
      smalFoerst: true,
    }),
    tekstKolonne('sagsbehandler', 'Sagsbehandler', (r) => r.sagsbehandler ?? '', { width: 140 }),
  ]);
}

/**
 * /frister/opfoelgning: every deadline computed from the data (the inspection report +2 months, DMA
 * +4 months, enforcement and ad hoc deadlines, the yearly Jupiter/DMA/invoicing dates), paged and
 * sorted on the server. Filters: kind, case worker (me / everyone), only overdue, show met ones.
 * Enter opens the record's tile, Ctrl/Cmd+Enter beside.
 */
export default function OpfoelgningView(_props: ViewProps) {
  const tile = useTile();
  const { user } = useShellSession();
  const columns = useMemo(kolonner, []);
  const { sort, filter, start, setStart, kommandoer, tabel } = useServerListe('fristerOpfoelgning', columns, {
    column: 'frist',
    direction: 'ASC',
  });
  const [art, setArt] = useState<FristArt | ''>('');
  const [kunMine, setKunMine] = useState(true);
  const [kunOverskredne, setKunOverskredne] = useState(false);
  const [visOpfyldte, setVisOpfyldte] = useState(false);

  const brugerId = user ? Number(user.userId) : null;
  const filteredColumns = useMemo(() => {
    const f: string[] = [];
    if (art) f.push(`art:${art}`);
    if (kunMine && brugerId) f.push(`sagsbehandler:${brugerId}`);
    if (kunOverskredne) f.push('status:overskredet');
    return f;
  }, [art, kunMine, brugerId, kunOverskredne]);

  const query: OpfoelgningQuery = {
    start,
    take: LISTE_SIDE,
    sortByColumn: sort.column as OpfoelgningQuery['sortByColumn'],
    sortDirection: sort.direction,
    filter: filter || undefined,
    filteredColumns,
    visOpfyldte: visOpfyldte ? 'true' : undefined,
  };
  const q = useOpfoelgning(query);
  const data = q.isError ? undefined : q.data;

  const aabn = useCallback(
    (r: FristRaekke, opts?: OpenOptions) => {
      if (!r.sti) return;
      if (opts?.beside) tile.openBeside(r.sti);
      else tile.navigate(r.sti);
    },
    [tile],
  );

  const alleKommandoer = useMemo(
    () => [
      ...kommandoer,
      {
        id: 'frister-kun-overskredne',
        label: kunOverskredne ? 'Vis alle frister' : 'Kun overskredne frister',
        shortcut: 'alt+o',
        keywords: ['overskredet', 'frist'],
        run: () => {
          setKunOverskredne((v) => !v);
          setStart(0);
        },
      },
      {
        id: 'frister-mine',
        label: kunMine ? 'Vis alle sagsbehandleres frister' : 'Vis kun mine frister',
        shortcut: 'alt+a',
        keywords: ['sagsbehandler', 'mine'],
        run: () => {
          setKunMine((v) => !v);
          setStart(0);
        },
      },
    ],
    [kommandoer, kunOverskredne, kunMine, setStart],
  );
  useTileCommands(alleKommandoer);

  const nulstil =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setStart(0);
    };

  return (
    <div className="frister-view">
      <DataTable<FristRaekke>
        {...tabel}
        ariaLabel="Frister til opfølgning"
        columns={columns}
        rows={data?.items ?? TOM}
        totalCount={data?.totalCount}
        getRowId={(r) => r.noegle}
        filterPlaceholder="Søg på virksomhed, titel eller sagsbehandler"
        emptyText="Ingen frister"
        {...tabelHentning(q, listeFejlbesked)}
        onOpen={aabn}
        toolbar={
          <>
            <select
              className="input"
              aria-label="Art"
              value={art}
              onChange={(e) => nulstil(setArt)(e.target.value as FristArt | '')}
            >
              <option value="">Alle arter</option>
              {FRIST_ARTER.map((a) => (
                <option key={a} value={a}>
                  {FRIST_ART_TEKST[a]}
                </option>
              ))}
            </select>
            <select
              className="input"
              aria-label="Sagsbehandler"
              value={kunMine ? 'mig' : 'alle'}
              onChange={(e) => nulstil(setKunMine)(e.target.value === 'mig')}
            >
              <option value="mig">Mine frister</option>
              <option value="alle">Alle sagsbehandlere</option>
            </select>
            <label className="frister-check">
              <input
                type="checkbox"
                checked={kunOverskredne}
                onChange={(e) => nulstil(setKunOverskredne)(e.target.checked)}
              />
              Kun overskredne
            </label>
            <label className="frister-check">
              <input
                type="checkbox"
                checked={visOpfyldte}
                onChange={(e) => nulstil(setVisOpfyldte)(e.target.checked)}
              />
              Vis opfyldte
            </label>
          </>
        }
      />
    </div>
  );
}
