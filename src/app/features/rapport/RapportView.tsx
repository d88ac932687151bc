import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Columns3, Download, Filter, X } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { formatDato, formatTal } from '../../../contract/format';
import {
  ANTAL,
  filterTekst,
  hentRapport,
  type RapportDef,
  type RapportKolonne,
  type RapportNavn,
  type RapportRaekke,
} from '../../../contract/rapport';
import type { RapportFilter } from '../../../contract/rapport-filter';
import { RAPPORTER } from '../../../contract/rapporter';
import { fejlTekst, tabelHentning } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { useTableSettings } from '../../shell/useTableSettings';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { KommandoKnap } from '../../ui/KommandoKnap';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { EksportModal } from './EksportModal';
import { FilterModal } from './FilterModal';
import { KolonneModal } from './KolonneModal';
import { laesTilstand, type RapportTilstand, rapportQuery, skrivTilstand, visteKolonner } from './tilstand';
import './rapport.css';

const SIDE = 50;

/**
 * Every report page (/rapport/…, spec 001 §7): one view over the report's declaration
 * (src/contract/rapporter.ts). The whole view — columns, filters, sort, page — lives in the tile's
 * URL (./tilstand.ts), so a shared link opens the same report and one report can sit in two tiles
 * with different filters. Alt+F adds a filter, Alt+K chooses and orders the columns; a chosen
 * 'Antal' groups the rows by the other columns (counted in SQL).
 */
export default function RapportView({ route, search }: ViewProps) {
  const navn = route.name.replace(/^rapport-/, '') as RapportNavn;
  const def = RAPPORTER[navn];
  if (!def)
    return (
      <div className="ramme-message" role="alert">
        <h2>{route.title}</h2>
        <p className="muted">Denne rapport er endnu ikke bygget.</p>
      </div>
    );
  return <Rapport def={def} search={search ?? ''} />;
}

function kolonneAf(def: RapportDef, navn: string): RapportKolonne | undefined {
  return navn === ANTAL.navn ? ANTAL : def.kolonner.find((k) => k.navn === navn);
}

function celle(k: RapportKolonne, v: RapportRaekke[string] | undefined): string {
  if (v === null || v === undefined) return '';
  if (k.type === 'dato') return formatDato(String(v));
  if (k.type === 'tal') return formatTal(Number(v));
  if (k.type === 'bool') return v === true ? 'Ja' : 'Nej';
  return String(v);
}

