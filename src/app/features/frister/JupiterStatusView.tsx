import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { formatDatoTid } from '../../../contract/format';
import {
  type JupiterIgenResultat,
  type JupiterStatusRaekke,
  jupiterProevIgen,
} from '../../../contract/frister';
import { fejlTekst } from '../../lib/http-fejl';
import { useAabnRaekke } from '../../records/useListeSkaerm';
import { http } from '../../session/runtime';
import { useTableSettings } from '../../session/useTableSettings';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { KommandoKnap } from '../../ui/KommandoKnap';
import { tekstKolonne } from '../../ui/table/kolonner';
import { toast } from '../../ui/toast';
import { type TileCommand, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { fristerKeys, useJupiterStatus } from './api';
import './frister.css';

const TOM: JupiterStatusRaekke[] = [];
/** Plants per call: progress shows between the calls. */
const PARTI = 3;
const gruppeNoegle = (r: Pick<JupiterStatusRaekke, 'status' | 'fejlTypeKode'>) =>
  r.status === 'OK' ? 'OK' : (r.fejlTypeKode ?? '?');

function kolonner(
  resultater: ReadonlyMap<number, JupiterIgenResultat>,
): DataTableColumn<JupiterStatusRaekke>[] {
  return [
    {
      id: 'status',
      header: 'Status',
      accessor: (r) => r.status,
      cell: (r) => (
        <span className={`frist-maerke ${r.status === 'OK' ? 'frist-senere' : 'frist-overskredet'}`}>
          {r.status === 'OK' ? 'Godkendt' : 'Fejl'}
        </span>
      ),
      width: 96,
      smalFoerst: true,
    },
    tekstKolonne('navn', 'Vandanlæg', (r) => r.navn, { width: '22%', hideable: false, smalFoerst: true }),
    tekstKolonne('jupiterId', 'Jupiter-id', (r) => r.jupiterId ?? '', { width: 100 }),
    tekstKolonne('fejlType', 'Fejltype', (r) => r.fejlTypeTekst ?? '', { width: '20%', smalFoerst: true }),
    { id: 'antalFejl', header: 'Fejl', accessor: (r) => r.antalFejl, align: 'right', width: 56 },
    {
      ...tekstKolonne('sendt', 'Seneste indberetning', (r) => r.sendt, { width: 150 }),
      cell: (r) => formatDatoTid(r.sendt),
    },
    tekstKolonne('sendtAf', 'Sendt af', (r) => r.sendtAf ?? '', { width: 120, defaultHidden: true }),
    {
      id: 'resultat',
      header: 'Resultat af Prøv igen',
      accessor: (r) => resultater.get(r.vandanlaegId)?.besked ?? resultater.get(r.vandanlaegId)?.status ?? '',
      cell: (r) => {
        const res = resultater.get(r.vandanlaegId);
        if (!res) return '';
        return res.status === 'OK' ? (
          <span className="frist-maerke frist-senere">Godkendt</span>
        ) : (
          <span>
            <span className="frist-maerke frist-overskredet">Fejl</span> {res.besked}
          </span>
        );
      },
      width: '24%',
    },
  ];
}

/**
 * /frister/jupiterstatus: each water plant's latest Jupiter report, the counts per error type (a
 * button per type narrows the list), and 'Prøv igen' for the chosen plants: each is reported again
 * through the same report as the plant's own Jupiter tab, with progress and a result per plant.
 */
export default function JupiterStatusView(_props: ViewProps) {
  const client = useQueryClient();
  const q = useJupiterStatus();
  // The query's refetch is stable; the query object is new on every render (commands must not be).
  const { refetch } = q;
  const settings = useTableSettings('fristerJupiterStatus');
  const [gruppe, setGruppe] = useState<string | null>(null);
  const [valgte, setValgte] = useState<Set<string>>(new Set());
  const [resultater, setResultater] = useState<Map<number, JupiterIgenResultat>>(new Map());
  const [fremdrift, setFremdrift] = useState<{ sendt: number; ialt: number } | null>(null);
  const columns = useMemo(() => kolonner(resultater), [resultater]);
  const alle = q.data?.raekker ?? TOM;
  const raekker = useMemo(
    () => (gruppe === null ? alle : alle.filter((r) => gruppeNoegle(r) === gruppe)),
    [alle, gruppe],
  );

  const proevIgen = useCallback(
    async (ids: number[]) => {
      if (ids.length === 0 || fremdrift) return;
      setFremdrift({ sendt: 0, ialt: ids.length });
      let ok = 0;
      try {
        for (let i = 0; i < ids.length; i += PARTI) {
          const svar = await http.call(jupiterProevIgen, {
            body: { vandanlaegIds: ids.slice(i, i + PARTI) },
          });
          setResultater((m) => {
            const ny = new Map(m);
            for (const r of svar.resultater) ny.set(r.vandanlaegId, r);
            return ny;
          });
          ok += svar.resultater.filter((r) => r.status === 'OK').length;
          setFremdrift({ sendt: Math.min(ids.length, i + PARTI), ialt: ids.length });
        }
        const tekst = `Jupiter: ${ok} af ${ids.length} vandanlæg godkendt`;
        if (ok < ids.length) toast.warning(tekst);
        else toast.success(tekst);
        setValgte(new Set());
      } catch (err) {
        toast.error(`Indberetningen til Jupiter fejlede: ${fejlTekst(err)}`);
      } finally {
        setFremdrift(null);
        await client.invalidateQueries({ queryKey: fristerKeys.jupiter });
        await client.invalidateQueries({ queryKey: ['notification'] });
      }
    },
    [client, fremdrift],
  );

  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'jupiter-proev-igen',
        label: `Prøv igen for valgte (${valgte.size})`,
        shortcut: 'alt+p',
        keywords: ['jupiter', 'indberet', 'igen'],
        disabled: valgte.size === 0 || fremdrift !== null,
        run: () => void proevIgen([...valgte].map(Number)),
      },
      {
        id: 'jupiter-vaelg-fejlede',
        label: 'Vælg alle viste med fejl',
        shortcut: 'alt+a',
        keywords: ['jupiter', 'vælg'],
        run: () =>
          setValgte(new Set(raekker.filter((r) => r.status === 'Fejl').map((r) => String(r.vandanlaegId)))),
      },
      {
        id: 'jupiter-opdater',
        label: 'Opdater Jupiter-status',
        shortcut: 'alt+r',
        run: () => void refetch(),
      },
    ],
    [valgte, fremdrift, proevIgen, raekker, refetch],
  );
  useTileCommands(kommandoer);

  const aabn = useAabnRaekke((r: JupiterStatusRaekke) => `/vandanlaeg/${r.vandanlaegId}/stamoplysninger`);

  return (
    <div className="frister-view">
      <fieldset className="frister-grupper" aria-label="Fejltyper">
        <button
          type="button"
          className="frister-gruppe"
          aria-pressed={gruppe === null}
          onClick={() => setGruppe(null)}
        >
          Alle ({alle.length})
        </button>
        {(q.data?.grupper ?? []).map((g) => {
          const noegle = g.fejlTypeKode ?? 'OK';
          return (
            <button
              key={noegle}
              type="button"
              className="frister-gruppe"
              aria-pressed={gruppe === noegle}
              onClick={() => setGruppe(gruppe === noegle ? null : noegle)}
            >
              {g.fejlTypeTekst}
              {g.fejlTypeKode ? ` (${g.fejlTypeKode})` : ''}: {g.antal}
            </button>
          );
        })}
      </fieldset>
      <div className="frister-toolbar">
        <KommandoKnap kommando={kommandoer[0]!} size="small">
          Prøv igen ({valgte.size})
        </KommandoKnap>
        <KommandoKnap kommando={kommandoer[1]!} size="small" color="secondary" />
        {fremdrift && (
          <span className="frister-fremdrift" role="status">
            Indberetter {fremdrift.sendt} af {fremdrift.ialt} …
          </span>
        )}
      </div>
      <div className="frister-tabel">
        <DataTable<JupiterStatusRaekke>
          tableName="fristerJupiterStatus"
          ariaLabel="Jupiter-status"
          mode="memory"
          columns={columns}
          rows={raekker}
          getRowId={(r) => String(r.vandanlaegId)}
          settings={settings}
          selectionMode="checkbox"
          selected={valgte}
          onSelectionChange={setValgte}
          onOpen={aabn}
          loading={q.isFetching}
          error={q.isError ? fejlTekst(q.error, { udenSvar: true }) : null}
          onRetry={() => void q.refetch()}
          filterPlaceholder="Søg på vandanlæg eller fejltype"
          emptyText="Ingen indberetninger til Jupiter"
        />
      </div>
    </div>
  );
}
