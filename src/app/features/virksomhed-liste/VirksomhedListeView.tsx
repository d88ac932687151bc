import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Building2, MapPin } from 'lucide-react';
import { useMemo, useState } from 'react';
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
import { useAabnRaekke, useListeSkaerm } from '../../records/useListeSkaerm';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { FilterAfkryds, FilterValg } from '../../ui/ListeFiltre';
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

/** The two ways to create a company or farm, each a modal taking the same props. */
const OPRET_MODALER = { cvr: OpretFraCvrModal, manuel: OpretManueltModal } as const;
const KATEGORIER = ['1a', '1b', '2', 'Ingen'] as const;

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
  const { user, ressourcer } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const kanOprette = ressourcer.has(entitet.skriveret);

  const columns = useMemo(() => listeKolonner(type), [type]);
  const { kommandoer, tabelAf, filtre, saetFilter, side } = useListeSkaerm(
    `${entitet.art}Liste`,
    columns,
    { column: 'navn', direction: 'ASC' },
    { kategori: '', kunAktive: false },
  );

  const params: VirksomhedListeQuery = {
    kundeId,
    virksomhedsType: type,
    ...side<VirksomhedListeQuery>([
      filtre.kategori && `kategori:${filtre.kategori}`,
      filtre.kunAktive && 'ophoert:false',
    ]),
  };
  const liste = useQuery({
    queryKey: ['virksomhed', 'list', params],
    queryFn: ({ signal }) => http.call(hentVirksomhedListe, { query: params, signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled: kundeId > 0,
  });

  const [opret, setOpret] = useState<keyof typeof OPRET_MODALER | null>(null);
  const OpretModal = opret ? OPRET_MODALER[opret] : null;

  const open = useAabnRaekke((row: VirksomhedListeItem) => detailPath(entitet, row.id));

  const commands = useMemo<TileCommand[]>(
    () => [
      ...kommandoer,
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
    [kommandoer, kanOprette, navnEntal],
  );
  useTileCommands(commands);

  const onCreated = (ids: number[]) => {
    setOpret(null);
    if (ids.length === 1) tile.navigate(detailPath(entitet, ids[0]!));
  };

  return (
    <div className="virksomhed-liste" data-testid={`liste-${base}`}>
      <DataTable<VirksomhedListeItem>
        {...tabelAf(liste, liste.data)}
        ariaLabel={entitet.titelFlertal}
        columns={columns}
        getRowId={(r) => String(r.id)}
        filterPlaceholder={
          entitet.harChrNr
            ? 'Søg på navn, CVR, P, CHR eller adresse'
            : 'Søg på navn, CVR, P-nummer eller adresse'
        }
        onOpen={open}
        toolbar={
          <>
            <FilterValg
              label="Kategori"
              value={filtre.kategori}
              onChange={saetFilter('kategori')}
              alle="Alle kategorier"
              valg={KATEGORIER.map((k) => [k, k === 'Ingen' ? 'Ingen kategori' : `Kategori ${k}`] as const)}
            />
            <FilterAfkryds
              tekst="Skjul ophørte"
              checked={filtre.kunAktive}
              onChange={saetFilter('kunAktive')}
            />
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
