import type { Ressource } from '../../contract/roles';
import { normaliseKey, platformKey, shortcutsOf } from '../lib/keyboard';
import { canAccess } from '../routes/access';
import { buildPath, matchRoute } from '../routes/match';
import { ROUTES, type RouteDef, specParams } from '../routes/route-table';
import { siblingTabs, type TabFlags } from '../routes/tabs';
import { TAB_REGLER } from '../workspace/tab-regler';
import type { TileCommand } from '../workspace/tile-api';

/**
 * One registry feeds the palette and the keyboard shortcuts. A command has a Danish label, a group,
 * keywords, an optional shortcut (live in its layer), a visibility rule and an action.
 */
export type CommandLayer = 'global' | 'tile';

export interface Command {
  id: string;
  label: string;
  group: string;
  keywords?: string[];
  /** Spelt as src/app/lib/keyboard.ts reads it; 'mod' is Cmd on a Mac and Ctrl elsewhere. */
  shortcut?: string;
  /** A second key that does the same, for a layout where the first needs AltGr (Ctrl+\ in Denmark). */
  altShortcut?: string;
  layer: CommandLayer;
  /** The route an opening command opens (for recent items). */
  path?: string;
  /** Opening commands can run in a new tile (Ctrl+Enter in the palette). */
  run(opts: { beside: boolean }): void;
  disabled?: boolean;
}

export interface CommandContext {
  ressourcer: ReadonlySet<Ressource>;
  focusedPath: string | null;
  /** What the focused tile's view has told its tabs (the features' tab rules read them). */
  focusedFlags?: TabFlags;
  tileCommands: TileCommand[];
  /** Opens a path in the focused tile, or beside it. */
  open(path: string, beside: boolean): void;
}

export const GROUP = {
  tile: 'Handlinger i feltet',
  workspace: 'Arbejdsområde',
  tabs: 'Faner',
  session: 'Session',
  kladder: 'Kladder',
} as const;

/** Routes that open without parameters (lists, areas, pages, reports) get an 'Åbn ...' command each. */
const OPENABLE_KINDS = new Set(['page', 'section', 'list', 'report', 'tab']);

export function routeCommands(ctx: Pick<CommandContext, 'ressourcer' | 'open'>): Command[] {
  return ROUTES.filter(
    (r) =>
      OPENABLE_KINDS.has(r.kind) && !hasRequiredParams(r.path) && canAccess(r, ctx.ressourcer) && !r.redirect,
  ).map((route) => ({
    id: `route:${route.name}`,
    label: routeLabel(route),
    group: route.group,
    keywords: [route.path, route.name],
    layer: 'global' as const,
    path: buildPath(route, {}),
    run: ({ beside }) => ctx.open(buildPath(route, {}), beside),
  }));
}

/** Whether a spec path has a required path parameter (':x', not ':x?'), read by the route table's parser. */
export const hasRequiredParams = (path: string) => specParams(path).path.some((p) => !p.optional);

function routeLabel(route: RouteDef): string {
  if (route.kind === 'tab' && route.group !== route.title) return `${route.group}: ${route.title}`;
  return route.title;
}

/** The focused tile's sibling tabs (same entity), as 'Fane: ...' commands. */
export function tabCommands(ctx: CommandContext): Command[] {
  const match = ctx.focusedPath ? matchRoute(ctx.focusedPath) : null;
  if (!match) return [];
  return (
    siblingTabs(match.route, match.params, {
      ressourcer: ctx.ressourcer,
      flags: ctx.focusedFlags,
      regler: TAB_REGLER,
    })
      // A disabled tab (e.g. Brugerbetaling for a company outside user payment) is not a command.
      .filter((t) => t.enabled && t.route.name !== match.route.name)
      .map(({ route, href }) => ({
        id: `tab:${route.name}`,
        label: `Fane: ${route.title}`,
        group: GROUP.tabs,
        keywords: [route.name],
        layer: 'tile' as const,
        run: ({ beside }) => ctx.open(href, beside),
      }))
  );
}

export function tileCommandsAsCommands(tileCommands: readonly TileCommand[]): Command[] {
  return tileCommands.map((c) => ({
    id: `tile:${c.id}`,
    label: c.label,
    group: GROUP.tile,
    keywords: c.keywords,
    shortcut: c.shortcut,
    altShortcut: c.altShortcut,
    layer: 'tile' as const,
    disabled: c.disabled,
    run: () => c.run(),
  }));
}

/**
 * Shortcuts that collide among commands live at the same time. The focused tile's commands are live
 * together with the global ones, so a tile command may not take a global key either. A test keeps
 * this empty for the built-in commands; the workspace warns about a view's collisions.
 */
export function shortcutConflicts(commands: readonly Command[], mac = false): string[] {
  const seen = new Map<string, string>();
  const conflicts: string[] = [];
  for (const c of commands) {
    for (const shortcut of shortcutsOf(c)) {
      const key = normaliseKey(platformKey(shortcut, mac));
      const other = seen.get(key);
      if (other) conflicts.push(`${key} (${other} / ${c.id})`);
      else seen.set(key, c.id);
    }
  }
  return conflicts;
}

/** Folds a text for matching: case, accents and æ/ø/å do not count (the palette's ranking, ./rang.ts). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'oe')
    .replaceAll('å', 'aa')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}
