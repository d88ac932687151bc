import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Bookmark, ChartLine, Columns3, Download, Filter, Trash2, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { formatTal } from '../../../contract/format';
import {
  ANTAL,
  filterTekst,
  gaeldendeFiltre,
  hentRapport,
  hentRapportTidsserie,
  medFiltreretKolonne,
  type RapportDef,
  type RapportKolonne,
  type RapportRaekke,
  rapportCelleTekst,
} from '../../../contract/rapport';
import type { RapportFilter } from '../../../contract/rapport-filter';
import { rapportSti } from '../../../contract/rapport-sider';
import { RAPPORTER } from '../../../contract/rapporter';
import { harAdgang } from '../../../contract/roles';
import { fejlTekst, tabelHentning } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { useSaveBrugerSettings } from '../../session/settings-save';
import { useTableSettings } from '../../session/useTableSettings';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Dropdown, DropdownItem, DropdownText } from '../../ui/Dropdown';
import { KommandoKnap } from '../../ui/KommandoKnap';
import { TABEL_TEKST } from '../../ui/tabel-tekster';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { EksportModal } from './EksportModal';
import { FilterModal } from './FilterModal';
import { KolonneModal } from './KolonneModal';
import { laesTilstand, type RapportTilstand, rapportQuery, skrivTilstand, visteKolonner } from './tilstand';
import { VisningModal } from './VisningModal';
import { gemVisning, laesVisninger, rapportensVisninger, sletVisning, VISNINGER_NOEGLE } from './visninger';
import './rapport.css';

const SIDE = 50;

/** The chart (and uPlot with it) loads only when a time-series report shows it. */
const RapportGraf = lazy(() => import('./RapportGraf'));

/**
 * Every report page (/rapport/…, spec 001 §7): one view over the report's declaration
 * (src/contract/rapporter.ts). The whole view — columns, filters, sort, page — lives in the tile's
 * URL (./tilstand.ts), so a shared link opens the same report and one report can sit in two tiles
 * with different filters. Alt+F adds a filter, Alt+K chooses and orders the columns; a chosen
 * 'Antal' groups the rows by the other columns (counted in SQL).
 */
export default function RapportView({ route, search }: ViewProps) {
  const def = route.rapport ? RAPPORTER[route.rapport] : undefined;
  if (!def)
    return (
      <div className="ramme-message" role="alert">
        <h2>{route.title}</h2>
        <p className="muted">Denne rapport er endnu ikke bygget.</p>
      </div>
    );
  return <MedAdgang def={def} search={search ?? ''} />;
}

/**
 * The reports page is open to any of the three read rights, but a report needs its own (the company
 * and farm reports one of theirs, the water reports the water one): without it, the page says so
 * instead of asking the server for what it will refuse.
 */
function MedAdgang({ def, search }: { def: RapportDef; search: string }) {
  const { ressourcer } = useShellSession();
  if (!harAdgang(ressourcer, def.access))
    return (
      <div className="ramme-message" role="alert">
        <h2>{def.titel}</h2>
        <p className="muted">
          Rapporten kræver en af rettighederne {def.access.split('||').join(' eller ')}.
        </p>
      </div>
    );
  return <Rapport def={def} search={search} />;
}

function kolonneAf(def: RapportDef, navn: string): RapportKolonne | undefined {
  return navn === ANTAL.navn ? ANTAL : def.kolonner.find((k) => k.navn === navn);
}

const celle = (k: RapportKolonne, v: RapportRaekke[string] | undefined): string => rapportCelleTekst(k, v);

