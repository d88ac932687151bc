import { foldEmne } from '../../contract/frase-emner';
import type { Ressource } from '../../contract/roles';
import { canAccess } from '../routes/access';
import { buildPath, matchRoute } from '../routes/match';
import { ROUTES, type RouteDef, specParams } from '../routes/route-table';
import { siblingTabs, type TabFlags } from '../routes/tabs';
import { type Command, GROUP } from '../workspace/kommando';
import type { TileCommand } from '../workspace/tile-api';
import { tabRegler } from '../workspace/visninger';

/**
 * The palette's own commands: an 'Åbn …' command per route that opens without parameters and a
 * 'Fane: …' command per tab of the focused tile. The command type, its groups and the shortcut check
 * belong to the workspace (../workspace/kommando.ts), which binds the same commands to keys.
 */
export interface CommandContext {
  ressourcer: ReadonlySet<Ressource>;
  focusedPath: string | null;
  /** What the focused tile's view has told its tabs (the features' tab rules read them). */
  focusedFlags?: TabFlags;
  tileCommands: TileCommand[];
  /** Opens a path in the focused tile, or beside it. */
  open(path: string, beside: boolean): void;
}

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
      regler: tabRegler(),
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

/**
 * Folds a text for matching: case, accents and æ/ø/å do not count (the palette's ranking, ./rang.ts).
 * The same fold as a phrase subject's code (src/contract/frase-emner.ts).
 */
export const fold: (text: string) => string = foldEmne;
