import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command as Cmdk } from 'cmdk';
import { Building2, Droplet, Tractor } from 'lucide-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { type SoegResultat, soegSvarSchema } from '../../contract/soeg';
import { openLayer, platformKey, shortcutLabel } from '../lib/keyboard';
import { http } from '../session/runtime';
import { useSession } from '../session/useSession';
import { openRoute } from '../workspace/actions';
import { workspaceCommands } from '../workspace/commands';
import { useWorkspace } from '../workspace/store';
import { useTileCommandsOf } from '../workspace/tile-commands';
import {
  type Command,
  type CommandContext,
  GROUP,
  matchesQuery,
  routeCommands,
  tabCommands,
  tileCommandsAsCommands,
} from './commands';
import { paletteStore, usePaletteState } from './palette-store';
import { addRecent, type RecentItem, readRecent } from './recent';
import './palette.css';

const ENTITY_PATH: Record<SoegResultat['type'], (id: number) => string> = {
  virksomhed: (id) => `/virksomheder/${id}/stamoplysninger`,
  landbrug: (id) => `/landbrug/${id}/stamoplysninger`,
  vandanlaeg: (id) => `/vandanlaeg/${id}/stamoplysninger`,
};
const ENTITY_GROUP: Record<SoegResultat['type'], string> = {
  virksomhed: 'Virksomhed',
  landbrug: 'Landbrug',
  vandanlaeg: 'Vandanlæg',
};
const ENTITY_ICON = { virksomhed: Building2, landbrug: Tractor, vandanlaeg: Droplet };

