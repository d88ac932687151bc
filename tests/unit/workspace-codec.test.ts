import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute } from '../../src/app/routes/match';
import { ROUTES } from '../../src/app/routes/route-table';
import {
  closeTile,
  focusDirection,
  focusSibling,
  type LayoutNode,
  leaves,
  moveFocused,
  resizeFocused,
  singleTile,
  splitTile,
  toggleMaximise,
  type Workspace,
} from '../../src/app/workspace/layout';
import {
  decodeWorkspace,
  encodeWorkspace,
  normaliseWorkspace,
  plainLinkPath,
  workspaceUrl,
} from '../../src/app/workspace/url-codec';
import { arbejdsomraadeLink, arbejdsomraadeLinkId, tjekLayout } from '../../src/contract/arbejdsomraader';

/** Routes with their params, as arbitraries: ids are positive integers, free text any string. */
const routeArb = fc.constantFrom(...ROUTES.filter((r) => r.query.length === 0)).chain((route) => {
  const names = [...route.path.matchAll(/:(\w+)(\?)?/g)].map((m) => ({ name: m[1]!, optional: !!m[2] }));
  const values = names.map(({ name }) =>
    name === 'kontaktpersonnavn'
      ? fc
          .string({ minLength: 1, maxLength: 12 })
          // '.' and '..' cannot be a path segment (URL parsers remove them); buildPath leaves them out.
          .filter((s) => s.trim() === s && s.length > 0 && s !== '.' && s !== '..')
      : fc.integer({ min: 1, max: 99_999_999 }).map(String),
  );
  return fc.tuple(...values.map((v) => fc.option(v, { nil: undefined }))).map((vals) => {
    const params: Record<string, string> = {};
    // Optional params are positional: once one is absent, the rest are too.
    let absent = false;
    names.forEach(({ name, optional }, i) => {
      const v = vals[i];
      if (!optional) params[name] = v ?? '1';
      else if (!absent && v !== undefined) params[name] = v;
      else absent = true;
    });
    return { route, params };
  });
});

const pathArb = routeArb.map(({ route, params }) => buildPath(route, params));

/** Any layout tree over n tiles, with percentages or equal shares. */
function layoutArb(ids: string[]): fc.Arbitrary<LayoutNode> {
  if (ids.length === 1) return fc.constant(ids[0]!);
  return fc.integer({ min: 1, max: ids.length - 1 }).chain((cut) =>
    fc
      .tuple(
        layoutArb(ids.slice(0, cut)),
        layoutArb(ids.slice(cut)),
        fc.constantFrom('row' as const, 'column' as const),
        fc.option(fc.integer({ min: 1000, max: 9000 }), { nil: undefined }),
      )
      .map(([a, b, direction, pct]) => ({
        type: 'split' as const,
        direction,
        children: [a, b],
        ...(pct === undefined ? {} : { splitPercentages: [pct / 100, 100 - pct / 100] }),
      })),
  );
}

const workspaceArb: fc.Arbitrary<Workspace> = fc.integer({ min: 1, max: 6 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => `x${i}`);
  return fc
    .tuple(
      fc.array(pathArb, { minLength: n, maxLength: n }),
      layoutArb(ids),
      fc.integer({ min: 0, max: n - 1 }),
      fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: null }),
    )
    .map(([paths, layout, f, m]) => ({
      tiles: Object.fromEntries(ids.map((id, i) => [id, { path: paths[i]! }])),
      layout,
      focused: ids[f]!,
      maximised: m === null ? null : ids[m]!,
    }));
});

