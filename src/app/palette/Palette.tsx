import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Command as Cmdk } from 'cmdk';
import {
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { detailPath, ENTITETER } from '../../contract/entitet';
import { type SoegResultat, soeg } from '../../contract/soeg';
import { httpStatus, serverTekst, udenSvar } from '../lib/http-fejl';
import { openLayer, platformKey, shortcutLabel, shortcutsOf } from '../lib/keyboard';
import { type Kladde, listKladder } from '../lib/kladder';
import { addRecent, type RecentItem, readRecent, recentOwner } from '../session/recent';
import { http } from '../session/runtime';
import { useSession } from '../session/useSession';
import { ENTITET_IKONER } from '../ui/entitet-ikon';
import { focusToReturn, returnFocus } from '../ui/focus';
import { kladdeTid } from '../ui/form/KladdeBesked';
import { openRoute } from '../workspace/actions';
import { workspaceCommands } from '../workspace/commands';
import { type Command, GROUP, tileCommandsAsCommands } from '../workspace/kommando';
import { paletteStore, usePaletteState } from '../workspace/palette-store';
import { useWorkspace, workspace } from '../workspace/store';
import { useTileCommandsOf } from '../workspace/tile-commands';
import { forgetTileFocus, requestTileFocus } from '../workspace/tile-focus';
import { tileMetaStore } from '../workspace/tile-meta';
import { ArbejdsomraadeDialoger, useArbejdsomraadeKommandoer } from './Arbejdsomraader';
import { type CommandContext, routeCommands, tabCommands } from './commands';
import { FraseIndsaet, fraseKommando } from './FraseIndsaet';
import { rangordn } from './rang';
import './palette.css';

/** The server search of one text (trimmed); at least two characters. */
function soegQuery(query: string) {
  const tekst = query.trim();
  return queryOptions({
    queryKey: ['soeg', tekst],
    queryFn: ({ signal }) => http.call(soeg, { query: { tekst }, signal, silent: true }),
    enabled: tekst.length >= 2,
    staleTime: 30_000,
  });
}

/** Server search for the palette; results are shown exactly as ranked (no client filtering). */
function useEntitySearch(query: string) {
  return useQuery({ ...soegQuery(query), placeholderData: keepPreviousData });
}

/** Said when the search call gets no answer or a server error: not the same as no results. */
export const SERVER_UTILGAENGELIG = 'Serveren kan ikke nås. Prøv igen om lidt.';

/** Why the search failed, in Danish: the server is out of reach (network, 5xx), or it refused the text. */
function soegFejlTekst(err: unknown): string {
  const status = httpStatus(err);
  if (status !== 0 && !udenSvar(err) && status < 500) {
    const t = serverTekst(err, ['message', 'title']);
    return `Søgningen kunne ikke udføres${t ? `: ${t}` : '.'}`;
  }
  return SERVER_UTILGAENGELIG;
}

/** Ctrl+K / Cmd+K: opens anything, runs any command; Enter opens in the focused tile, Ctrl+Enter beside it. */
export function Palette() {
  const { palette: open } = usePaletteState();
  return (
    <>
      {open && <PaletteDialog />}
      <FraseIndsaet />
      <ArbejdsomraadeDialoger />
    </>
  );
}

function PaletteDialog() {
  const { ressourcer, user } = useSession();
  const ws = useWorkspace();
  const tileCommands = useTileCommandsOf(ws.focused);
  const [query, setQuery] = useState('');
  const [valgt, setValgt] = useState('');
  const search = useEntitySearch(query);
  const arbejdsomraadeCmds = useArbejdsomraadeKommandoer();
  const queryClient = useQueryClient();
  // A keystroke asks the server at once, before React renders the new text (the render then finds
  // the request under way): the answer comes a render sooner.
  const skriv = (naesteQuery: string) => {
    const naeste = soegQuery(naesteQuery);
    if (naeste.enabled) void queryClient.prefetchQuery(naeste);
    setQuery(naesteQuery);
  };
  // Recent items are per user and customer.
  const userId = recentOwner(user);

  // Open from the commit on (a layout effect): a tile taking focus in the same moment sees it.
  useLayoutEffect(() => openLayer('palette'), []);
  // Text typed before the palette could show (see Shell) leads the search. Taken when the palette is
  // committed, not when rendered: React may render it long before (the workspace's views still loading),
  // and a layout effect's update is applied before the next key is read.
  useLayoutEffect(() => {
    const ahead = paletteStore.typedAhead();
    paletteStore.typeAhead('');
    if (ahead) setQuery((q) => ahead + q);
  }, []);

  // Focus: what the palette runs, runs once it has closed. Opening something sends focus to the
  // opened tile's primary target; anything else gives focus back to where it was (unless the command
  // moved it, or moved to another tile).
  const [returnTo] = useState(focusToReturn);
  const afterClose = useRef<(() => void) | null>(null);
  const openedRoute = useRef(false);
  useEffect(
    () => () => {
      // (React's development double run of effects is no closing.)
      if (paletteStore.get().palette) return;
      const run = afterClose.current;
      afterClose.current = null;
      run?.();
      const active = document.activeElement;
      if (openedRoute.current || (active && active !== document.body)) return;
      const tile = returnTo?.closest<HTMLElement>('[data-tile-id]');
      if (!tile || tile.dataset.tileId === workspace.get().focused) returnFocus(returnTo);
    },
    [returnTo],
  );
  const closeThen = (run: () => void) => {
    afterClose.current = run;
    paletteStore.closePalette();
  };
  // (Stable: it reads only refs and the workspace store, so the route commands below are made once.)
  const openRouteNow = useCallback((path: string, beside: boolean) => {
    openedRoute.current = true;
    const mode = beside ? 'beside' : 'replace';
    if (mode === 'replace') forgetTileFocus(workspace.get().focused);
    void openRoute(path, mode).then(() => requestTileFocus(workspace.get().focused));
  }, []);

  const openPath = (path: string, beside: boolean, recent?: Omit<RecentItem, 'path'>) => {
    if (recent) addRecent(userId, { path, ...recent });
    closeThen(() => openRouteNow(path, beside));
  };

  const ctx: CommandContext = {
    ressourcer,
    focusedPath: ws.focused ? (ws.tiles[ws.focused]?.path ?? null) : null,
    focusedFlags: ws.focused ? tileMetaStore.get(ws.focused).flags : undefined,
    tileCommands,
    // Route and tab commands run after the palette has closed (see closeThen).
    open: openRouteNow,
  };
  const kladder = useKladder(user);
  const kladdeCmds = useMemo(() => kladdeKommandoer(kladder, openRouteNow), [kladder, openRouteNow]);
  // A hundred or so commands, made once per rights (building their paths took ~1 ms a render).
  const routeCmds = useMemo(
    () =>
      routeCommands({ ressourcer, open: openRouteNow }).map((c) => ({
        ...c,
        run: ({ beside }: { beside: boolean }) => {
          c.run({ beside });
          if (c.path) addRecent(userId, { path: c.path, label: c.label, group: c.group });
        },
      })),
    [ressourcer, openRouteNow, userId],
  );
  // The commands that answer the query, ranked, with the recent items and the server's entities
  // where they belong (./rang.ts: a page whose name holds the words before a similar entity name).
  const sections = rangordn(query, [
    ...tileCommandsAsCommands(tileCommands),
    ...kladdeCmds,
    ...fraseKommando(ws.focused),
    ...tabCommands(ctx),
    ...workspaceCommands(ressourcer),
    ...arbejdsomraadeCmds,
    ...routeCmds,
  ]);
  const local = sections.flatMap((s) => (s.kind === 'commands' ? s.commands : []));

  const recent = query.trim() === '' ? readRecent(userId) : [];
  const entities = query.trim().length >= 2 ? (search.data?.resultater ?? []) : [];
  const soegFejl = query.trim().length >= 2 && search.isError ? soegFejlTekst(search.error) : null;

  // Every selectable item, by its cmdk value, so Ctrl+Enter can open the selected one beside.
  const actions = new Map<string, (beside: boolean) => void>();
  for (const r of recent) actions.set(`recent:${r.path}`, (beside) => openPath(r.path, beside, r));
  for (const e of entities) {
    actions.set(`entity:${e.type}:${e.id}`, (beside) =>
      openPath(detailPath(ENTITETER[e.type], e.id), beside, {
        label: e.navn,
        group: ENTITETER[e.type].titelEntal,
      }),
    );
  }
  for (const c of local) {
    actions.set(c.id, (beside) => closeThen(() => c.run({ beside })));
  }

  // When results arrive or the commands change, the selection stays on an item that exists (the
  // first, unless the user's choice is still there), so Enter always has something to open. Derived
  // while rendering, so the results are shown selected in the same render (not one render later).
  const order = sections.flatMap((s) =>
    s.kind === 'recent'
      ? recent.map((r) => `recent:${r.path}`)
      : s.kind === 'entities'
        ? entities.map((e) => `entity:${e.type}:${e.id}`)
        : s.commands.map((c) => c.id),
  );
  // Items are memoised on what they show, and run their action through this stable function: a
  // keystroke re-renders the palette, not every item in its list (the server's search runs meanwhile).
  // (Set after the commit: a render React throws away must not leave its actions behind.)
  const actionsRef = useRef(actions);
  useLayoutEffect(() => {
    actionsRef.current = actions;
  });
  const run = useCallback((value: string, beside: boolean) => actionsRef.current.get(value)?.(beside), []);
  const selected = order.includes(valgt) ? valgt : (order[0] ?? '');
  const selectedLabel = labelOf(selected, { recent, entities, local });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      actions.get(selected)?.(true);
    }
  };

  return (
    <Cmdk.Dialog
      open
      onOpenChange={(next) => !next && paletteStore.closePalette()}
      label="Kommandopalet"
      shouldFilter={false}
      loop
      value={selected}
      onValueChange={setValgt}
      onKeyDown={onKeyDown}
      className="palette"
      overlayClassName="palette-overlay"
      contentClassName="palette-content"
    >
      <Cmdk.Input
        value={query}
        onValueChange={skriv}
        // The dialog selects the text as it focuses the field; typing on must add to it, not replace it.
        onFocus={(e) => {
          const input = e.currentTarget;
          queueMicrotask(() => input.setSelectionRange(input.value.length, input.value.length));
        }}
        placeholder="Søg virksomhed, landbrug, vandanlæg, CVR, CHR, Jupiter-id, adresse, side eller handling …"
        aria-label="Søg i kommandopaletten"
      />
      <div className="palette-hint" aria-hidden="true">
        Enter åbner i feltet · Ctrl+Enter åbner i nyt felt ved siden af · Esc lukker
      </div>
      {/* cmdk's active-descendant is not always announced; this live region says what is selected. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {selectedLabel}
      </div>
      <Cmdk.List
        className="palette-list"
        data-results-for={search.data && !search.isPlaceholderData ? query.trim() : undefined}
      >
        {search.isFetching && entities.length === 0 && <Cmdk.Loading>Søger …</Cmdk.Loading>}
        {/* A failed search says so (the commands below still work); 'Ingen resultater' only when it answered. */}
        {soegFejl ? (
          <div className="palette-fejl" role="alert" data-testid="palette-fejl">
            {soegFejl}
          </div>
        ) : (
          <Cmdk.Empty>Ingen resultater</Cmdk.Empty>
        )}
        {sections.map((s) => {
          if (s.kind === 'commands') {
            return <CommandGroup key={`g:${s.group}`} heading={s.group} commands={s.commands} run={run} />;
          }
          if (s.kind === 'recent') {
            return (
              recent.length > 0 && (
                <Cmdk.Group key="recent" heading="Seneste">
                  {recent.map((r) => (
                    <PaletteItem
                      key={r.path}
                      value={`recent:${r.path}`}
                      label={r.label}
                      meta={r.group}
                      run={run}
                    />
                  ))}
                </Cmdk.Group>
              )
            );
          }
          return (
            entities.length > 0 && (
              <Cmdk.Group key="entities" heading="Virksomheder, landbrug og vandanlæg">
                {entities.map((e) => {
                  const value = `entity:${e.type}:${e.id}`;
                  return (
                    <PaletteItem
                      key={value}
                      value={value}
                      ikon={ENTITETER[e.type].ikon}
                      label={e.navn}
                      meta={[ENTITETER[e.type].titelEntal, e.nummer, e.adresse].filter(Boolean).join(' · ')}
                      run={run}
                    />
                  );
                })}
              </Cmdk.Group>
            )
          );
        })}
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}

