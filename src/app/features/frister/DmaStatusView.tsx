import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { formatDatoTid, formatIsoDato } from '../../../contract/format';
import {
  DMA_STATUS_TEKST,
  type DmaRaekke,
  type DmaRaekkeStatus,
  sendTilDma,
} from '../../../contract/frister';
import { fejlTekst } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { useTableSettings } from '../../session/useTableSettings';
import { DataTable, type DataTableColumn, type OpenOptions } from '../../ui/DataTable';
import { KommandoKnap } from '../../ui/KommandoKnap';
import { tekstKolonne } from '../../ui/table/kolonner';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { fristerKeys, useDmaStatus } from './api';
import './frister.css';

const TOM: DmaRaekke[] = [];
/** Inspections sent per call: the list shows progress between the calls. */
const PARTI = 10;

const STATUS_KLASSE: Record<DmaRaekkeStatus, string> = {
  kanIkke: 'frist-overskredet',
  Fejl: 'frist-overskredet',
  afventer: 'frist-snart',
  OK: 'frist-senere',
};

function kolonner(): DataTableColumn<DmaRaekke>[] {
  return [
    {
      id: 'status',
      header: 'Status',
      accessor: (r) => DMA_STATUS_TEKST[r.status],
      cell: (r) => (
        <span className={`frist-maerke ${STATUS_KLASSE[r.status]}`}>{DMA_STATUS_TEKST[r.status]}</span>
      ),
      width: 160,
      smalFoerst: true,
    },
    tekstKolonne('virksomhedsnavn', 'Virksomhed', (r) => r.virksomhedsnavn, {
      width: '20%',
      hideable: false,
      smalFoerst: true,
    }),
    tekstKolonne('tilsynTitel', 'Tilsyn', (r) => r.tilsynTitel, { width: '16%' }),
    {
      ...tekstKolonne('tilsynsdato', 'Tilsynsdato', (r) => r.tilsynsdato ?? '', { width: 92 }),
      cell: (r) => formatIsoDato(r.tilsynsdato),
    },
    {
      ...tekstKolonne('dmaFrist', 'DMA-frist', (r) => r.dmaFrist ?? '', { width: 92, smalFoerst: true }),
      cell: (r) => formatIsoDato(r.dmaFrist),
    },
    tekstKolonne(
      'aarsag',
      'Mangler / årsag',
      (r) => (r.mangler.length > 0 ? `Mangler: ${r.mangler.join(', ')}` : (r.fejlTekst ?? '')),
      { width: '24%' },
    ),
    {
      ...tekstKolonne('sendt', 'Sendt', (r) => r.sendt ?? '', { width: 140 }),
      cell: (r) => (r.sendt ? formatDatoTid(r.sendt) : <span className="frister-muted">Ikke sendt</span>),
    },
    tekstKolonne('sendtAf', 'Sendt af', (r) => r.sendtAf ?? '', { width: 120, defaultHidden: true }),
    { id: 'antalForsoeg', header: 'Forsøg', accessor: (r) => r.antalForsoeg, align: 'right', width: 60 },
  ];
}

/**
 * /frister/dmastatus: per inspection still to be published on DMA (or sent), the latest report and
 * DMA's answer. Rows that cannot be published because the company lacks DMA master data come first,
 * with the missing fields. Select rows and send (or resend) them; every sendable row with one command.
 */
