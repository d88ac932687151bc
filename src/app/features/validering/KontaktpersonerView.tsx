import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { hentKontaktpersoner, type KontaktpersonRaekke } from '../../../contract/validering';
import { tabelHentning } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { useSession } from '../../session/useSession';
import { useTableSettings } from '../../session/useTableSettings';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useTile, type ViewProps } from '../../workspace/tile-api';
import { fejlbesked } from './api';
import './validering.css';

const INGEN: KontaktpersonRaekke[] = [];

const KOLONNER: DataTableColumn<KontaktpersonRaekke>[] = [
  { id: 'navn', header: 'Navn', accessor: (r) => r.navn },
  { id: 'email', header: 'E-mail', accessor: (r) => r.email },
  { id: 'telefon', header: 'Telefon', accessor: (r) => r.telefon },
  { id: 'jupiterId', header: 'Jupiter-id', accessor: (r) => r.jupiterKontaktpersonId },
  {
    id: 'anlaeg',
    header: 'Vandanlæg',
    accessor: (r) => r.roller.map((x) => x.anlaegsnavn).join(', '),
    sortable: false,
  },
  { id: 'antalRoller', header: 'Antal roller', accessor: (r) => r.antalRoller, align: 'right' },
];

/**
 * /validering/kontaktpersoner/:jupiterkontaktpersonid?/:kontaktpersonnavn?: the water plants'
 * contact persons from Jupiter; Enter on a person selects it (the route's optional params) and shows
 * the person's plants and roles below.
 */
export default function KontaktpersonerView({ params }: ViewProps) {
  const tile = useTile();
  const { user } = useSession();
  const kundeId = user?.customerId ?? 0;
  const settings = useTableSettings('valideringKontaktpersoner');
  const [filter, setFilter] = useState('');
  const valgtId = params.jupiterkontaktpersonid ?? null;

  const liste = useQuery({
    queryKey: ['validering', 'kontaktpersoner', kundeId, filter],
    queryFn: ({ signal }) =>
      http.call(hentKontaktpersoner, {
        params: { kundeId },
        signal,
        query: { filter: filter || undefined, take: 10_000 },
      }),
    enabled: kundeId > 0,
    placeholderData: keepPreviousData,
  });
  const valgt = useQuery({
    queryKey: ['validering', 'kontaktperson', kundeId, valgtId],
    queryFn: ({ signal }) =>
      http.call(hentKontaktpersoner, {
        params: { kundeId },
        signal,
        query: { filter: valgtId ?? '' },
      }),
    enabled: kundeId > 0 && valgtId !== null,
    select: (s) => s.items.find((p) => p.jupiterKontaktpersonId === valgtId) ?? null,
  });

  const valgtSet = useMemo(() => new Set(valgtId ? [valgtId] : []), [valgtId]);
  const gridRef = useRef<HTMLTableElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list has loaded
  useEffect(() => {
    if (tile.focused && gridRef.current && document.activeElement?.classList.contains('tile'))
      gridRef.current.focus();
  }, [tile.focused, liste.isSuccess]);

  const p = valgt.data;
  return (
    <div className="vl-side" data-testid="validering-kontaktpersoner">
      <div className="vl-tabel">
        <DataTable<KontaktpersonRaekke>
          tableName="valideringKontaktpersoner"
          ariaLabel="Kontaktpersoner"
          columns={KOLONNER}
          rows={liste.data?.items ?? INGEN}
          getRowId={(r) => r.jupiterKontaktpersonId}
          mode="memory"
          onFilterChange={setFilter}
          filterPlaceholder="Filtrér på navn, e-mail, vandanlæg eller Jupiter-id"
          {...tabelHentning(liste, fejlbesked)}
          selectionMode="single"
          selected={valgtSet}
          onSelectionChange={(ids) => {
            const id = [...ids][0];
            const r = liste.data?.items.find((x) => x.jupiterKontaktpersonId === id);
            tile.navigate(
              r
                ? `/validering/kontaktpersoner/${r.jupiterKontaktpersonId}/${encodeURIComponent(r.navn)}`
                : '/validering/kontaktpersoner',
            );
          }}
          onOpen={(r, o) =>
            o?.beside
              ? r.roller[0] && tile.openBeside(`/vandanlaeg/${r.roller[0].vandanlaegId}/stamoplysninger`)
              : tile.navigate(
                  `/validering/kontaktpersoner/${r.jupiterKontaktpersonId}/${encodeURIComponent(r.navn)}`,
                )
          }
          settings={settings}
          gridRef={gridRef}
        />
      </div>
      {valgtId && (
        <section className="vl-detalje" aria-label="Valgt kontaktperson" data-testid="kontaktperson-detalje">
          {valgt.isLoading ? (
            <p className="muted">Indlæser …</p>
          ) : p ? (
            <>
              <h3>{p.navn}</h3>
              <dl>
                <dt>Jupiter-id</dt>
                <dd>{p.jupiterKontaktpersonId}</dd>
                <dt>E-mail</dt>
                <dd>{p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : '–'}</dd>
                <dt>Telefon</dt>
                <dd>{p.telefon ?? '–'}</dd>
              </dl>
              <ul>
                {p.roller.map((r) => (
                  <li key={r.kontaktpersonId}>
                    {r.rolle ?? 'Kontaktperson'} for{' '}
                    <button
                      type="button"
                      className="vl-link"
                      onClick={() => tile.openBeside(`/vandanlaeg/${r.vandanlaegId}/stamoplysninger`)}
                    >
                      {r.anlaegsnavn}
                    </button>
                    {r.anlaegsadresse ? <span className="muted"> · {r.anlaegsadresse}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="muted">
              Kontaktpersonen {params.kontaktpersonnavn ? `'${params.kontaktpersonnavn}' ` : ''}med Jupiter-id{' '}
              {valgtId} blev ikke fundet.
            </p>
          )}
        </section>
      )}
    </div>
  );
}
