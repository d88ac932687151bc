import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import {
  hentVandanlaegListe,
  type VandanlaegListeQuery,
  type VandanlaegListeRaekke,
  vandLookupSti,
} from '../../../contract/vandanlaeg';
import { tabelHentning } from '../../lib/http-fejl';
import { LISTE_SIDE, listeFejlbesked, useServerListe } from '../../records/useServerListe';
import { useLookup } from '../../session/lookups';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { DataTable, type OpenOptions } from '../../ui/DataTable';
import { useTile, useTileCommands, useTileTitle, type ViewProps } from '../../workspace/tile-api';
import { vandanlaegKeys } from './api';
import { vandanlaegKolonner } from './liste-kolonner';
import './vandanlaeg.css';

/**
 * /vandanlaeg: the customer's water plants on the list stack (server paging, sort, text and column
 * filters; the columns shown are the table's settings). Enter opens a plant, Ctrl/Cmd+Enter beside.
 */
export default function ListeView(_props: ViewProps) {
  useTileTitle('Vandanlæg');
  const tile = useTile();
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const typer = useLookup(vandLookupSti('jupitervirksomhedstype'));
  const typeNavn = useCallback(
    (kode: string | null) => (kode ? (typer.data?.find((t) => t.kode === kode)?.navn ?? kode) : null),
    [typer.data],
  );

  const columns = useMemo(() => vandanlaegKolonner(typeNavn), [typeNavn]);
  const { sort, filter, start, setStart, kommandoer, tabel } = useServerListe('vandanlaegListe', columns, {
    column: 'anlaegsnavn',
    direction: 'ASC',
  });
  const [type, setType] = useState('');
  const [jupiter, setJupiter] = useState('');
  const [afventer, setAfventer] = useState(false);
  const [udloebet, setUdloebet] = useState(false);

  const filteredColumns = useMemo(() => {
    const f: string[] = [];
    if (type) f.push(`primaerVirksomhedstype:${type}`);
    if (jupiter) f.push(`jupiterStatus:${jupiter}`);
    if (afventer) f.push('afventer:true');
    if (udloebet) f.push('udloebet:true');
    return f;
  }, [type, jupiter, afventer, udloebet]);

  const params: VandanlaegListeQuery = {
    kundeid: kundeId,
    start,
    take: LISTE_SIDE,
    sortByColumn: sort.column as VandanlaegListeQuery['sortByColumn'],
    sortDirection: sort.direction,
    filter: filter || undefined,
    filteredColumns,
  };
  const liste = useQuery({
    queryKey: [...vandanlaegKeys.liste, params],
    queryFn: ({ signal }) => http.call(hentVandanlaegListe, { query: params, signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled: kundeId > 0,
  });

  const open = useCallback(
    (row: VandanlaegListeRaekke, opts?: OpenOptions) => {
      const path = `/vandanlaeg/${row.id}/stamoplysninger`;
      if (opts?.beside) tile.openBeside(path);
      else tile.navigate(path);
    },
    [tile],
  );

  useTileCommands(kommandoer);

  const nulstil =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setStart(0);
    };

  return (
    <div className="va-liste" data-testid="liste-vandanlaeg">
      <DataTable<VandanlaegListeRaekke>
        {...tabel}
        ariaLabel="Vandanlæg"
        columns={columns}
        rows={liste.data?.items ?? EMPTY}
        totalCount={liste.data?.totalCount}
        getRowId={(r) => String(r.id)}
        filterPlaceholder="Søg på navn, anlægsnr., Jupiter-id eller adresse"
        {...tabelHentning(liste, listeFejlbesked)}
        onOpen={open}
        toolbar={
          <>
            <select
              className="input"
              aria-label="Primær type"
              value={type}
              onChange={(e) => nulstil(setType)(e.target.value)}
            >
              <option value="">Alle typer</option>
              {(typer.data ?? []).map((t) => (
                <option key={t.id} value={t.kode}>
                  {t.navn}
                </option>
              ))}
            </select>
            <select
              className="input"
              aria-label="Jupiter-status"
              value={jupiter}
              onChange={(e) => nulstil(setJupiter)(e.target.value)}
            >
              <option value="">Alle Jupiter-statusser</option>
              <option value="OK">OK</option>
              <option value="Fejl">Fejl</option>
              <option value="ingen">Ikke indberettet</option>
            </select>
            <label className="check">
              <input
                type="checkbox"
                checked={afventer}
                onChange={(e) => nulstil(setAfventer)(e.target.checked)}
              />
              Kun med afventende
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={udloebet}
                onChange={(e) => nulstil(setUdloebet)(e.target.checked)}
              />
              Tilladelse udløbet
            </label>
          </>
        }
      />
    </div>
  );
}

const EMPTY: VandanlaegListeRaekke[] = [];
