import {
  isSplit,
  type LayoutNode,
  leaves,
  round2,
  type SplitNode,
  type TileId,
  type Workspace,
} from './layout';

/**
 * The workspace in the URL (decision recorded in docs/decisions.md):
 *
 *   /vandanlaeg/42/indtag/7?v=1&t=/virksomheder/12/stamoplysninger&t=/vandanlaeg/42/indtag/7&w=r60-40(0,1)&f=1
 *
 * - the pathname is the focused tile's route, exactly as the specification writes it;
 * - v: format version; t: each tile's route, in order; f: index of the focused tile; m: index of a
 *   maximised tile;
 * - w: the split tree: a tile index, or r (side by side) / c (stacked), the children's percentages
 *   joined by '-', and the children in parentheses. Omitted for a single tile.
 *
 * A URL without v/t is a plain link: it opens the user's own workspace with that route focused.
 *
 * A tile's path may carry a query of its own: the view's state (a report's columns, filters and sort,
 * `/rapport/vandoppumpet?kolonner=…&filter=…`). With one tile the URL is that path as it is, so a
 * shared link opens the same view; with several, each `t` holds its tile's whole path (its query
 * encoded inside the value) and the pathname is the focused tile's path without its query.
 */
export const LAYOUT_VERSION = 1;

function encodeNode(node: LayoutNode, index: Map<TileId, number>): string {
  if (!isSplit(node)) return String(index.get(node));
  const pcts = node.splitPercentages ? node.splitPercentages.map((p) => String(round2(p))).join('-') : '';
  return `${node.direction === 'row' ? 'r' : 'c'}${pcts}(${node.children.map((c) => encodeNode(c, index)).join(',')})`;
}

/** The query string (without '?') for a workspace; tiles are numbered in reading order. */
export function encodeWorkspace(ws: Workspace): string {
  const order = leaves(ws.layout);
  if (order.length === 0) return '';
  const index = new Map(order.map((id, i) => [id, i]));
  const params = new URLSearchParams();
  params.set('v', String(LAYOUT_VERSION));
  for (const id of order) params.append('t', ws.tiles[id]?.path ?? '/');
  if (order.length > 1 && ws.layout) params.set('w', encodeNode(ws.layout, index));
  params.set('f', String(ws.focused ? (index.get(ws.focused) ?? 0) : 0));
  if (ws.maximised && index.has(ws.maximised)) params.set('m', String(index.get(ws.maximised)));
  // Slashes are safe in a query value; keeping them makes links readable.
  return params
    .toString()
    .replaceAll('%2F', '/')
    .replaceAll('%28', '(')
    .replaceAll('%29', ')')
    .replaceAll('%2C', ',');
}

/** A tile path's route part, without the view state in its query. */
export const pathDel = (path: string): string => {
  const q = path.indexOf('?');
  return q < 0 ? path : path.slice(0, q);
};

/** The full URL (pathname + query) of a workspace: the focused tile's route plus the layout. */
export function workspaceUrl(ws: Workspace): string {
  const focusedPath = (ws.focused && ws.tiles[ws.focused]?.path) || '/';
  const query = leaves(ws.layout).length > 1 ? encodeWorkspace(ws) : '';
  return query ? `${pathDel(focusedPath)}?${query}` : focusedPath;
}

/**
 * The tile path of a plain link: the pathname, with the link's query when it is a view's state (a
 * query carrying a layout, even a broken one, is not).
 */
