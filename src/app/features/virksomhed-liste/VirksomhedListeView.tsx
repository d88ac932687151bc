import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Building2, MapPin } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  detailPath,
  ENTITETER,
  type VirksomhedEllerLandbrug,
  virksomhedEllerLandbrug,
} from '../../../contract/entitet';
import {
  hentVirksomhedListe,
  type VirksomhedListeItem,
  type VirksomhedListeQuery,
} from '../../../contract/virksomhed-liste';
import { INGEN_FORBINDELSE, serverTekst, tabelHentning, udenSvar } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { useSession } from '../../session/useSession';
import { useTableSettings } from '../../shell/useTableSettings';
import { Button } from '../../ui/Button';
import { DataTable, type OpenOptions, savedSort, type TableSort } from '../../ui/DataTable';
import {
  type TileCommand,
  useTile,
  useTileCommands,
  useTileTitle,
  type ViewProps,
} from '../../workspace/tile-api';
import { listeKolonner } from './kolonner';
import { OpretFraCvrModal } from './OpretFraCvrModal';
import { OpretManueltModal } from './OpretManueltModal';
import './virksomhed-liste.css';

const PAGE_SIZE = 50;
/** The two ways to create a company or farm, each a modal taking the same props. */
const OPRET_MODALER = { cvr: OpretFraCvrModal, manuel: OpretManueltModal } as const;
const KATEGORIER = ['1a', '1b', '2', 'Ingen'] as const;

/** The message a failed list call carries, for the table's red row. */
function fejlbesked(err: unknown): string | true {
  if (udenSvar(err)) return INGEN_FORBINDELSE;
  return serverTekst(err, ['message', 'title']) ?? true;
}

/**
 * /virksomheder and /landbrug: the customer's companies or farms in a server-side table (paging,
 * sort and text filter on the server). Enter opens the row in this tile, Ctrl/Cmd+Enter beside it.
 * Case workers create new ones from CVR or by hand from an address.
 */