function Rapport({ def, search }: { def: RapportDef; search: string }) {
  const tile = useTile();
  const tilstand = useMemo(() => laesTilstand(def, search), [def, search]);
  const settings = useTableSettings(`rapport-${def.navn}`);
  // A standard filter the user replaced brings its column along (water data: which rows await validation).
  const kolonner = useMemo(
    () =>
      medFiltreretKolonne(def, visteKolonner(def, tilstand, settings.value?.visibleColumns), tilstand.filtre),
    [def, tilstand, settings.value],
  );
  /** The standard filters in force (not replaced by the user's): shown as chips the user may edit. */
  const standardFiltre = useMemo(
    () => gaeldendeFiltre(def, tilstand.filtre).filter((f) => !tilstand.filtre.includes(f)),
    [def, tilstand.filtre],
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
    (next: RapportTilstand) => tile.navigate(`${rapportSti(def.navn)}${skrivTilstand(next)}`),
    [tile, def.navn],
  );
  const tilstandRef = useRef(tilstand);
  tilstandRef.current = tilstand;

  const [filterDialog, setFilterDialog] = useState<{ redigeret: RapportFilter | null } | null>(null);
  const [kolonneDialog, setKolonneDialog] = useState(false);
  const [eksportDialog, setEksportDialog] = useState(false);
  const [visningDialog, setVisningDialog] = useState(false);
  const { brugerSettings } = useShellSession();
  const gemSettings = useSaveBrugerSettings();
  const alleVisninger = useMemo(
    () => laesVisninger(brugerSettings as Record<string, unknown> | null),
    [brugerSettings],
  );
  const visninger = useMemo(() => rapportensVisninger(alleVisninger, def.navn), [alleVisninger, def.navn]);
  const gemVisninger = useCallback(
    (naeste: ReturnType<typeof gemVisning>, besked: string) => {
      if (!brugerSettings) return;
      gemSettings({ ...brugerSettings, [VISNINGER_NOEGLE]: naeste }, { optimistic: true })
        .then(() => toast.success(besked))
        .catch(() => {
          // The HTTP client has told why; the settings are as they were.
        });
    },
    [brugerSettings, gemSettings],
  );
  const obligatoriske = useMemo(() => new Set((def.obligatoriskeFiltre ?? []).map((o) => o.property)), [def]);

  const kommandoer = useMemo(
    () =>
      ({
        filter: {
          id: 'rapport-tilfoej-filter',
          label: TABEL_TEKST.tilfoejFilter,
          shortcut: 'alt+f',
          keywords: ['filter', 'tilføj', 'rapport'],
          run: () => setFilterDialog({ redigeret: null }),
        },
        kolonner: {
          id: 'rapport-kolonner',
          label: TABEL_TEKST.vaelgKolonner,
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
        gemVisning: {
          id: 'rapport-gem-visning',
          label: 'Gem visning …',
          shortcut: 'alt+shift+s',
          keywords: ['gem', 'visning', 'favorit', 'filtre'],
          run: () => setVisningDialog(true),
        },
        graf: {
          id: 'rapport-graf',
          label: tilstand.skjulGraf ? 'Vis graf' : 'Skjul graf',
          shortcut: 'alt+g',
          keywords: ['graf', 'tidsserie', 'kurve', 'chart'],
          disabled: !def.tidsserie,
          run: () => {
            const t = tilstandRef.current;
            saet({ ...t, skjulGraf: !t.skjulGraf });
          },
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
    [tilstand.filtre, tilstand.skjulGraf, saet, obligatoriske, def.tidsserie],
  );
  useTileCommands(
    useMemo(
      () => [
        ...Object.values(kommandoer).filter((k) => k.id !== 'rapport-graf' || def.tidsserie),
        // Each saved view is a command too: the palette finds it by name.
        ...visninger.map((v) => ({
          id: `rapport-visning-${v.navn}`,
          label: `Visning: ${v.navn}`,
          keywords: ['visning', 'gemt', def.titel.toLowerCase()],
          run: () => tile.navigate(`${rapportSti(def.navn)}${v.soeg}`),
        })),
      ],
      [kommandoer, def, visninger, tile],
    ),
  );
  const visGraf = def.tidsserie !== undefined && !tilstand.skjulGraf;
  const graf = useQuery({
    queryKey: ['rapport', def.navn, 'tidsserie', query.filter],
    queryFn: ({ signal }) =>
      http.call(hentRapportTidsserie, {
        params: { reportType: def.navn },
        query: { filter: query.filter ?? '' },
        signal,
        silent: true,
      }),
    enabled: visGraf,
    placeholderData: keepPreviousData,
  });

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
  // A standard filter filters too (approved water data only): an empty result is 'Ingen resultater'.
  const filtreret = tilstand.filtre.length > 0 || standardFiltre.length > 0;
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
        {standardFiltre.map((f) => (
          <span key={`standard-${f.property}`} className="rapport-chip standard">
            <button
              type="button"
              className="rapport-chip-tekst"
              title={def.standardFiltre?.find((s) => s.property === f.property)?.forklaring}
              onClick={() => setFilterDialog({ redigeret: f })}
            >
              {filterTekst(def, f)} (standard)
            </button>
          </span>
        ))}
        <KommandoKnap size="small" color="secondary" kommando={kommandoer.filter}>
          <Filter size={13} aria-hidden="true" /> {TABEL_TEKST.tilfoejFilter}
        </KommandoKnap>
        <KommandoKnap size="small" color="secondary" kommando={kommandoer.kolonner}>
          <Columns3 size={13} aria-hidden="true" /> {TABEL_TEKST.vaelgKolonner}
        </KommandoKnap>
        {def.tidsserie && (
          <KommandoKnap size="small" color="secondary" kommando={kommandoer.graf}>
            <ChartLine size={13} aria-hidden="true" /> {kommandoer.graf.label}
          </KommandoKnap>
        )}
        <KommandoKnap size="small" color="secondary" kommando={kommandoer.eksport}>
          <Download size={13} aria-hidden="true" /> Eksportér
        </KommandoKnap>
        <Dropdown
          label={
            <>
              <Bookmark size={13} aria-hidden="true" /> Visninger
            </>
          }
          buttonClassName="button secondary size-small"
          popupLabel="Gemte visninger"
          testId="rapport-visninger"
        >
          {visninger.length === 0 && <DropdownText>Ingen gemte visninger af denne rapport.</DropdownText>}
          {visninger.map((v) => (
            <DropdownItem key={v.navn} onSelect={() => tile.navigate(`${rapportSti(def.navn)}${v.soeg}`)}>
              {v.navn}
            </DropdownItem>
          ))}
          {visninger.map((v) => (
            <DropdownItem
              key={`slet-${v.navn}`}
              title={`Slet visningen '${v.navn}'`}
              onSelect={() =>
                gemVisninger(sletVisning(alleVisninger, def.navn, v.navn), `Visningen '${v.navn}' er slettet`)
              }
            >
              <Trash2 size={12} aria-hidden="true" /> Slet '{v.navn}'
            </DropdownItem>
          ))}
          <DropdownItem onSelect={() => setVisningDialog(true)}>
            {medGenvej(kommandoer.gemVisning.label, kommandoer.gemVisning.shortcut)}
          </DropdownItem>
        </Dropdown>
        {svar.data && (
          <span className="rapport-antal muted" aria-live="polite">
            {kolonner.includes(ANTAL.navn)
              ? `${formatTal(svar.data.totalCount)} grupper`
              : `${formatTal(svar.data.totalCount)} rækker`}
          </span>
        )}
      </div>
      <div className={visGraf ? 'rapport-indhold med-graf' : 'rapport-indhold'}>
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
            query.sortByColumn
              ? { column: query.sortByColumn, direction: query.sortDirection ?? 'ASC' }
              : null
          }
          onSortChange={(s) => saet({ ...tilstand, sort: s.column, retning: s.direction, start: 0 })}
          emptyText={filtreret ? 'Ingen resultater' : 'Listen er tom'}
          {...tabelHentning(svar, () => (besked ? String(besked) : true))}
        />
        {visGraf && (
          <Suspense fallback={<p className="muted">Indlæser graf …</p>}>
            {graf.isError ? (
              <p className="form-alert" role="alert">
                Grafen kunne ikke hentes: {fejlTekst(graf.error)}
              </p>
            ) : graf.data ? (
              <RapportGraf def={def} punkter={graf.data.punkter} />
            ) : (
              <p className="muted">Henter graf …</p>
            )}
          </Suspense>
        )}
      </div>
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
      {visningDialog && (
        <VisningModal
          brugte={visninger.map((v) => v.navn)}
          onClose={() => setVisningDialog(false)}
          onGem={(navn) => {
            setVisningDialog(false);
            // The view as the link holds it, with the columns shown (saved or default) made explicit.
            const soeg = skrivTilstand({ ...tilstand, kolonner, start: 0 });
            gemVisninger(
              gemVisning(alleVisninger, { rapport: def.navn, navn, soeg }),
              `Visningen '${navn}' er gemt`,
            );
          }}
        />
      )}
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
