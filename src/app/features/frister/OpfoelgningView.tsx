import { useMemo } from 'react';
import { formatIsoDato } from '../../../contract/format';
import {
  FRIST_ART_TEKST,
  FRIST_ARTER,
  type FristArt,
  type FristRaekke,
  OPFOELGNING_SORT,
  type OpfoelgningQuery,
} from '../../../contract/frister';
import { useAabnRaekke, useListeSkaerm } from '../../records/useListeSkaerm';
import { useShellSession } from '../../session/session-context';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { FilterAfkryds, FilterValg } from '../../ui/ListeFiltre';
import { serverSortering, tekstKolonne } from '../../ui/table/kolonner';
import { useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { useOpfoelgning } from './api';
import { FristStatusMaerke } from './FristStatusMaerke';
import './frister.css';

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
  const { user } = useShellSession();
  const columns = useMemo(kolonner, []);
  const { kommandoer, tabelAf, filtre, saetFilter, side } = useListeSkaerm(
    'fristerOpfoelgning',
    columns,
    { column: 'frist', direction: 'ASC' },
    { art: '' as FristArt | '', kunMine: true, kunOverskredne: false, visOpfyldte: false },
  );
  const { art, kunMine, kunOverskredne, visOpfyldte } = filtre;

  const brugerId = user ? Number(user.userId) : null;
  const query: OpfoelgningQuery = {
    ...side<OpfoelgningQuery>([
      art && `art:${art}`,
      kunMine && brugerId ? `sagsbehandler:${brugerId}` : null,
      kunOverskredne && 'status:overskredet',
    ]),
    visOpfyldte: visOpfyldte ? 'true' : undefined,
  };
  const q = useOpfoelgning(query);
  const data = q.isError ? undefined : q.data;

  const aabn = useAabnRaekke((r: FristRaekke) => r.sti);

  const alleKommandoer = useMemo(
    () => [
      ...kommandoer,
      {
        id: 'frister-kun-overskredne',
        label: kunOverskredne ? 'Vis alle frister' : 'Kun overskredne frister',
        shortcut: 'alt+o',
        keywords: ['overskredet', 'frist'],
        run: () => saetFilter('kunOverskredne')(!kunOverskredne),
      },
      {
        id: 'frister-mine',
        label: kunMine ? 'Vis alle sagsbehandleres frister' : 'Vis kun mine frister',
        shortcut: 'alt+a',
        keywords: ['sagsbehandler', 'mine'],
        run: () => saetFilter('kunMine')(!kunMine),
      },
    ],
    [kommandoer, kunOverskredne, kunMine, saetFilter],
  );
  useTileCommands(alleKommandoer);

  return (
    <div className="frister-view">
      <DataTable<FristRaekke>
        {...tabelAf(q, data)}
        ariaLabel="Frister til opfølgning"
        columns={columns}
        getRowId={(r) => r.noegle}
        filterPlaceholder="Søg på virksomhed, titel eller sagsbehandler"
        emptyText="Ingen frister"
        onOpen={aabn}
        toolbar={
          <>
            <FilterValg
              label="Art"
              value={art}
              onChange={saetFilter('art')}
              alle="Alle arter"
              valg={FRIST_ARTER.map((a) => [a, FRIST_ART_TEKST[a]] as const)}
            />
            <FilterValg
              label="Sagsbehandler"
              value={kunMine ? 'mig' : 'alle'}
              onChange={(v) => saetFilter('kunMine')(v === 'mig')}
              valg={[
                ['mig', 'Mine frister'],
                ['alle', 'Alle sagsbehandlere'],
              ]}
            />
            <FilterAfkryds
              className="frister-check"
              tekst="Kun overskredne"
              checked={kunOverskredne}
              onChange={saetFilter('kunOverskredne')}
            />
            <FilterAfkryds
              className="frister-check"
              tekst="Vis opfyldte"
              checked={visOpfyldte}
              onChange={saetFilter('visOpfyldte')}
            />
          </>
        }
      />
    </div>
  );
}
