import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { gemmer as gemmerNu } from '../../../../machines/koe';
import { koeNoegle } from '../../../contract/naervaer';
import type { KoeEndpoints } from '../../../contract/validering';
import { tabelHentning } from '../../lib/http-fejl';
import { vandanlaegStiForPost } from '../../lib/vand-fokus';
import { useEgenNaervaer, useNaervaer } from '../../session/naervaer';
import { http } from '../../session/runtime';
import { useSession } from '../../session/useSession';
import { useTableSettings } from '../../session/useTableSettings';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useTile } from '../../workspace/tile-api';
import { fejlbesked, useValideringHaendelser, valideringKey } from './api';
import { KoeBesked } from './KoeBesked';
import { KoeHistorik } from './KoeHistorik';
import { KoeBekraeft, KoeHoldtSpoergsmaal } from './KoeSpoergsmaal';
import { KoeVaerktoej } from './KoeVaerktoej';
import { holdereAf, koeKolonner } from './koe-kolonner';
import { useKoeKommandoer } from './useKoeKommandoer';
import { useKoeMaskine } from './useKoeMaskine';
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

/** A text field inside the queue (the filter): Ctrl+Z there undoes typing, not a decision. */
const erTekstfelt = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** True while a text field inside the element has the focus. */
function useSkriver(rodRef: RefObject<HTMLDivElement | null>): boolean {
  const [skriver, setSkriver] = useState(false);
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
  }, [rodRef]);
  return skriver;
}

/**
 * A validation queue in a tile: the pending entries (server order: plant, period), a median test
 * that marks the suspicious ones, approve/discard of the selection (bulk confirms first), undo, and
 * below, the approved or discarded history of the cursor row's plant or intake. Another validator's
 * decisions arrive by server-sent events and refresh the list. The flow is the queue's machine
 * (machines/koe.ts), one per customer: a customer switch starts a new one, never deciding in the
 * previous customer.
 */
export function KoeView<T extends KoePost>({ konfig }: { konfig: KoeKonfig<T> }) {
  const { user, ressourcer } = useSession();
  const kundeId = user?.customerId ?? 0;
  const maaBeslutte = ressourcer.has('SAGSBEHANDLER_VANDANLAEG');
  return (
    <Koe key={`${kundeId}:${maaBeslutte}`} konfig={konfig} kundeId={kundeId} maaBeslutte={maaBeslutte} />
  );
}