/** The signed-in user's drafts in the active customer, read from the browser when the palette opens. */
function useKladder(user: { userId: string; customerId: number } | null): Kladde[] {
  const [kladder, setKladder] = useState<Kladde[]>([]);
  const bruger = user?.userId;
  const kunde = user?.customerId;
  useEffect(() => {
    if (bruger === undefined || kunde === undefined) return;
    let stop = false;
    void listKladder({ bruger, kunde }).then((k) => {
      if (!stop) setKladder(k);
    });
    return () => {
      stop = true;
    };
  }, [bruger, kunde]);
  return kladder;
}

/**
 * 'Kladder': one command per unsaved draft, newest first, that opens the draft's route in a tile
 * (Enter in the focused tile, Ctrl+Enter beside it); the form there offers the draft back.
 */
export function kladdeKommandoer(
  kladder: readonly Kladde[],
  open: (path: string, beside: boolean) => void,
): Command[] {
  return kladder.map((k) => ({
    id: `kladde:${k.noegle}`,
    label: `Kladder: ${k.titel || k.sti}, fra ${kladdeTid(new Date(k.gemt))}`,
    group: GROUP.kladder,
    keywords: ['kladde', 'ikke gemt', 'gendan', k.sti],
    layer: 'global' as const,
    path: k.sti,
    run: ({ beside }) => open(k.sti, beside),
  }));
}