function Rapport({ def, search }: { def: RapportDef; search: string }) {
  const tile = useTile();
  const tilstand = useMemo(() => laesTilstand(def, search), [def, search]);
  const settings = useTableSettings(`rapport-${def.navn}`);
  const kolonner = useMemo(
    () => visteKolonner(def, tilstand, settings.value?.visibleColumns),
    [def, tilstand, settings.value],
  );
  const query = useMemo(() => rapportQuery(def, tilstand, kolonner, SIDE), [def, tilstand, kolonner]);
  const svar = useQuery({
    queryKey: ['rapport', def.navn, query],
    queryFn: ({ signal }) =>
      http.call(hentRapport, { params: { reportType: def.navn }, query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });

  /** Every change of the view goes to the tile's URL (Back undoes it). */
  const saet = useCallback(
    (next: RapportTilstand) => tile.navigate(`/rapport/${def.navn}${skrivTilstand(next)}`),
    [tile, def.navn],
  );
  const tilstandRef = useRef(tilstand);
  tilstandRef.current = tilstand;

  const [filterDialog, setFilterDialog] = useState<{ redigeret: RapportFilter | null } | null>(null);
  const [kolonneDialog, setKolonneDialog] = useState(false);
  const [eksportDialog, setEksportDialog] = useState(false);
  const obligatoriske = useMemo(() => new Set((def.obligatoriskeFiltre ?? []).map((o) => o.property)), [def]);

  const kommandoer = useMemo(
    () =>
      ({
        filter: {
          id: 'rapport-tilfoej-filter',
          label: 'Add filter',
          shortcut: 'alt+f',
          keywords: ['filter', 'tilføj', 'rapport'],
          run: () => setFilterDialog({ redigeret: null }),
        },
        kolonner: {
          id: 'rapport-kolonner',
          label: 'Select columns',
          shortcut: 'alt+k',
          keywords: ['kolonner', 'vælg', 'rækkefølge', 'reorder'],
          run: () => setKolonneDialog(true),
        },
        eksport: {
          id: 'rapport-eksporter',
          label: 'Eksportér (CSV eller XLSX)',
          shortcut: 'alt+e',
          keywords: ['eksport', 'excel', 'xlsx', 'csv', 'download', 'hent'],
          run: () => setEksportDialog(true),
        },
        nulstil: {
          id: 'rapport-nulstil-filtre',
          label: 'Remove filters',
          shortcut: 'alt+shift+f',
          keywords: ['fjern', 'filtre', 'nulstil'],
          disabled: tilstand.filtre.every((f) => obligatoriske.has(f.property)),
          run: () => {
            const t = tilstandRef.current;
            saet({ ...t, filtre: t.filtre.filter((f) => obligatoriske.has(f.property)), start: 0 });
          },
        },
      }) satisfies Record<string, TileCommand>,
    [tilstand.filtre, saet, obligatoriske],
  );
  useTileCommands(useMemo(() => Object.values(kommandoer), [kommandoer]));

  const columns = useMemo<DataTableColumn<RapportRaekke>[]>(
    () =>
      kolonner
        .map((n) => kolonneAf(def, n))
        .filter((k): k is RapportKolonne => !!k)
        .map((k) => ({
          id: k.navn,
          header: k.label,
          accessor: (r: RapportRaekke) => r[k.navn] ?? null,
          cell: (r: RapportRaekke) => celle(k, r[k.navn]),
          sortable: k.sorterbar !== false,
          hideable: false,
          align: k.type === 'tal' ? ('right' as const) : undefined,
        })),
    [def, kolonner],
  );

  const fjernFilter = (f: RapportFilter) =>
    saet({ ...tilstand, filtre: tilstand.filtre.filter((x) => x !== f), start: 0 });
  const filtreret = tilstand.filtre.length > 0;
  const rows = svar.data?.items ?? [];
  // Rows have no id of their own (grouped rows least of all): their place in the result is theirs.
  const medId = useMemo(
    () => rows.map((r, i) => ({ r, id: String(tilstand.start + i) })),
    [rows, tilstand.start],
  );
  const idAf = useMemo(() => new Map(medId.map((x) => [x.r, x.id])), [medId]);

  let besked: ReactNode = null;
  if (svar.isError) besked = fejlTekst(svar.error);

  return (
    <div className="rapport">
      <div className="rapport-filtre" role="toolbar" aria-label="Filtre">
        {tilstand.filtre.map((f) => (
          <span key={f.property} className="rapport-chip">
            <button
              type="button"
              className="rapport-chip-tekst"
              title="Edit filter"
              onClick={() => setFilterDialog({ redigeret: f })}
              onKeyDown={(e) => {
                if ((e.key === 'Delete' || e.key === 'Backspace') && !obligatoriske.has(f.property)) {
                  e.preventDefault();
                  fjernFilter(f);
                }
              }}
            >
              {filterTekst(def, f)}
            </button>
            {!obligatoriske.has(f.property) && (
              <button
                type="button"
                className="rapport-chip-fjern"
                aria-label={`Remove filter: ${filterTekst(def, f)}`}
                title="Remove filter"
                onClick={() => fjernFilter(f)}
              >
                <X size={12} aria-hidden="true" />
              </button>
            )}
          </span>
        ))}
        <KommandoKnap size="small" color="secondary" kommando={kommandoer.filter}>
          <Filter size={13} aria-hidden="true" /> Add filter
        </KommandoKnap>
        <KommandoKnap size="small" color="secondary" kommando={kommandoer.kolonner}>
          <Columns3 size={13} aria-hidden="true" /> Select columns
        </KommandoKnap>
        <KommandoKnap size="small" color="secondary" kommando={kommandoer.eksport}>
          <Download size={13} aria-hidden="true" /> Eksportér
        </KommandoKnap>
        {svar.data && (
          <span className="rapport-antal muted" aria-live="polite">
            {kolonner.includes(ANTAL.navn)
              ? `${formatTal(svar.data.totalCount)} grupper`
              : `${formatTal(svar.data.totalCount)} rækker`}
          </span>
        )}
      </div>
      <DataTable<RapportRaekke>
        tableName={`rapport-${def.navn}`}
        ariaLabel={def.titel}
        columns={columns}
        rows={rows}
        getRowId={(r) => idAf.get(r) ?? ''}
        mode="server"
        filterInput={false}
        totalCount={svar.data?.totalCount ?? 0}
        page={{ start: tilstand.start, take: SIDE }}
        onPageChange={(start) => saet({ ...tilstand, start })}
        sort={
          query.sortByColumn ? { column: query.sortByColumn, direction: query.sortDirection ?? 'ASC' } : null
        }
        onSortChange={(s) => saet({ ...tilstand, sort: s.column, retning: s.direction, start: 0 })}
        emptyText={filtreret ? 'Ingen resultater' : 'Listen er tom'}
        {...tabelHentning(svar, () => (besked ? String(besked) : true))}
      />
      {filterDialog && (
        <FilterModal
          def={def}
          aktive={tilstand.filtre.map((f) => f.property)}
          redigeret={filterDialog.redigeret}
          onClose={() => setFilterDialog(null)}
          onGem={(f) => {
            setFilterDialog(null);
            const andre = tilstand.filtre.filter((x) => x.property !== f.property);
            saet({ ...tilstand, filtre: [...andre, f], start: 0 });
          }}
        />
      )}
      {eksportDialog && <EksportModal def={def} query={query} onClose={() => setEksportDialog(false)} />}
      {kolonneDialog && (
        <KolonneModal
          def={def}
          valgte={kolonner}
          onClose={() => setKolonneDialog(false)}
          onGem={(valgte) => {
            setKolonneDialog(false);
            settings.onChange({
              ...(settings.value ?? { tableName: `rapport-${def.navn}` }),
              visibleColumns: valgte,
            });
            saet({ ...tilstand, kolonner: valgte, start: 0 });
          }}
        />
      )}
    </div>
  );
}