/** Server search for the palette; results are shown exactly as ranked (no client filtering). */
function useEntitySearch(query: string) {
  const tekst = query.trim();
  return useQuery({
    queryKey: ['soeg', tekst],
    queryFn: ({ signal }) =>
      http.get('soeg', { query: { tekst }, signal, schema: soegSvarSchema, silent: true }),
    enabled: tekst.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Ctrl+K / Cmd+K: opens anything, runs any command; Enter opens in the focused tile, Ctrl+Enter beside it. */
export function Palette() {
  const { palette: open } = usePaletteState();
  if (!open) return null;
  return <PaletteDialog />;
}

function PaletteDialog() {
  const { ressourcer, user } = useSession();
  const ws = useWorkspace();
  const tileCommands = useTileCommandsOf(ws.focused);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState('');
  const search = useEntitySearch(query);
  const userId = user?.userId ?? 'anon';

  useEffect(() => openLayer('palette'), []);

  const openPath = (path: string, beside: boolean, recent?: Omit<RecentItem, 'path'>) => {
    paletteStore.closePalette();
    if (recent) addRecent(userId, { path, ...recent });
    void openRoute(path, beside ? 'beside' : 'replace');
  };

  const ctx: CommandContext = {
    ressourcer,
    focusedPath: ws.focused ? (ws.tiles[ws.focused]?.path ?? null) : null,
    tileCommands,
    open: (path, beside) => openPath(path, beside),
  };
  // A hundred or so commands: filtering them on each keystroke costs well under a millisecond.
  const routeCmds = routeCommands(ctx).map((c) => ({
    ...c,
    run: ({ beside }: { beside: boolean }) => {
      c.run({ beside });
      if (c.path) addRecent(userId, { path: c.path, label: c.label, group: c.group });
    },
  }));
  const local = [
    ...tileCommandsAsCommands(tileCommands),
    ...tabCommands(ctx),
    ...workspaceCommands(ressourcer),
    ...routeCmds,
  ].filter((c) => matchesQuery(c, query));

  const recent = query.trim() === '' ? readRecent(userId) : [];
  const entities = query.trim().length >= 2 ? (search.data?.resultater ?? []) : [];
  const groups = groupBy(local, (c) => c.group);

  // Every selectable item, by its cmdk value, so Ctrl+Enter can open the selected one beside.
  const actions = new Map<string, (beside: boolean) => void>();
  for (const r of recent) actions.set(`recent:${r.path}`, (beside) => openPath(r.path, beside, r));
  for (const e of entities) {
    actions.set(`entity:${e.type}:${e.id}`, (beside) =>
      openPath(ENTITY_PATH[e.type](e.id), beside, { label: e.navn, group: ENTITY_GROUP[e.type] }),
    );
  }
  for (const c of local) {
    actions.set(c.id, (beside) => {
      paletteStore.closePalette();
      c.run({ beside });
    });
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      actions.get(selected)?.(true);
    }
  };
  const selectedLabel = labelOf(selected, { recent, entities, local });

  // When results arrive or the commands change, the selection stays on an item that exists (the
  // first, unless the user's choice is still there), so Enter always has something to open.
  const order = [
    ...(groups.get(GROUP.tile) ?? []).map((c) => c.id),
    ...recent.map((r) => `recent:${r.path}`),
    ...entities.map((e) => `entity:${e.type}:${e.id}`),
    ...[...groups.entries()].filter(([g]) => g !== GROUP.tile).flatMap(([, cs]) => cs.map((c) => c.id)),
  ];
  const orderKey = order.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: orderKey stands for order
  useEffect(() => {
    if (!order.includes(selected)) setSelected(order[0] ?? '');
  }, [orderKey, selected]);

  return (
    <Cmdk.Dialog
      open
      onOpenChange={(next) => !next && paletteStore.closePalette()}
      label="Kommandopalet"
      shouldFilter={false}
      loop
      value={selected}
      onValueChange={setSelected}
      onKeyDown={onKeyDown}
      className="palette"
      overlayClassName="palette-overlay"
      contentClassName="palette-content"
    >
      <Cmdk.Input
        value={query}
        onValueChange={setQuery}
        placeholder="Søg virksomhed, landbrug, vandanlæg, CVR, CHR, Jupiter-id, adresse, side eller handling …"
        aria-label="Søg i kommandopaletten"
      />
      <div className="palette-hint" aria-hidden="true">
        Enter åbner i feltet · Ctrl+Enter åbner i nyt felt ved siden af · Esc lukker
      </div>
      {/* cmdk's active-descendant is not always announced; this live region says what is selected. */}
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {selectedLabel}
      </div>
      <Cmdk.List
        className="palette-list"
        data-results-for={search.data && !search.isPlaceholderData ? query.trim() : undefined}
      >
        {search.isFetching && entities.length === 0 && <Cmdk.Loading>Søger …</Cmdk.Loading>}
        <Cmdk.Empty>Ingen resultater</Cmdk.Empty>
        {groups.get(GROUP.tile) && (
          <CommandGroup heading={GROUP.tile} commands={groups.get(GROUP.tile)!} actions={actions} />
        )}
        {recent.length > 0 && (
          <Cmdk.Group heading="Seneste">
            {recent.map((r) => (
              <Cmdk.Item
                key={r.path}
                value={`recent:${r.path}`}
                onSelect={() => actions.get(`recent:${r.path}`)?.(false)}
              >
                <span className="palette-label">{r.label}</span>
                <span className="palette-meta">{r.group}</span>
              </Cmdk.Item>
            ))}
          </Cmdk.Group>
        )}
        {entities.length > 0 && (
          <Cmdk.Group heading="Virksomheder, landbrug og vandanlæg">
            {entities.map((e) => {
              const Icon = ENTITY_ICON[e.type];
              const value = `entity:${e.type}:${e.id}`;
              return (
                <Cmdk.Item key={value} value={value} onSelect={() => actions.get(value)?.(false)}>
                  <Icon size={14} aria-hidden="true" className="palette-icon" />
                  <span className="palette-label">{e.navn}</span>
                  <span className="palette-meta">
                    {[ENTITY_GROUP[e.type], e.nummer, e.adresse].filter(Boolean).join(' · ')}
                  </span>
                </Cmdk.Item>
              );
            })}
          </Cmdk.Group>
        )}
        {[...groups.entries()]
          .filter(([group]) => group !== GROUP.tile)
          .map(([group, commands]) => (
            <CommandGroup key={group} heading={group} commands={commands} actions={actions} />
          ))}
      </Cmdk.List>
    </Cmdk.Dialog>
  );
}

function CommandGroup(props: {
  heading: string;
  commands: Command[];
  actions: Map<string, (beside: boolean) => void>;
}) {
  return (
    <Cmdk.Group heading={props.heading}>
      {props.commands.map((c) => (
        <Cmdk.Item
          key={c.id}
          value={c.id}
          disabled={c.disabled}
          onSelect={() => props.actions.get(c.id)?.(false)}
        >
          <span className="palette-label">{c.label}</span>
          {c.shortcut && <kbd className="palette-kbd">{shortcutLabel(platformKey(c.shortcut))}</kbd>}
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  );
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k) ?? [];
    list.push(item);
    out.set(k, list);
  }
  return out;
}

function labelOf(
  value: string,
  src: { recent: RecentItem[]; entities: SoegResultat[]; local: Command[] },
): string {
  if (value.startsWith('recent:')) return src.recent.find((r) => `recent:${r.path}` === value)?.label ?? '';
  if (value.startsWith('entity:')) {
    const e = src.entities.find((x) => `entity:${x.type}:${x.id}` === value);
    return e ? `${e.navn}, ${ENTITY_GROUP[e.type]}` : '';
  }
  return src.local.find((c) => c.id === value)?.label ?? '';
}