function Koe<T extends KoePost>({
  konfig,
  kundeId,
  maaBeslutte,
}: {
  konfig: KoeKonfig<T>;
  kundeId: number;
  maaBeslutte: boolean;
}) {
  useValideringHaendelser();
  const tile = useTile();
  const { endpoints } = konfig;
  const art = endpoints.art;
  const settings = useTableSettings(konfig.tableName);
  const [filter, setFilter] = useState('');
  const gridRef = useRef<HTMLTableElement>(null);
  const rodRef = useRef<HTMLDivElement>(null);

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
  const byId = useMemo(() => new Map(rows.map((r) => [String(r.id), r])), [rows]);

  const actor = useKoeMaskine(konfig, kundeId, maaBeslutte, gridRef);
  const beslutning = useSelector(actor, (s) => s.context.beslutning);
  const tilstand = useSelector(beslutning, (s) => s.value as string);
  const valgte = useSelector(beslutning, (s) => s.context.selected);
  const handling = useSelector(beslutning, (s) => s.context.handling);
  const poster = useSelector(beslutning, (s) => s.context.poster);
  const fejl = useSelector(beslutning, (s) => s.context.error);
  const markoer = useSelector(beslutning, (s) => s.context.markoer);
  const kanFortryde = useSelector(beslutning, (s) => s.can({ type: 'FORTRYD' }));
  const gemmer = useSelector(beslutning, gemmerNu);
  const besked = useSelector(actor, (s) => s.context.besked);
  const median = useSelector(actor, (s) => s.context.median);
  const medianKoerer = useSelector(actor, (s) => s.matches({ median: 'koerer' }));
  const spoergsmaal = useSelector(actor, (s) => s.context.spoergsmaal);
  const valgtSet = useMemo(() => new Set(valgte.map((p) => String(p.id))), [valgte]);

  // The queue as loaded: the versions a decision sends; entries decided elsewhere leave the selection.
  useEffect(() => {
    actor.send({ type: 'KOE', poster: rows.map((r) => ({ id: r.id, version: r.version })) });
  }, [actor, rows]);

  // The cursor is the machine's: after a decision it moves to the next undecided row, after an undo
  // to the restored entry; the table shows it and reports the user's moves.
  const cursor = markoer === null ? null : (byId.get(String(markoer)) ?? null);

  // Presence: the other validators in this queue and the entries under their cursors (live); this
  // page's cursor told to them while they are here. Deciding an entry another holds asks first.
  const noegle = koeNoegle(art);
  const andre = useNaervaer(noegle);
  useEgenNaervaer(noegle, cursor ? { type: 'markoer', postId: cursor.id } : null);
  const holdere = useMemo(() => holdereAf(andre), [andre]);
  useEffect(() => {
    actor.send({ type: 'NAERVAER', holdere });
  }, [actor, holdere]);

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
  const skriver = useSkriver(rodRef);

  // Read when run, so the tile's commands stay the same while the cursor moves.
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  const aabnAnlaeg = useCallback(() => {
    const c = cursorRef.current;
    if (c) tile.openBeside(anlaegSti(konfig, c));
  }, [tile, konfig]);
  const koerMedianTest = useCallback(
    () => actor.send({ type: 'MEDIANTEST', ids: rows.map((r) => r.id) }),
    [actor, rows],
  );
  const [visForkastede, setVisForkastede] = useState(false);
  const skiftHistorik = useCallback(() => setVisForkastede((v) => !v), []);
  const opdater = useCallback(() => void koe.refetch(), [koe.refetch]);
  useKoeKommandoer({
    actor,
    maaBeslutte,
    gemmer,
    kanFortryde,
    skriver,
    medianTest: endpoints.median !== undefined,
    medianKoerer,
    koerMedianTest,
    aabnAnlaeg,
    skiftHistorik,
    opdater,
  });

  const columns = useMemo(
    () => koeKolonner(konfig.kolonner, median, andre.length > 0 ? holdere : null),
    [konfig.kolonner, median, andre.length, holdere],
  );
  const markerede = useMemo(
    () => (median.size > 0 ? rows.filter((r) => median.get(r.id)?.markeret).length : null),
    [rows, median],
  );

  // The queue's table takes the keyboard when the tile is focused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list has loaded
  useEffect(() => {
    if (tile.focused && gridRef.current && !gridRef.current.contains(document.activeElement)) {
      const active = document.activeElement;
      const inTile = active instanceof HTMLElement && active.closest(`[data-tile-id="${tile.tileId}"]`);
      if (!inTile || active?.classList.contains('tile')) gridRef.current.focus();
    }
  }, [tile.focused, tile.tileId, koe.isSuccess]);

  const tilbageTilKoeen = (e: { type: 'CONFIRM' | 'CANCEL' }) => {
    gridRef.current?.focus();
    actor.send(e);
  };

  return (
    <div className="vl-koe" data-testid={`validering-${art}`} ref={rodRef}>
      <KoeBesked
        besked={besked}
        kanProeveIgen={(tilstand === 'failed' || tilstand === 'undoFailed') && fejl !== null}
        onRetry={() => actor.send({ type: 'RETRY' })}
        onClose={() => actor.send({ type: 'DISMISS' })}
      />
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
            <KoeVaerktoej
              maaBeslutte={maaBeslutte}
              gemmer={gemmer}
              harMaal={valgte.length > 0 || cursor !== null}
              harCursor={cursor !== null}
              medianTest={endpoints.median !== undefined}
              medianKoerer={medianKoerer}
              totalCount={koe.data?.totalCount}
              antalRaekker={rows.length}
              markerede={markerede}
              onGodkend={() => actor.send({ type: 'GODKEND' })}
              onForkast={() => actor.send({ type: 'FORKAST' })}
              onMedian={koerMedianTest}
              onAabn={aabnAnlaeg}
              onOpdater={opdater}
            />
          }
        />
      </div>
      <KoeHistorik
        konfig={konfig}
        cursor={cursor}
        visForkastede={visForkastede}
        onVisForkastede={setVisForkastede}
      />
      <KoeBekraeft
        aaben={tilstand === 'confirming'}
        handling={handling}
        poster={poster}
        holdere={holdere}
        enhed={konfig.enhed}
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      />
      <KoeHoldtSpoergsmaal
        spoergsmaal={spoergsmaal}
        onConfirm={() => tilbageTilKoeen({ type: 'CONFIRM' })}
        onCancel={() => tilbageTilKoeen({ type: 'CANCEL' })}
      />
    </div>
  );
}