type Run = (value: string, beside: boolean) => void;

function CommandGroup(props: { heading: string; commands: Command[]; run: Run }) {
  return (
    <Cmdk.Group heading={props.heading}>
      {props.commands.map((c) => (
        <PaletteItem
          key={c.id}
          value={c.id}
          label={c.label}
          shortcut={c.shortcut}
          altShortcut={c.altShortcut}
          disabled={c.disabled}
          run={props.run}
        />
      ))}
    </Cmdk.Group>
  );
}

/** One item of the list: re-rendered only when what it shows changes. */
const PaletteItem = memo(function PaletteItem(props: {
  value: string;
  label: string;
  meta?: string;
  ikon?: keyof typeof ENTITET_IKONER;
  shortcut?: string;
  altShortcut?: string;
  disabled?: boolean;
  run: Run;
}) {
  const { value, run } = props;
  const Icon = props.ikon ? ENTITET_IKONER[props.ikon] : null;
  return (
    <Cmdk.Item value={value} disabled={props.disabled} onSelect={() => run(value, false)}>
      {Icon && <Icon size={14} aria-hidden="true" className="palette-icon" />}
      <span className="palette-label">{props.label}</span>
      {props.meta && <span className="palette-meta">{props.meta}</span>}
      {shortcutsOf(props).map((key) => (
        <kbd key={key} className="palette-kbd">
          {shortcutLabel(platformKey(key))}
        </kbd>
      ))}
    </Cmdk.Item>
  );
});

function labelOf(
  value: string,
  src: { recent: RecentItem[]; entities: SoegResultat[]; local: Command[] },
): string {
  if (value.startsWith('recent:')) return src.recent.find((r) => `recent:${r.path}` === value)?.label ?? '';
  if (value.startsWith('entity:')) {
    const e = src.entities.find((x) => `entity:${x.type}:${x.id}` === value);
    return e ? `${e.navn}, ${ENTITETER[e.type].titelEntal}` : '';
  }
  return src.local.find((c) => c.id === value)?.label ?? '';
}