export function plainLinkPath(pathname: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return pathname;
  const params = new URLSearchParams(query);
  return params.has('v') || params.has('t') ? pathname : `${pathname}?${query}`;
}

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}
  peek() {
    return this.text[this.pos];
  }
  expect(ch: string) {
    if (this.text[this.pos] !== ch) throw new Error(`expected ${ch} at ${this.pos}`);
    this.pos++;
  }
  number(): number {
    const m = /^\d+(?:\.\d+)?/.exec(this.text.slice(this.pos));
    if (!m) throw new Error(`number expected at ${this.pos}`);
    this.pos += m[0].length;
    return Number(m[0]);
  }
  node(tileCount: number): LayoutNode {
    const ch = this.peek();
    if (ch === 'r' || ch === 'c') {
      this.pos++;
      const pcts: number[] = [];
      if (this.peek() !== '(') {
        pcts.push(this.number());
        while (this.peek() === '-') {
          this.pos++;
          pcts.push(this.number());
        }
      }
      this.expect('(');
      const children = [this.node(tileCount)];
      while (this.peek() === ',') {
        this.pos++;
        children.push(this.node(tileCount));
      }
      this.expect(')');
      if (children.length < 2) throw new Error('a split needs two children');
      if (pcts.length > 0 && pcts.length !== children.length)
        throw new Error('percentages do not match children');
      const split: SplitNode = { type: 'split', direction: ch === 'r' ? 'row' : 'column', children };
      if (pcts.length > 0) split.splitPercentages = pcts;
      return split;
    }
    const n = this.number();
    if (!Number.isInteger(n) || n >= tileCount) throw new Error(`unknown tile ${n}`);
    return `t${n + 1}`;
  }
}

/**
 * Reads a workspace from a URL. Answers null when the URL carries no layout (a plain link) or a
 * layout that cannot be read (an old or edited link): the caller then opens the route in the user's
 * own workspace. The pathname wins over the focused tile's stored route, so editing the address
 * bar's path navigates the focused tile.
 */
export function decodeWorkspace(pathname: string, search: string): Workspace | null {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const version = params.get('v');
  const paths = params.getAll('t');
  if (!version || paths.length === 0) return null;
  if (Number(version) !== LAYOUT_VERSION) return null; // future: convert older versions here
  try {
    const tiles = Object.fromEntries(paths.map((path, i) => [`t${i + 1}`, { path }]));
    let layout: LayoutNode = 't1';
    const w = params.get('w');
    if (w) {
      const parser = new Parser(w);
      layout = parser.node(paths.length);
      if (parser.pos !== w.length) throw new Error('trailing characters');
    } else if (paths.length > 1) {
      layout = { type: 'split', direction: 'row', children: paths.map((_, i) => `t${i + 1}`) };
    }
    const placed = leaves(layout);
    if (new Set(placed).size !== placed.length || placed.length !== paths.length)
      throw new Error('tiles not placed once');
    const f = Number(params.get('f') ?? 0);
    const focused = Number.isInteger(f) && f >= 0 && f < paths.length ? `t${f + 1}` : 't1';
    const m = params.get('m');
    const maximised =
      m !== null && Number.isInteger(Number(m)) && Number(m) < paths.length ? `t${Number(m) + 1}` : null;
    const ws: Workspace = { tiles, layout, focused, maximised };
    if (pathname && pathDel(tiles[focused]!.path).toLowerCase() !== pathname.toLowerCase()) {
      ws.tiles = { ...tiles, [focused]: { path: pathname } };
    }
    return ws;
  } catch {
    return null;
  }
}

/** Renumbers tiles t1..tn in reading order (what a round trip through the URL gives). */
export function normaliseWorkspace(ws: Workspace): Workspace {
  const order = leaves(ws.layout);
  const rename = new Map(order.map((id, i) => [id, `t${i + 1}`]));
  const mapNode = (node: LayoutNode): LayoutNode =>
    isSplit(node)
      ? {
          ...node,
          children: node.children.map(mapNode),
          ...(node.splitPercentages ? { splitPercentages: node.splitPercentages.map(round2) } : {}),
        }
      : rename.get(node)!;
  return {
    tiles: Object.fromEntries(order.map((id) => [rename.get(id)!, ws.tiles[id]!])),
    layout: ws.layout === null ? null : mapNode(ws.layout),
    focused: ws.focused ? (rename.get(ws.focused) ?? null) : null,
    maximised: ws.maximised ? (rename.get(ws.maximised) ?? null) : null,
  };
}