describe('workspace URL codec', () => {
  it('any layout encodes and decodes to itself (tiles renumbered in reading order)', () => {
    fc.assert(
      fc.property(workspaceArb, (ws) => {
        const focusedPath = ws.tiles[ws.focused!]!.path;
        const decoded = decodeWorkspace(focusedPath, encodeWorkspace(ws));
        expect(decoded).toEqual(normaliseWorkspace(ws));
      }),
      { numRuns: 400 },
    );
  });

  it("leaves out a free-text value of '.' or '..', which no URL path can carry", () => {
    const r = ROUTES.find((x) => x.name === 'validering-kontaktpersoner')!;
    expect(buildPath(r, { jupiterkontaktpersonid: '1', kontaktpersonnavn: '.' })).toBe(
      '/validering/kontaktpersoner/1',
    );
  });

  it('any route of routes.tsv with any parameters round-trips through the URL', () => {
    fc.assert(
      fc.property(routeArb, ({ route, params }) => {
        const path = buildPath(route, params);
        const ws = splitTile(singleTile('/virksomheder'), 't1', 'row', path);
        const url = new URL(workspaceUrl(ws), 'http://x');
        expect(url.pathname).toBe(path);
        const decoded = decodeWorkspace(url.pathname, url.search)!;
        const back = matchRoute(decoded.tiles[decoded.focused!]!.path);
        expect(back?.route.name).toBe(route.name);
        expect(back?.params).toEqual(params);
      }),
      { numRuns: 500 },
    );
  });

  it('writes a readable URL with the focused route as pathname', () => {
    let ws = singleTile('/virksomheder/12/stamoplysninger');
    ws = splitTile(ws, 't1', 'row', '/vandanlaeg/42/indtag/7');
    expect(workspaceUrl(ws)).toBe(
      '/vandanlaeg/42/indtag/7?v=1&t=/virksomheder/12/stamoplysninger&t=/vandanlaeg/42/indtag/7&w=r50-50(0,1)&f=1',
    );
    expect(workspaceUrl(singleTile('/rapport/vandoppumpet'))).toBe('/rapport/vandoppumpet');
  });

  it('treats a link without a layout, or with a broken one, as a plain link', () => {
    expect(decodeWorkspace('/virksomheder', '')).toBeNull();
    expect(decodeWorkspace('/a', '?v=1&t=/a&t=/b&w=r(0,0)')).toBeNull();
    expect(decodeWorkspace('/a', '?v=1&t=/a&w=r(0,1)')).toBeNull();
    expect(decodeWorkspace('/a', '?v=99&t=/a')).toBeNull();
    expect(decodeWorkspace('/a', '?v=1&t=/a&t=/b&w=r50(0,1')).toBeNull();
  });

  it("carries each tile's own view state (its path's query) through the URL", () => {
    const rapport = '/rapport/vandoppumpet?kolonner=aarstal,antal&filter=aarstal:between(2024|2025)';
    // One tile: the URL is the tile's path as it is, a link anyone can open.
    expect(workspaceUrl(singleTile(rapport))).toBe(rapport);
    expect(
      plainLinkPath('/rapport/vandoppumpet', '?kolonner=aarstal,antal&filter=aarstal:between(2024|2025)'),
    ).toBe(rapport);
    // Two tiles with the same report, filtered differently: each keeps its own state.
    let ws = singleTile(rapport);
    ws = splitTile(ws, 't1', 'row', '/rapport/vandoppumpet?filter=anlaegsnavn:contains(a%26b)');
    const url = workspaceUrl(ws);
    const q = url.indexOf('?');
    expect(url.slice(0, q)).toBe('/rapport/vandoppumpet');
    const back = decodeWorkspace(url.slice(0, q), url.slice(q))!;
    expect(back.tiles.t1!.path).toBe(rapport);
    expect(back.tiles.t2!.path).toBe('/rapport/vandoppumpet?filter=anlaegsnavn:contains(a%26b)');
    // A query that carries a layout (even a broken one) is not a view's state.
    expect(plainLinkPath('/a', '?v=1&t=/a&w=r(0')).toBe('/a');
    expect(plainLinkPath('/a', '')).toBe('/a');
  });

  it('lets an edited pathname navigate the focused tile', () => {
    const ws = decodeWorkspace('/landbrug', '?v=1&t=/virksomheder&t=/vandanlaeg&w=c(0,1)&f=1')!;
    expect(ws.tiles.t2!.path).toBe('/landbrug');
    expect(ws.tiles.t1!.path).toBe('/virksomheder');
  });
});

