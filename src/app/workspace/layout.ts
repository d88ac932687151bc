/**
 * The workspace model: which tiles are open, where, which has focus. Pure data and functions; the
 * React mosaic renders it and the URL codec writes it. Tile ids are internal ("t1", "t2" ...); the
 * URL uses positions instead, so links stay short and stable.
 */
export type TileId = string;
export type SplitDirection = 'row' | 'column';

export interface SplitNode {
  type: 'split';
  direction: SplitDirection;
  children: LayoutNode[];
  /** Percentages of each child, summing to 100; absent means equal shares. */
  splitPercentages?: number[];
}
export type LayoutNode = TileId | SplitNode;

export interface Tile {
  /** The route shown, as the specification writes paths: '/vandanlaeg/42/indtag/7'. */
  path: string;
}

export interface Workspace {
  tiles: Record<TileId, Tile>;
  layout: LayoutNode | null;
  focused: TileId | null;
  maximised: TileId | null;
}

export const EMPTY_WORKSPACE: Workspace = { tiles: {}, layout: null, focused: null, maximised: null };

export const isSplit = (node: LayoutNode): node is SplitNode => typeof node !== 'string';

/** Tile ids in reading order (depth first, left/top first). */
export function leaves(node: LayoutNode | null): TileId[] {
  if (node === null) return [];
  if (!isSplit(node)) return [node];
  return node.children.flatMap(leaves);
}

function nextTileId(ws: Workspace): TileId {
  let n = Object.keys(ws.tiles).length + 1;
  while (ws.tiles[`t${n}`]) n++;
  return `t${n}`;
}

/** A workspace with one tile showing path. */
export function singleTile(path: string): Workspace {
  return { tiles: { t1: { path } }, layout: 't1', focused: 't1', maximised: null };
}

function replaceNode(node: LayoutNode, target: TileId, replacement: LayoutNode): LayoutNode {
  if (!isSplit(node)) return node === target ? replacement : node;
  return { ...node, children: node.children.map((c) => replaceNode(c, target, replacement)) };
}

/** Replaces the route of a tile. */
export function navigateTile(ws: Workspace, tileId: TileId, path: string): Workspace {
  if (!ws.tiles[tileId]) return ws;
  return { ...ws, tiles: { ...ws.tiles, [tileId]: { path } } };
}

/** Splits a tile in two, the new tile (showing path) right of or below it, and focuses the new one. */
export function splitTile(ws: Workspace, tileId: TileId, direction: SplitDirection, path: string): Workspace {
  if (!ws.layout || !ws.tiles[tileId]) return singleTile(path);
  const id = nextTileId(ws);
  const split: SplitNode = { type: 'split', direction, children: [tileId, id], splitPercentages: [50, 50] };
  return {
    tiles: { ...ws.tiles, [id]: { path } },
    layout: replaceNode(ws.layout, tileId, split),
    focused: id,
    maximised: null,
  };
}

function removeNode(node: LayoutNode, target: TileId): LayoutNode | null {
  if (!isSplit(node)) return node === target ? null : node;
  const kept: { child: LayoutNode; pct: number | undefined }[] = [];
  node.children.forEach((child, i) => {
    const next = removeNode(child, target);
    if (next !== null) kept.push({ child: next, pct: node.splitPercentages?.[i] });
  });
  if (kept.length === 0) return null;
  if (kept.length === 1) return kept[0]!.child;
  const total = kept.reduce((s, k) => s + (k.pct ?? 0), 0);
  const splitPercentages =
    node.splitPercentages && total > 0 ? kept.map((k) => round2(((k.pct ?? 0) / total) * 100)) : undefined;
  return { ...node, children: kept.map((k) => k.child), ...(splitPercentages ? { splitPercentages } : {}) };
}

/** Closes a tile; focus moves to its neighbour in reading order. */
export function closeTile(ws: Workspace, tileId: TileId): Workspace {
  if (!ws.tiles[tileId] || !ws.layout) return ws;
  const order = leaves(ws.layout);
  const index = order.indexOf(tileId);
  const { [tileId]: _closed, ...tiles } = ws.tiles;
  const layout = removeNode(ws.layout, tileId);
  const remaining = leaves(layout);
  const focused = ws.focused === tileId ? (remaining[Math.max(0, index - 1)] ?? null) : ws.focused;
  return { tiles, layout, focused, maximised: ws.maximised === tileId ? null : ws.maximised };
}

export function focusTile(ws: Workspace, tileId: TileId): Workspace {
  return ws.tiles[tileId] ? { ...ws, focused: tileId } : ws;
}

/** Focus the next (+1) or previous (-1) tile in reading order, wrapping around. */
export function focusSibling(ws: Workspace, step: 1 | -1): Workspace {
  const order = leaves(ws.layout);
  if (order.length === 0) return ws;
  const i = ws.focused ? order.indexOf(ws.focused) : -1;
  const next = order[(i + step + order.length) % order.length]!;
  return { ...ws, focused: next, maximised: ws.maximised ? next : null };
}