export default function DmaStatusView(_props: ViewProps) {
  const tile = useTile();
  const client = useQueryClient();
  const { ressourcer } = useShellSession();
  const maaSende = ressourcer.has('SAGSBEHANDLER_VIRKSOMHED') || ressourcer.has('SAGSBEHANDLER_LANDBRUG');
  const q = useDmaStatus();
  // The query's refetch is stable; the query object is new on every render (commands must not be).
  const { refetch } = q;
  const settings = useTableSettings('fristerDmaStatus');
  const columns = useMemo(kolonner, []);
  const raekker = q.data?.raekker ?? TOM;
  const [valgte, setValgte] = useState<Set<string>>(new Set());
  const [fremdrift, setFremdrift] = useState<{ sendt: number; ialt: number } | null>(null);

  const send = useCallback(
    async (ids: number[]) => {
      if (ids.length === 0 || fremdrift) return;
      setFremdrift({ sendt: 0, ialt: ids.length });
      const resultat = { OK: 0, Fejl: 0, kanIkke: 0 };
      try {
        for (let i = 0; i < ids.length; i += PARTI) {
          const svar = await http.call(sendTilDma, { body: { tilsynIds: ids.slice(i, i + PARTI) } });
          for (const r of svar.resultater) resultat[r.status]++;
          setFremdrift({ sendt: Math.min(ids.length, i + PARTI), ialt: ids.length });
        }
        const tekst = `Sendt til DMA: ${resultat.OK} offentliggjort, ${resultat.Fejl} afvist${
          resultat.kanIkke ? `, ${resultat.kanIkke} mangler stamdata` : ''
        }`;
        if (resultat.Fejl + resultat.kanIkke > 0) toast.warning(tekst);
        else toast.success(tekst);
        setValgte(new Set());
      } catch (err) {
        toast.error(`Indberetningen til DMA fejlede: ${fejlTekst(err)}`);
      } finally {
        setFremdrift(null);
        await client.invalidateQueries({ queryKey: fristerKeys.alle });
        await client.invalidateQueries({ queryKey: ['notification'] });
      }
    },
    [client, fremdrift],
  );

  const sendbare = useMemo(
    () => raekker.filter((r) => r.status === 'Fejl' || r.status === 'afventer'),
    [raekker],
  );
  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'dma-send-valgte',
        label: `Send valgte til DMA (${valgte.size})`,
        shortcut: 'alt+s',
        keywords: ['dma', 'send', 'indberet', 'igen'],
        disabled: !maaSende || valgte.size === 0 || fremdrift !== null,
        run: () => void send([...valgte].map(Number)),
      },
      {
        id: 'dma-send-alle',
        label: `Send alle fejlede og ventende til DMA (${sendbare.length})`,
        shortcut: 'alt+shift+s',
        keywords: ['dma', 'send', 'alle'],
        disabled: !maaSende || sendbare.length === 0 || fremdrift !== null,
        run: () => void send(sendbare.map((r) => r.tilsynId)),
      },
      {
        id: 'dma-opdater',
        label: 'Opdater DMA-status',
        shortcut: 'alt+r',
        run: () => void refetch(),
      },
    ],
    [valgte, sendbare, maaSende, fremdrift, send, refetch],
  );
  useTileCommands(kommandoer);

  const aabn = useCallback(
    (r: DmaRaekke, opts?: OpenOptions) => (opts?.beside ? tile.openBeside(r.sti) : tile.navigate(r.sti)),
    [tile],
  );
  const antal = (s: DmaRaekkeStatus) => raekker.filter((r) => r.status === s).length;

  return (
    <div className="frister-view">
      <div className="frister-toolbar">
        <span>
          {antal('kanIkke')} kan ikke offentliggøres · {antal('Fejl')} fejl · {antal('afventer')} ikke sendt ·{' '}
          {antal('OK')} OK
        </span>
        {maaSende && (
          <>
            <KommandoKnap kommando={kommandoer[0]!} size="small">
              Send valgte ({valgte.size})
            </KommandoKnap>
            <KommandoKnap kommando={kommandoer[1]!} size="small" color="secondary">
              Send alle fejlede og ventende
            </KommandoKnap>
          </>
        )}
        {fremdrift && (
          <span className="frister-fremdrift" role="status">
            Sender {fremdrift.sendt} af {fremdrift.ialt} …
          </span>
        )}
        {q.data?.afkortet && <span className="frister-muted">Listen viser de nyeste 2.000 tilsyn.</span>}
      </div>
      <div className="frister-tabel">
        <DataTable<DmaRaekke>
          tableName="fristerDmaStatus"
          ariaLabel="DMA-status"
          mode="memory"
          columns={columns}
          rows={raekker}
          getRowId={(r) => String(r.tilsynId)}
          settings={settings}
          selectionMode={maaSende ? 'checkbox' : 'disabled'}
          selected={valgte}
          onSelectionChange={(s) => setValgte(new Set([...s].filter((id) => sendbar(raekker, id))))}
          onOpen={aabn}
          loading={q.isFetching}
          error={q.isError ? fejlTekst(q.error, { udenSvar: true }) : null}
          onRetry={() => void q.refetch()}
          filterPlaceholder="Søg på virksomhed, tilsyn eller årsag"
          emptyText="Ingen tilsyn afventer DMA"
        />
      </div>
    </div>
  );
}

/** Rows lacking master data cannot be chosen for sending. */
function sendbar(raekker: readonly DmaRaekke[], id: string): boolean {
  const r = raekker.find((x) => String(x.tilsynId) === id);
  return !!r && r.status !== 'kanIkke';
}