export default function VirksomhedListeView({ route }: ViewProps) {
  // The route table names the entity kind of the list (/virksomheder or /landbrug).
  const entitet = virksomhedEllerLandbrug(ENTITETER[route.entitet ?? 'virksomhed'].type ?? 1);
  const type = entitet.type as VirksomhedEllerLandbrug;
  const base = entitet.sti.slice(1);
  const navnEntal = entitet.ordEntal;
  useTileTitle(entitet.titelFlertal);
  const tile = useTile();
  const { user, ressourcer } = useSession();
  const kundeId = user?.customerId ?? 0;
  const kanOprette = ressourcer.has(entitet.skriveret);

  const tableName = `${entitet.art}Liste`;
  const settings = useTableSettings(tableName);
  const columns = useMemo(() => listeKolonner(type), [type]);
  const [sort, setSort] = useState<TableSort>(
    () => savedSort(settings.value, columns, null) ?? { column: 'navn', direction: 'ASC' },
  );
  const [filter, setFilter] = useState('');
  const [start, setStart] = useState(0);
  const [kategori, setKategori] = useState('');
  const [kunAktive, setKunAktive] = useState(false);

  const filteredColumns = useMemo(() => {
    const f: string[] = [];
    if (kategori) f.push(`kategori:${kategori}`);
    if (kunAktive) f.push('ophoert:false');
    return f;
  }, [kategori, kunAktive]);

  const params: VirksomhedListeQuery = {
    kundeId,
    virksomhedsType: type,
    start,
    take: PAGE_SIZE,
    sortByColumn: sort.column as VirksomhedListeQuery['sortByColumn'],
    sortDirection: sort.direction,
    filter: filter || undefined,
    filteredColumns,
  };
  const liste = useQuery({
    queryKey: ['virksomhed', 'list', params],
    queryFn: ({ signal }) => http.call(hentVirksomhedListe, { query: params, signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled: kundeId > 0,
  });

  const filterRef = useRef<HTMLInputElement>(null);
  // The table's rows are the tile's primary focus target (the DataTable marks them), so arrows work
  // as soon as the tile gets focus.
  const gridRef = useRef<HTMLTableElement>(null);
  const [opret, setOpret] = useState<keyof typeof OPRET_MODALER | null>(null);
  const OpretModal = opret ? OPRET_MODALER[opret] : null;

  const open = useCallback(
    (row: VirksomhedListeItem, opts?: OpenOptions) => {
      const path = detailPath(entitet, row.id);
      if (opts?.beside) tile.openBeside(path);
      else tile.navigate(path);
    },
    [entitet, tile],
  );

  const commands = useMemo<TileCommand[]>(
    () => [
      {
        id: 'soeg-i-listen',
        label: 'Søg i listen',
        shortcut: '/',
        keywords: ['filter', 'find'],
        run: () => {
          filterRef.current?.focus();
          filterRef.current?.select();
        },
      },
      {
        id: 'gaa-til-listen',
        label: 'Gå til listen',
        shortcut: 'alt+l',
        run: () => gridRef.current?.focus(),
      },
      {
        id: 'opret-fra-cvr',
        label: `Opret ${navnEntal} fra CVR`,
        shortcut: 'alt+n',
        keywords: ['ny', 'cvr', 'p-nummer'],
        disabled: !kanOprette,
        run: () => setOpret('cvr'),
      },
      {
        id: 'opret-manuelt',
        label: `Opret ${navnEntal} manuelt`,
        shortcut: 'alt+shift+n',
        keywords: ['ny', 'adresse', 'dawa'],
        disabled: !kanOprette,
        run: () => setOpret('manuel'),
      },
    ],
    [kanOprette, navnEntal],
  );
  useTileCommands(commands);

  const onCreated = (ids: number[]) => {
    setOpret(null);
    if (ids.length === 1) tile.navigate(detailPath(entitet, ids[0]!));
  };

  return (
    <div className="virksomhed-liste" data-testid={`liste-${base}`}>
      <DataTable<VirksomhedListeItem>
        tableName={tableName}
        ariaLabel={entitet.titelFlertal}
        mode="server"
        columns={columns}
        rows={liste.data?.items ?? EMPTY}
        totalCount={liste.data?.totalCount}
        getRowId={(r) => String(r.id)}
        page={{ start, take: PAGE_SIZE }}
        onPageChange={setStart}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          setStart(0);
        }}
        onFilterChange={(text) => {
          setFilter(text);
          setStart(0);
        }}
        filterPlaceholder={
          entitet.harChrNr
            ? 'Søg på navn, CVR, P, CHR eller adresse'
            : 'Søg på navn, CVR, P-nummer eller adresse'
        }
        {...tabelHentning(liste, fejlbesked)}
        onOpen={open}
        settings={settings}
        filterRef={filterRef}
        gridRef={gridRef}
        toolbar={
          <>
            <select
              className="input"
              aria-label="Kategori"
              value={kategori}
              onChange={(e) => {
                setKategori(e.target.value);
                setStart(0);
              }}
            >
              <option value="">Alle kategorier</option>
              {KATEGORIER.map((k) => (
                <option key={k} value={k}>
                  {k === 'Ingen' ? 'Ingen kategori' : `Kategori ${k}`}
                </option>
              ))}
            </select>
            <label className="check">
              <input
                type="checkbox"
                checked={kunAktive}
                onChange={(e) => {
                  setKunAktive(e.target.checked);
                  setStart(0);
                }}
              />
              Skjul ophørte
            </label>
            {kanOprette && (
              <>
                <Button size="small" onClick={() => setOpret('cvr')} title="Alt+N">
                  <Building2 size={14} aria-hidden="true" /> Opret fra CVR
                </Button>
                <Button size="small" color="secondary" onClick={() => setOpret('manuel')} title="Alt+Shift+N">
                  <MapPin size={14} aria-hidden="true" /> Opret manuelt
                </Button>
              </>
            )}
          </>
        }
      />
      {OpretModal && user && (
        <OpretModal
          type={type}
          kommuneId={Number(user.municipalityNumber)}
          opretterId={Number(user.userId)}
          onClose={() => setOpret(null)}
          onCreated={onCreated}
        />
      )}
    </div>
  );
}

const EMPTY: VirksomhedListeItem[] = [];
