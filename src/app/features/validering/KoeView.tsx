import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Check, ExternalLink, FlaskConical, History, RefreshCw, Undo2, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  alleredeBehandletTekst,
  createGodkendForkastMachine,
  type Handling,
} from '../../../../machines/godkend-forkast';
import { koeNoegle } from '../../../contract/naervaer';
import {
  type BeslutningSvarMedVersioner,
  FORTRYD_VINDUE_MINUTTER,
  fortrydBeslutning,
  type KoeEndpoints,
  type MedianResultat,
  type ValideringArt,
} from '../../../contract/validering';
import { tabelHentning } from '../../lib/http-fejl';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import { vandanlaegStiForPost } from '../../lib/vand-fokus';
import { type Anden, useEgenNaervaer, useNaervaer } from '../../session/naervaer';
import { http } from '../../session/runtime';
import { useSession } from '../../session/useSession';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands } from '../../workspace/tile-api';
import { fejlbesked, medDanskFejl, useValideringHaendelser, valideringKey } from './api';
import { flertal, tal } from './format';
import './validering.css';

/** What every queue entry has. */
export interface KoePost {
  id: number;
  version: number;
  vandanlaegId: number;
  anlaegsnavn: string;
}

export interface KoeKonfig<T extends KoePost> {
  /** The queue's endpoints (src/contract/validering.ts KOE_ENDPOINTS); no median test without one. */
  endpoints: KoeEndpoints<T>;
  titel: string;
  tableName: string;
  kolonner: DataTableColumn<T>[];
  /** The series the history panel shows for the cursor row: the plant's or intake's id, and a title. */
  historik(row: T): { id: number; titel: string };
  /** Columns of the history panel. */
  historikKolonner: DataTableColumn<T>[];
  /** The plant's tab 'Åbn vandanlægget ved siden af' opens (/vandanlaeg/{id}/{anlaegFane}). */
  anlaegFane: string;
  enhed: { ental: string; flertal: string };
  /** Extra details of the cursor row (e.g. a sample's analyses), shown above the history. */
  detaljer?(row: T): ReactNode;
}

const SIDE = 1000;
/** The plant's tab, with the entry (intake, period) left for the tab to select (src/app/lib/vand-fokus.ts). */
const anlaegSti = (k: KoeKonfig<KoePost>, row: KoePost) => vandanlaegStiForPost(k.anlaegFane, row);
const INGEN: never[] = [];
/** The undo toast stays a little longer than the default 5 s, to be reached for; Ctrl+Z works after it. */
const FORTRYD_TOAST_MS = 10_000;
const FORTRYD_TAST = 'mod+z';

/** Takes decided entries out of the cached queue at once, so the table never shows them as pending. */
function fjernFraKoe(qc: QueryClient, art: ValideringArt, ids: ReadonlySet<number>) {
  qc.setQueriesData<{ totalCount: number; items: KoePost[] }>(
    { queryKey: ['validering', art, 'koe'] },
    (side) => {
      if (!side) return side;
      const items = side.items.filter((r) => !ids.has(r.id));
      return { totalCount: side.totalCount - (side.items.length - items.length), items };
    },
  );
}

/** A text field inside the queue (the filter): Ctrl+Z there undoes typing, not a decision. */
const erTekstfelt = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

function medianKolonner<T extends KoePost>(resultater: Map<number, MedianResultat>): DataTableColumn<T>[] {
  const r = (row: T) => resultater.get(row.id);
  return [
    {
      id: 'mediantest',
      header: 'Mediantest',
      accessor: (row) => {
        const m = r(row);
        return m ? (m.markeret ? 'Afviger' : m.bemaerkning ? m.bemaerkning : 'OK') : '';
      },
      cell: (row) => {
        const m = r(row);
        if (!m) return '';
        if (m.markeret)
          return (
            <span
              className="vl-flag"
              data-testid="median-flag"
              title={m.robustZ ? `Robust z ${tal(m.robustZ)}` : undefined}
            >
              Afviger
            </span>
          );
        if (m.bemaerkning) return <span className="muted">{m.bemaerkning}</span>;
        return <span className="vl-ok">OK</span>;
      },
      width: 120,
      smalFoerst: true,
    },
    {
      id: 'vaerdi',
      header: 'Værdi',
      accessor: (row) => r(row)?.vaerdi ?? null,
      cell: (row) => {
        const m = r(row);
        return m ? `${tal(m.vaerdi)} ${m.enhed}` : '';
      },
      align: 'right',
    },
    {
      id: 'median',
      header: 'Median',
      accessor: (row) => r(row)?.median ?? null,
      cell: (row) => {
        const m = r(row);
        return m && m.median !== null ? `${tal(m.median)} (n=${m.antalHistorik})` : '';
      },
      align: 'right',
    },
    {
      id: 'afvigelse',
      header: 'Afvigelse',
      accessor: (row) => r(row)?.afvigelse ?? null,
      cell: (row) => {
        const m = r(row);
        return m && m.afvigelse !== null ? tal(m.afvigelse) : '';
      },
      align: 'right',
    },
  ];
}