describe('workspace operations', () => {
  const three = () => {
    let ws = singleTile('/a');
    ws = splitTile(ws, 't1', 'row', '/b');
    ws = splitTile(ws, 't2', 'column', '/c');
    return ws;
  };

  it('splits beside and below, focusing the new tile', () => {
    const ws = three();
    expect(leaves(ws.layout)).toEqual(['t1', 't2', 't3']);
    expect(ws.focused).toBe('t3');
  });

  it('closes a tile, keeping the others and their shares', () => {
    const ws = closeTile(three(), 't2');
    expect(leaves(ws.layout)).toEqual(['t1', 't3']);
    expect(ws.tiles.t2).toBeUndefined();
    expect(closeTile(closeTile(ws, 't1'), 't3').layout).toBeNull();
  });

  it('moves focus by order and by direction', () => {
    const ws = three(); // t1 left; t2 top right; t3 bottom right
    expect(focusSibling(ws, 1).focused).toBe('t1');
    expect(focusSibling(ws, -1).focused).toBe('t2');
    expect(focusDirection(ws, 'up').focused).toBe('t2');
    expect(focusDirection(ws, 'left').focused).toBe('t1');
    expect(focusDirection({ ...ws, focused: 't1' }, 'left').focused).toBe('t1');
  });

  it('moves the focused tile by keyboard, keeping focus and the others', () => {
    const ws = { ...three(), focused: 't1' }; // t1 left; t2 top right; t3 bottom right
    const moved = moveFocused(ws, 'right');
    expect(leaves(moved.layout)).toEqual(['t2', 't1', 't3']);
    expect(moved.focused).toBe('t1');
    expect(moved.tiles).toEqual(ws.tiles);
    expect(moveFocused(ws, 'left')).toBe(ws);
  });

  it('maximises and restores without losing the other tiles', () => {
    const ws = toggleMaximise(three(), 't1');
    expect(ws.maximised).toBe('t1');
    expect(leaves(ws.layout)).toHaveLength(3);
    expect(toggleMaximise(ws, 't1').maximised).toBeNull();
  });

  it('resizes the focused tile by keyboard within bounds', () => {
    const ws = resizeFocused({ ...three(), focused: 't1' }, 10);
    const root = ws.layout as { splitPercentages: number[] };
    expect(root.splitPercentages).toEqual([60, 40]);
    const max = resizeFocused(resizeFocused(resizeFocused(resizeFocused(ws, 30), 30), 30), 30);
    expect((max.layout as { splitPercentages: number[] }).splitPercentages).toEqual([90, 10]);
  });
});

describe('named workspaces keep the layout the codec writes (issue 34)', () => {
  it('every layout the workspace can have passes the server’s check and opens as itself', () => {
    fc.assert(
      fc.property(workspaceArb, (ws) => {
        const layout = encodeWorkspace(ws);
        expect(tjekLayout(layout)).toEqual([]);
        // Opened from a name (no address to follow): exactly the layout saved.
        expect(decodeWorkspace('', layout)).toEqual(normaliseWorkspace(ws));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a report tile’s filters and columns, which live in its path', () => {
    const rapport = '/rapport/vandoppumpet?kolonner=anlaeg,maengde&filter=aar%3D2025';
    const ws = splitTile(singleTile('/virksomheder'), 't1', 'row', rapport);
    const layout = encodeWorkspace(ws);
    expect(tjekLayout(layout)).toEqual([]);
    expect(decodeWorkspace('', layout)?.tiles.t2?.path).toBe(rapport);
  });

  it('refuses what no workspace writes', () => {
    expect(tjekLayout('')).toEqual(['Layoutet er påkrævet']);
    expect(tjekLayout('t=/virksomheder')).toEqual(['Layoutet mangler sin formatversion (v)']);
    expect(tjekLayout('v=1')).toEqual(['Layoutet skal have mindst ét felt (t)']);
    expect(tjekLayout('v=1&t=virksomheder')).toEqual(['Hvert felts sti skal begynde med /']);
    expect(tjekLayout('v=1&t=/a&t=/b&f=2')).toEqual(['Det fokuserede felt (f) findes ikke i layoutet']);
  });

  it('reads a workspace’s link from home’s address only', () => {
    expect(arbejdsomraadeLink(12)).toBe('/?arbejdsomraade=12');
    expect(arbejdsomraadeLinkId('/', '?arbejdsomraade=12')).toBe(12);
    expect(arbejdsomraadeLinkId('/', 'arbejdsomraade=12')).toBe(12);
    expect(arbejdsomraadeLinkId('/virksomheder', '?arbejdsomraade=12')).toBeNull();
    expect(arbejdsomraadeLinkId('/', '?arbejdsomraade=0')).toBeNull();
    expect(arbejdsomraadeLinkId('/', '?arbejdsomraade=abc')).toBeNull();
    expect(arbejdsomraadeLinkId('/', '?arbejdsomraade=99999999999')).toBeNull();
    expect(arbejdsomraadeLinkId('/', '')).toBeNull();
    // A link is no layout: the codec treats it as a plain link to home.
    expect(decodeWorkspace('/', '?arbejdsomraade=12')).toBeNull();
  });
});
