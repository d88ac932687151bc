import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  hentVandanlaegListe,
  type VandanlaegListeQuery,
  type VandanlaegListeRaekke,
  vandLookupSti,
} from '../../../contract/vandanlaeg';
import { useAabnRaekke, useListeSkaerm } from '../../records/useListeSkaerm';
import { useLookup } from '../../session/lookups';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { DataTable } from '../../ui/DataTable';
import { FilterAfkryds, FilterValg } from '../../ui/ListeFiltre';
import { useTileCommands, useTileTitle, type ViewProps } from '../../workspace/tile-api';
import { vandanlaegKeys } from './api';
import { vandanlaegKolonner } from './liste-kolonner';
import './vandanlaeg.css';

/**
 * /vandanlaeg: the customer's water plants on the list stack (server paging, sort, text and column
 * filters; the columns shown are the table's settings). Enter opens a plant, Ctrl/Cmd+Enter beside.
 */
export default function ListeView(_props: ViewProps) {
  useTileTitle('Vandanlæg');
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const typer = useLookup(vandLookupSti('jupitervirksomhedstype'));
  const typeNavn = useCallback(
    (kode: string | null) => (kode ? (typer.data?.find((t) => t.kode === kode)?.navn ?? kode) : null),
    [typer.data],
  );

  const columns = useMemo(() => vandanlaegKolonner(typeNavn), [typeNavn]);
  const { kommandoer, tabelAf, filtre, saetFilter, side } = useListeSkaerm(
    'vandanlaegListe',
    columns,
    { column: 'anlaegsnavn', direction: 'ASC' },
    { type: '', jupiter: '', afventer: false, udloebet: false },
  );

  const params: VandanlaegListeQuery = {
    kundeid: kundeId,
    ...side<VandanlaegListeQuery>([
      filtre.type && `primaerVirksomhedstype:${filtre.type}`,
      filtre.jupiter && `jupiterStatus:${filtre.jupiter}`,
      filtre.afventer && 'afventer:true',
      filtre.udloebet && 'udloebet:true',
    ]),
  };
  const liste = useQuery({
    queryKey: [...vandanlaegKeys.liste, params],
    queryFn: ({ signal }) => http.call(hentVandanlaegListe, { query: params, signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled: kundeId > 0,
  });

  const open = useAabnRaekke((row: VandanlaegListeRaekke) => `/vandanlaeg/${row.id}/stamoplysninger`);

  useTileCommands(kommandoer);

  return (
    <div className="va-liste" data-testid="liste-vandanlaeg">
      <DataTable<VandanlaegListeRaekke>
        {...tabelAf(liste, liste.data)}
        ariaLabel="Vandanlæg"
        columns={columns}
        getRowId={(r) => String(r.id)}
        filterPlaceholder="Søg på navn, anlægsnr., Jupiter-id eller adresse"
        onOpen={open}
        toolbar={
          <>
            <FilterValg
              label="Primær type"
              value={filtre.type}
              onChange={saetFilter('type')}
              alle="Alle typer"
              valg={(typer.data ?? []).map((t) => [t.kode, t.navn] as const)}
            />
            <FilterValg
              label="Jupiter-status"
              value={filtre.jupiter}
              onChange={saetFilter('jupiter')}
              alle="Alle Jupiter-statusser"
              valg={['OK', 'Fejl', ['ingen', 'Ikke indberettet']]}
            />
            <FilterAfkryds
              tekst="Kun med afventende"
              checked={filtre.afventer}
              onChange={saetFilter('afventer')}
            />
            <FilterAfkryds
              tekst="Tilladelse udløbet"
              checked={filtre.udloebet}
              onChange={saetFilter('udloebet')}
            />
          </>
        }
      />
    </div>
  );
}