/** The others' cursors in the queue, by entry id. */
function holdereAf(andre: readonly Anden[]): Map<number, Anden[]> {
  const m = new Map<number, Anden[]>();
  for (const a of andre) {
    if (a.tilstand?.type !== 'markoer') continue;
    const l = m.get(a.tilstand.postId);
    if (l) l.push(a);
    else m.set(a.tilstand.postId, [a]);
  }
  return m;
}

/** 'Vera Vandløb' or 'Vera Vandløb og Anne Admin', for a sentence. */
const navne = (andre: readonly Anden[]) => {
  const n = [...new Set(andre.map((a) => a.navn))];
  return n.length <= 1 ? (n[0] ?? '') : `${n.slice(0, -1).join(', ')} og ${n.at(-1)}`;
};

/** The column of the others' cursors: their initials on the entry each of them stands on. */
function naervaerKolonne<T extends KoePost>(holdere: Map<number, Anden[]>): DataTableColumn<T> {
  return {
    id: 'naervaer',
    header: 'Kollega',
    accessor: (row) =>
      holdere
        .get(row.id)
        ?.map((a) => a.initialer)
        .join(' ') ?? '',
    cell: (row) => {
      const h = holdere.get(row.id);
      if (!h) return '';
      return (
        <span className="vl-naervaer" data-testid="naervaer-markoer">
          {h.map((a) => (
            <abbr key={a.klient} className="vl-initialer" title={`${a.navn} står på posten`}>
              {a.initialer}
            </abbr>
          ))}
        </span>
      );
    },
    width: 64,
    sortable: false,
    hideable: false,
    smalFoerst: true,
  };
}

/**
 * A validation queue in a tile: the pending entries (server order: plant, period), a median test
 * that marks the suspicious ones, approve/discard of the selection through the godkend/forkast
 * machine (bulk confirms first), and below, the approved or discarded history of the cursor row's
 * plant or intake. Another validator's decisions arrive by server-sent events and refresh the list.
 */
