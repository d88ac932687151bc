import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { tabelHentning } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { DataTable } from '../../ui/DataTable';
import { fejlbesked, valideringKey } from './api';
import type { KoeKonfig, KoePost } from './KoeView';

const INGEN: never[] = [];

/** Below the queue: the cursor row's details, and the approved or discarded history of its plant or intake. */
export function KoeHistorik<T extends KoePost>({
  konfig,
  cursor,
  visForkastede,
  onVisForkastede,
}: {
  konfig: KoeKonfig<T>;
  cursor: T | null;
  visForkastede: boolean;
  onVisForkastede(vis: boolean): void;
}) {
  const { endpoints } = konfig;
  const hist = cursor ? konfig.historik(cursor) : null;
  const historik = useQuery({
    queryKey: valideringKey(endpoints.art, visForkastede ? 'forkastede' : 'godkendte', hist?.id),
    queryFn: ({ signal }) =>
      http.call(visForkastede ? endpoints.forkastede : endpoints.godkendte, {
        params: { id: hist!.id },
        signal,
      }),
    enabled: hist !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <section className="vl-historik" aria-label="Historik">
      {cursor && konfig.detaljer?.(cursor)}
      <div className="vl-historik-hoved">
        <History size={14} aria-hidden />
        <fieldset className="vl-toggle">
          <legend className="visually-hidden">Vis</legend>
          <button type="button" aria-pressed={!visForkastede} onClick={() => onVisForkastede(false)}>
            Godkendte
          </button>
          <button type="button" aria-pressed={visForkastede} onClick={() => onVisForkastede(true)}>
            Forkastede
          </button>
        </fieldset>
        <span className="muted">{hist ? hist.titel : 'Vælg en post for at se historikken'}</span>
      </div>
      {hist && (
        <div className="vl-historik-tabel" data-testid={visForkastede ? 'forkastede' : 'godkendte'}>
          <DataTable<T>
            tableName={`${konfig.tableName}Historik`}
            ariaLabel={visForkastede ? 'Forkastede' : 'Godkendte'}
            columns={konfig.historikKolonner}
            rows={historik.data ?? INGEN}
            getRowId={(r) => String(r.id)}
            mode="memory"
            {...tabelHentning(historik, fejlbesked)}
          />
        </div>
      )}
    </section>
  );
}