export function toggleMaximise(ws: Workspace, tileId: TileId | null = ws.focused): Workspace {
  if (!tileId || !ws.tiles[tileId]) return ws;
  return { ...ws, focused: tileId, maximised: ws.maximised === tileId ? null : tileId };
}

/** The tile showing a path, compared case-insensitively (an entity already open is focused, not duplicated). */
export function findTileByPath(ws: Workspace, path: string): TileId | undefined {
  const wanted = path.toLowerCase();
  return leaves(ws.layout).find((id) => ws.tiles[id]?.path.toLowerCase() === wanted);
}

/** Replaces the layout tree (after a drag or resize in the mosaic), keeping tiles that are still placed. */
export function setLayout(ws: Workspace, layout: LayoutNode | null): Workspace {
  const placed = new Set(leaves(layout));
  const tiles = Object.fromEntries(Object.entries(ws.tiles).filter(([id]) => placed.has(id)));
  const focused = ws.focused && placed.has(ws.focused) ? ws.focused : (leaves(layout)[0] ?? null);
  return {
    tiles,
    layout,
    focused,
    maximised: ws.maximised && placed.has(ws.maximised) ? ws.maximised : null,
  };
}

/** The rectangle of each tile in a unit square, for moving focus by direction. */
export function tileRects(
  node: LayoutNode | null,
  rect = { x: 0, y: 0, w: 1, h: 1 },
): Map<TileId, { x: number; y: number; w: number; h: number }> {
  const out = new Map<TileId, { x: number; y: number; w: number; h: number }>();
  if (node === null) return out;
  if (!isSplit(node)) {
    out.set(node, rect);
    return out;
  }
  const n = node.children.length;
  let offset = 0;
  node.children.forEach((child, i) => {
    const share = (node.splitPercentages?.[i] ?? 100 / n) / 100;
    const sub =
      node.direction === 'row'
        ? { x: rect.x + offset * rect.w, y: rect.y, w: share * rect.w, h: rect.h }
        : { x: rect.x, y: rect.y + offset * rect.h, w: rect.w, h: share * rect.h };
    offset += share;
    for (const [id, r] of tileRects(child, sub)) out.set(id, r);
  });
  return out;
}

export type FocusDirection = 'left' | 'right' | 'up' | 'down';

/** Swaps two tiles' places in the layout (their contents and sizes stay with the places). */
export function swapTiles(ws: Workspace, a: TileId, b: TileId): Workspace {
  if (!ws.layout || a === b || !ws.tiles[a] || !ws.tiles[b]) return ws;
  const swap = (node: LayoutNode): LayoutNode =>
    isSplit(node) ? { ...node, children: node.children.map(swap) } : node === a ? b : node === b ? a : node;
  return { ...ws, layout: swap(ws.layout) };
}

/** Moves the focused tile one place in a direction, by swapping it with the tile there; it keeps focus. */
export function moveFocused(ws: Workspace, direction: FocusDirection): Workspace {
  const target = focusDirection(ws, direction).focused;
  if (!ws.focused || !target || target === ws.focused) return ws;
  return swapTiles(ws, ws.focused, target);
}

/** Focus the nearest tile in a direction from the focused one's centre (none there: unchanged). */
export function focusDirection(ws: Workspace, direction: FocusDirection): Workspace {
  if (!ws.focused) return ws;
  const rects = tileRects(ws.layout);
  const from = rects.get(ws.focused);
  if (!from) return ws;
  const cx = from.x + from.w / 2;
  const cy = from.y + from.h / 2;
  let best: { id: TileId; score: number } | undefined;
  for (const [id, r] of rects) {
    if (id === ws.focused) continue;
    const x = r.x + r.w / 2;
    const y = r.y + r.h / 2;
    const dx = x - cx;
    const dy = y - cy;
    const along = { left: -dx, right: dx, up: -dy, down: dy }[direction];
    const across = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1e-9) continue;
    const score = along + 2 * across;
    if (!best || score < best.score) best = { id, score };
  }
  return best ? { ...ws, focused: best.id } : ws;
}

/** Grows (+) or shrinks (-) the focused tile within its parent split, for keyboard resizing. */
export function resizeFocused(ws: Workspace, delta: number): Workspace {
  if (!ws.layout || !ws.focused) return ws;
  const focused = ws.focused;
  const visit = (node: LayoutNode): LayoutNode => {
    if (!isSplit(node)) return node;
    const index = node.children.indexOf(focused);
    if (index < 0) return { ...node, children: node.children.map(visit) };
    const n = node.children.length;
    const pcts = node.splitPercentages ?? node.children.map(() => 100 / n);
    const neighbour = index < n - 1 ? index + 1 : index - 1;
    const grown = clamp(pcts[index]! + delta, 10, pcts[index]! + pcts[neighbour]! - 10);
    const diff = grown - pcts[index]!;
    const next = pcts.map((p, i) => (i === index ? p + diff : i === neighbour ? p - diff : p)).map(round2);
    return { ...node, splitPercentages: next };
  };
  return { ...ws, layout: visit(ws.layout) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
export const round2 = (v: number) => Math.round(v * 100) / 100;