export function KoeView<T extends KoePost>({ konfig }: { konfig: KoeKonfig<T> }) {
  useValideringHaendelser();
  const tile = useTile();
  const qc = useQueryClient();
  const { user, ressourcer } = useSession();
  const kundeId = user?.customerId ?? 0;
  const maaBeslutte = ressourcer.has('SAGSBEHANDLER_VANDANLAEG');
  const { endpoints } = konfig;
  const art = endpoints.art;
  const settings = useTableSettings(konfig.tableName);
  const [filter, setFilter] = useState('');
  const gridRef = useRef<HTMLTableElement>(null);

  const koe = useQuery({
    queryKey: valideringKey(art, 'koe', kundeId, filter),
    queryFn: ({ signal }) =>
      http.call(endpoints.liste, {
        params: { kundeId },
        query: { take: SIDE, filter: filter || undefined },
        signal,
      }),
    enabled: kundeId > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows: T[] = koe.data?.items ?? INGEN;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const byId = useMemo(() => new Map(rows.map((r) => [String(r.id), r])), [rows]);

  // ---- median test
  const [median, setMedian] = useState<Map<number, MedianResultat>>(new Map());
  const [medianKoerer, setMedianKoerer] = useState(false);
  const koerMedianTest = useCallback(async () => {
    const viste = rowsRef.current;
    if (!endpoints.median || viste.length === 0 || medianKoerer) return;
    setMedianKoerer(true);
    try {
      const res = await http.call(endpoints.median, {
        params: { kundeId },
        body: { ids: viste.map((r) => r.id) },
      });
      setMedian(new Map(res.map((m) => [m.id, m])));
      const n = res.filter((m) => m.markeret).length;
      toast.info(
        n === 0
          ? 'Mediantesten markerede ingen poster'
          : `Mediantesten markerede ${flertal(n, 'post', 'poster')}`,
      );
    } catch {
      // The HTTP client has shown the error.
    } finally {
      setMedianKoerer(false);
    }
  }, [endpoints.median, kundeId, medianKoerer]);

  // ---- approve / discard
  const [besked, setBesked] = useState<{ tekst: string; type: 'ok' | 'advarsel' | 'fejl' } | null>(null);
  const efter = useRef({ konfig, qc });
  efter.current = { konfig, qc };
  // The toasts' 'Fortryd' buttons reach the machine through this (it exists once the actor does).
  const fortrydRef = useRef<(noegle: number) => void>(() => {});
  const [machine] = useState(() =>
    createGodkendForkastMachine({
      // Failures are shown by the view itself (silent).
      decide: ({ handling, poster }) => {
        const e = efter.current.konfig.endpoints;
        const ep = handling === 'godkend' ? e.godkend : e.forkast;
        return medDanskFejl(http.call(ep, { params: { kundeId }, body: { poster }, silent: true }));
      },
      undo: ({ poster }) =>
        medDanskFejl(
          http.call(fortrydBeslutning, {
            body: { art: efter.current.konfig.endpoints.art, poster },
            silent: true,
          }),
        ),
      decided: (handling: Handling, result: BeslutningSvarMedVersioner, noegle: number | null) => {
        const { konfig: k, qc: q } = efter.current;
        const hvad = handling === 'godkend' ? 'godkendt' : 'forkastet';
        const dele: string[] = [];
        if (result.besluttet.length > 0)
          dele.push(`${flertal(result.besluttet.length, k.enhed.ental, k.enhed.flertal)} ${hvad}`);
        const allerede = alleredeBehandletTekst(result);
        if (allerede) dele.push(allerede);
        const tekst = `${dele.join('. ')}.`;
        const genvej = shortcutLabel(platformKey(FORTRYD_TAST));
        setBesked({
          tekst: noegle === null ? tekst : `${tekst} Fortryd med ${genvej}.`,
          type: allerede ? 'advarsel' : 'ok',
        });
        // Decided entries leave the table now; the refresh confirms it.
        fjernFraKoe(
          q,
          k.endpoints.art,
          new Set([...result.besluttet, ...result.alleredeBesluttet.map((a) => a.id)]),
        );
        if (noegle === null) {
          if (allerede) toast.warning(tekst);
          else toast.success(tekst);
        } else {
          let id = 0;
          const indhold = (
            <span className="vl-toast">
              <span>{tekst}</span>
              <Button
                size="x-small"
                color="secondary"
                className="vl-toast-fortryd"
                title={`Fortryd beslutningen (${genvej})`}
                onClick={() => {
                  toast.dismiss(id);
                  fortrydRef.current(noegle);
                }}
              >
                <Undo2 size={12} aria-hidden /> Fortryd
              </Button>
            </span>
          );
          const o = { duration: FORTRYD_TOAST_MS };
          id = allerede ? toast.warning(indhold, o) : toast.success(indhold, o);
        }
        void q.invalidateQueries({ queryKey: ['validering', k.endpoints.art] });
      },
      failedToDecide: (_h, error) => {
        setBesked({ tekst: error, type: 'fejl' });
        void efter.current.qc.invalidateQueries({
          queryKey: ['validering', efter.current.konfig.endpoints.art],
        });
      },
      undone: (_f, result) => {
        const { konfig: k, qc: q } = efter.current;
        const tekst = `Beslutningen er fortrudt: ${flertal(result.fortrudt.length, k.enhed.ental, k.enhed.flertal)} afventer igen.`;
        setBesked({ tekst, type: 'ok' });
        toast.success(tekst);
        void q.invalidateQueries({ queryKey: ['validering', k.endpoints.art] });
      },
      failedToUndo: (_f, error) => {
        setBesked({ tekst: `Beslutningen kunne ikke fortrydes: ${error}`, type: 'fejl' });
        void efter.current.qc.invalidateQueries({
          queryKey: ['validering', efter.current.konfig.endpoints.art],
        });
      },
    }),
  );
  const actor = useActorRef(machine, { input: {} });
  fortrydRef.current = (noegle) => {
    setBesked(null);
    // The toast's button had the focus and is gone: the keyboard goes back to the queue.
    gridRef.current?.focus();
    if (actor.getSnapshot().can({ type: 'FORTRYD', noegle })) actor.send({ type: 'FORTRYD', noegle });
    else
      toast.info(
        `Beslutningen kan ikke længere fortrydes (det kan den i ${FORTRYD_VINDUE_MINUTTER} minutter)`,
      );
  };
  const tilstand = useSelector(actor, (s) => s.value as string);
  const valgte = useSelector(actor, (s) => s.context.selected);
  const handling = useSelector(actor, (s) => s.context.handling);
  const poster = useSelector(actor, (s) => s.context.poster);
  const antalPoster = poster.length;
  const fejl = useSelector(actor, (s) => s.context.error);
  const markoer = useSelector(actor, (s) => s.context.markoer);
  const kanFortryde = useSelector(actor, (s) => s.can({ type: 'FORTRYD' }));
  const valgtSet = useMemo(() => new Set(valgte.map((p) => String(p.id))), [valgte]);

  // Entries decided elsewhere leave the selection when the list is refreshed.
  useEffect(() => {
    if (tilstand !== 'selecting') return;
    const tilbage = valgte.filter((p) => byId.has(String(p.id)));
    if (tilbage.length !== valgte.length) actor.send({ type: 'SELECT', poster: tilbage });
  }, [byId, valgte, tilstand, actor]);

  // The cursor is the machine's: after a decision it moves to the next undecided row, after an undo
  // to the restored entry; the table shows it and reports the user's moves.
  const cursor = markoer === null ? null : (byId.get(String(markoer)) ?? null);
  const cursorRef = useRef<T | null>(null);
  cursorRef.current = cursor;

  // Presence: the other validators in this queue and the entries under their cursors (live); this
  // page's cursor told to them while they are here. Deciding an entry another holds asks first.
  const noegle = koeNoegle(art);
  const andre = useNaervaer(noegle);
  useEgenNaervaer(noegle, cursor ? { type: 'markoer', postId: cursor.id } : null);
  const holdere = useMemo(() => holdereAf(andre), [andre]);
  const holdereRef = useRef(holdere);
  holdereRef.current = holdere;
  const [holdtSpoergsmaal, setHoldtSpoergsmaal] = useState<{ h: Handling; hos: Anden[] } | null>(null);
  const sidsteRaekker = useRef('');
  const raekkerVist = useCallback(
    (ids: readonly string[]) => {
      const noegle = ids.join(',');
      if (noegle === sidsteRaekker.current) return;
      sidsteRaekker.current = noegle;
      actor.send({ type: 'ROWS', ids: ids.map(Number) });
    },
    [actor],
  );
  const markoerFlyttet = useCallback(
    (row: T | null) => actor.send({ type: 'CURSOR', id: row ? row.id : null }),
    [actor],
  );
  // Ctrl+Z in the filter field undoes typing; elsewhere in the queue it undoes the last decision.
  const [skriver, setSkriver] = useState(false);
  const rodRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const rod = rodRef.current;
    if (!rod) return;
    const ind = (e: FocusEvent) => setSkriver(erTekstfelt(e.target));
    const ud = () => setSkriver(false);
    rod.addEventListener('focusin', ind);
    rod.addEventListener('focusout', ud);
    return () => {
      rod.removeEventListener('focusin', ind);
      rod.removeEventListener('focusout', ud);
    };
  }, []);

  const udfoer = useCallback(
    (h: Handling) => {
      if (!maaBeslutte) return;
      const snap = actor.getSnapshot();
      if (snap.matches('submitting') || snap.matches('confirming') || snap.matches('undoing')) return;
      // After a failure a new G or F starts over with the same selection.
      if (snap.matches('failed')) actor.send({ type: 'DISMISS' });
      if (actor.getSnapshot().context.selected.length === 0) {
        const c = cursorRef.current;
        if (!c) return;
        actor.send({ type: 'SELECT', poster: [{ id: c.id, version: c.version }] });
      }
      setBesked(null);
      actor.send({ type: h === 'godkend' ? 'GODKEND' : 'FORKAST' });
    },
    [actor, maaBeslutte],
  );
  // One entry that another validator stands on: asked first (a bulk decision's own question names
  // the held entries). The race rules on the server stay the guarantee; this only saves work.
  const start = useCallback(
    (h: Handling) => {
      if (!maaBeslutte) return;
      const snap = actor.getSnapshot();
      if (snap.matches('submitting') || snap.matches('confirming') || snap.matches('undoing')) return;
      const valgt = snap.context.selected;
      const ids = valgt.length > 0 ? valgt.map((p) => p.id) : cursorRef.current ? [cursorRef.current.id] : [];
      const hos = ids.length === 1 ? holdereRef.current.get(ids[0]!) : undefined;
      if (hos && hos.length > 0) setHoldtSpoergsmaal({ h, hos });
      else udfoer(h);
    },
    [actor, maaBeslutte, udfoer],
  );
  const fortrydSeneste = useCallback(() => {
    if (!maaBeslutte) return;
    if (!actor.getSnapshot().can({ type: 'FORTRYD' })) {
      toast.info(`Der er ingen beslutning at fortryde (det kan man i ${FORTRYD_VINDUE_MINUTTER} minutter)`);
      return;
    }
    setBesked(null);
    actor.send({ type: 'FORTRYD' });
  }, [actor, maaBeslutte]);

  const aabnAnlaeg = useCallback(() => {
    const c = cursorRef.current;
    if (c) tile.openBeside(anlaegSti(konfig, c));
  }, [tile, konfig]);

  const [visForkastede, setVisForkastede] = useState(false);
  const submitting = tilstand === 'submitting' || tilstand === 'undoing';
  const commands = useMemo<TileCommand[]>(() => {
    const c: TileCommand[] = [
      {
        id: 'validering:godkend',
        label: 'Godkend valgte',
        shortcut: 'g',
        run: () => start('godkend'),
        disabled: !maaBeslutte || submitting,
      },
      {
        id: 'validering:forkast',
        label: 'Forkast valgte',
        shortcut: 'f',
        run: () => start('forkast'),
        disabled: !maaBeslutte || submitting,
      },
      {
        id: 'validering:fortryd',
        label: 'Fortryd seneste beslutning',
        shortcut: FORTRYD_TAST,
        keywords: ['fortryd', 'undo', 'beslutning'],
        run: fortrydSeneste,
        disabled: !maaBeslutte || submitting || !kanFortryde || skriver,
      },
    ];
    if (endpoints.median)
      c.push({
        id: 'validering:median',
        label: 'Kør mediantest',
        shortcut: 'm',
        run: () => void koerMedianTest(),
        disabled: medianKoerer,
      });
    c.push(
      { id: 'validering:aabn', label: 'Åbn vandanlægget ved siden af', shortcut: 'o', run: aabnAnlaeg },
      {
        id: 'validering:historik',
        label: 'Skift mellem godkendte og forkastede',
        shortcut: 'h',
        run: () => setVisForkastede((v) => !v),
      },
      { id: 'validering:opdater', label: 'Opdater listen', shortcut: 'r', run: () => void koe.refetch() },
    );
    return c;
  }, [
    start,
    fortrydSeneste,
    kanFortryde,
    skriver,
    maaBeslutte,
    submitting,
    endpoints.median,
    koerMedianTest,
    medianKoerer,
    aabnAnlaeg,
    koe.refetch,
  ]);
  useTileCommands(commands);

  const medMedian = useMemo(() => {
    if (median.size === 0) return konfig.kolonner;
    // The flag goes right after the plant, so it shows even in a narrow tile; the figures behind it
    // (value, median, deviation) go right after the tested value.
    const [flag, ...figures] = medianKolonner<T>(median);
    const base = [konfig.kolonner[0]!, flag!, ...konfig.kolonner.slice(1)];
    const i = base.findIndex((k) => k.id === 'vandmaengdeOppumpet' || k.id === 'vandstand');
    if (i < 0) return [...base, ...figures];
    return [...base.slice(0, i + 1), ...figures, ...base.slice(i + 1)];
  }, [konfig.kolonner, median]);
  // The colleagues' column first while anyone else is in the queue.
  const columns = useMemo(
    () => (andre.length > 0 ? [naervaerKolonne<T>(holdere), ...medMedian] : medMedian),
    [medMedian, andre.length, holdere],
  );
  const markerede = useMemo(() => rows.filter((r) => median.get(r.id)?.markeret).length, [rows, median]);

  // The queue's table takes the keyboard when the tile is focused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list has loaded
  useEffect(() => {
    if (tile.focused && gridRef.current && !gridRef.current.contains(document.activeElement)) {
      const active = document.activeElement;
      const inTile = active instanceof HTMLElement && active.closest(`[data-tile-id="${tile.tileId}"]`);
      if (!inTile || active?.classList.contains('tile')) gridRef.current.focus();
    }
  }, [tile.focused, tile.tileId, koe.isSuccess]);

  const hist = cursor ? konfig.historik(cursor) : null;
  const historik = useQuery({
    queryKey: valideringKey(art, visForkastede ? 'forkastede' : 'godkendte', hist?.id),
    queryFn: ({ signal }) =>
      http.call(visForkastede ? endpoints.forkastede : endpoints.godkendte, {
        params: { id: hist!.id },
        signal,
      }),
    enabled: hist !== null,
    placeholderData: keepPreviousData,
  });

  const confirming = tilstand === 'confirming';
  const bekraeftTekst =
    handling === 'forkast'
      ? `Forkast ${flertal(antalPoster, konfig.enhed.ental, konfig.enhed.flertal)}? De gemmes som forkastede og kan findes igen.`
      : `Godkend ${flertal(antalPoster, konfig.enhed.ental, konfig.enhed.flertal)}?`;
  const holdteIValg = confirming ? poster.flatMap((p) => holdere.get(p.id) ?? []) : [];
  const holdtTekst =
    holdteIValg.length > 0
      ? `${navne(holdteIValg)} står på ${holdteIValg.length === 1 ? 'en' : 'nogle'} af dem lige nu.`
      : null;

  return (
    <div className="vl-koe" data-testid={`validering-${art}`} ref={rodRef}>
      {besked && (
        <div
          className={`vl-besked vl-besked-${besked.type}`}
          role={besked.type === 'fejl' ? 'alert' : 'status'}
          data-testid="koe-besked"
        >
          <span>{besked.tekst}</span>
          {(tilstand === 'failed' || tilstand === 'undoFailed') && fejl && (
            <Button size="x-small" color="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
              Prøv igen
            </Button>
          )}
          <button
            type="button"
            className="icon-button"
            aria-label="Luk besked"
            onClick={() => {
              setBesked(null);
              actor.send({ type: 'DISMISS' });
            }}
          >
            <X size={14} />
          </button>
        </div>
      )}
      <div className="vl-tabel">
        <DataTable<T>
          tableName={konfig.tableName}
          ariaLabel={konfig.titel}
          columns={columns}
          rows={rows}
          getRowId={(r) => String(r.id)}
          mode="memory"
          onFilterChange={setFilter}
          filterPlaceholder="Filtrér på anlæg, nr. eller DGU"
          {...tabelHentning(koe, fejlbesked)}
          selectionMode={maaBeslutte ? 'multiple' : 'disabled'}
          selected={valgtSet}
          onSelectionChange={(ids) =>
            actor.send({
              type: 'SELECT',
              poster: [...ids].flatMap((id) => {
                const r = byId.get(id);
                return r ? [{ id: r.id, version: r.version }] : [];
              }),
            })
          }
          cursorId={markoer === null ? null : String(markoer)}
          onCursorChange={markoerFlyttet}
          onOrderChange={raekkerVist}
          onOpen={(r) => tile.openBeside(anlaegSti(konfig, r))}
          settings={settings}
          gridRef={gridRef}
          toolbar={
            <span className="vl-bar">
              <Button
                size="small"
                onClick={() => start('godkend')}
                disabled={!maaBeslutte || submitting || (valgte.length === 0 && !cursor)}
                title="Godkend valgte (G)"
              >
                <Check size={14} aria-hidden /> Godkend
              </Button>
              <Button
                size="small"
                color="secondary"
                onClick={() => start('forkast')}
                disabled={!maaBeslutte || submitting || (valgte.length === 0 && !cursor)}
                title="Forkast valgte (F)"
              >
                <X size={14} aria-hidden /> Forkast
              </Button>
              {endpoints.median && (
                <Button
                  size="small"
                  color="secondary"
                  onClick={() => void koerMedianTest()}
                  loading={medianKoerer}
                  loadingText="Kører …"
                  title="Kør mediantest (M)"
                >
                  <FlaskConical size={14} aria-hidden /> Mediantest
                </Button>
              )}
              <Button
                size="small"
                color="secondary"
                onClick={aabnAnlaeg}
                disabled={!cursor}
                title="Åbn vandanlægget ved siden af (O)"
              >
                <ExternalLink size={14} aria-hidden /> Vandanlæg
              </Button>
              <Button
                size="small"
                color="secondary"
                onClick={() => void koe.refetch()}
                title="Opdater listen (R)"
                aria-label="Opdater listen"
              >
                <RefreshCw size={14} aria-hidden />
              </Button>
              <span className="vl-status muted" data-testid="koe-status">
                {koe.data ? `${flertal(koe.data.totalCount, 'afventer', 'afventer')}` : ''}
                {koe.data && koe.data.totalCount > rows.length
                  ? ` · viser de første ${tal(rows.length).replace(',00', '')}`
                  : ''}
                {median.size > 0 ? ` · ${flertal(markerede, 'markeret', 'markeret')}` : ''}
                {submitting ? ' · gemmer …' : ''}
              </span>
              {!maaBeslutte && <span className="vl-laes muted">Kun læseadgang</span>}
            </span>
          }
        />
      </div>
      <section className="vl-historik" aria-label="Historik">
        {cursor && konfig.detaljer?.(cursor)}
        <div className="vl-historik-hoved">
          <History size={14} aria-hidden />
          <fieldset className="vl-toggle">
            <legend className="visually-hidden">Vis</legend>
            <button type="button" aria-pressed={!visForkastede} onClick={() => setVisForkastede(false)}>
              Godkendte
            </button>
            <button type="button" aria-pressed={visForkastede} onClick={() => setVisForkastede(true)}>
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
      {/* The confirm question of a bulk action; the confirm button has focus, so G then Enter decides. */}
      <ConfirmModal
        open={confirming}
        title={handling === 'forkast' ? 'Forkast valgte' : 'Godkend valgte'}
        message={
          <>
            <p>{bekraeftTekst}</p>
            {holdtTekst && (
              <p className="vl-naervaer-advarsel" data-testid="holdt-i-valg">
                {holdtTekst}
              </p>
            )}
          </>
        }
        confirmLabel={handling === 'forkast' ? 'Forkast' : 'Godkend'}
        confirmColor={handling === 'forkast' ? 'danger' : 'primary'}
        fokus="bekraeft"
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      />
      {/* An entry another validator stands on: asked first, 'Fortryd' focused (a question not asked for). */}
      <ConfirmModal
        open={holdtSpoergsmaal !== null}
        testId="holdt-spoergsmaal"
        title="Posten er åben hos en kollega"
        message={
          holdtSpoergsmaal && (
            <p>
              {navne(holdtSpoergsmaal.hos)} står på denne post lige nu. Vil du{' '}
              {holdtSpoergsmaal.h === 'godkend' ? 'godkende' : 'forkaste'} den alligevel?
            </p>
          )
        }
        confirmLabel={holdtSpoergsmaal?.h === 'forkast' ? 'Forkast alligevel' : 'Godkend alligevel'}
        confirmColor={holdtSpoergsmaal?.h === 'forkast' ? 'danger' : 'primary'}
        onConfirm={() => {
          const h = holdtSpoergsmaal?.h;
          setHoldtSpoergsmaal(null);
          gridRef.current?.focus();
          if (h) udfoer(h);
        }}
        onCancel={() => {
          setHoldtSpoergsmaal(null);
          gridRef.current?.focus();
        }}
      />
    </div>
  );
}
