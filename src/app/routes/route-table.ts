import { z } from 'zod';
import type { EntitetArt } from '../../contract/entitet';
import {
  RAPPORT_NAVNE,
  RAPPORT_SIDER,
  type RapportNavn,
  rapportRute,
  rapportSti,
} from '../../contract/rapport-sider';

/**
 * The client's route table: every route of spec/routes.tsv (98), with the path exactly as the
 * specification writes it. tests/unit/routes-table.test.ts checks it against the TSV.
 */

export type RouteGroup =
  | 'Generelt'
  | 'Systemadministration'
  | 'Virksomheder'
  | 'Landbrug'
  | 'Affaldstilsyn'
  | 'Vandanlæg'
  | 'Planlægning'
  | 'Administration'
  | 'Validering'
  | 'Fakturering'
  | 'Rapporter'
  | 'Frister';

/**
 * session: login/logout screens (not for the palette); status: /ingenadgang, /404;
 * page: a standalone screen; section: a top-level area (usually redirects to its first tab);
 * list: an entity list; detail: an entity that redirects to its default tab; tab; report.
 */
export type RouteKind = 'session' | 'status' | 'page' | 'section' | 'list' | 'detail' | 'tab' | 'report';

export type RouteAccess =
  | { type: 'public' }
  /** Resource names joined by '||': any one suffices. */
  | { type: 'rule'; rule: string }
  /** No rule of its own: all its parents' rules must hold. */
  | { type: 'parent'; parent: string };

export type RouteParams = Readonly<Record<string, string>>;

export interface RouteDef {
  name: string;
  /** As the specification writes it, e.g. '/vandanlaeg/:id/indtag/:boringid?' or '/stslogin?userid='. */
  path: string;
  title: string;
  group: RouteGroup;
  kind: RouteKind;
  access: RouteAccess;
  /** Structural parent (breadcrumbs, tabs); for an inherited rule the same as access.parent. */
  parent?: string;
  /** Spec path of the child route this route redirects to, filled with the same params. */
  redirect?: string;
  /** Path params, plus declared query params (only /stslogin's userid). Absent optionals are omitted. */
  params: z.ZodType<RouteParams>;
  /** Names of the params that live in the query string rather than the path. */
  query: readonly string[];
  /** The entity kind this route lists (kind 'list') or shows one record of (its detail and tabs). */
  entitet?: EntitetArt;
  /** The report a report page shows (kind 'report'): its name in src/contract/rapport-sider.ts. */
  rapport?: RapportNavn;
}

/** Ids are positive integers written in decimal; at most 15 digits so that Number() stays exact. */
export const idParam = z.string().regex(/^[1-9]\d{0,14}$/, 'Ugyldigt id');

/** Free text that encodeURIComponent accepts (no lone surrogates). */
export const textParam = z
  .string()
  .min(1)
  .refine((s) => {
    try {
      encodeURIComponent(s);
      return true;
    } catch {
      return false;
    }
  }, 'Ugyldig tekst');

const TEXT_PARAMS = new Set(['kontaktpersonnavn']);

interface ParsedParam {
  name: string;
  optional: boolean;
}

/** The path part of a spec path. '?' also marks optional params (':x?'), so only '?name=' starts a query. */
export function specPathPart(path: string): string {
  return path.replace(/\?\w+=.*$/, '');
}

/** The params a spec path declares: ':x' and ':x?' in the path, 'x=' in the query. */
export function specParams(path: string): { path: ParsedParam[]; query: string[] } {
  const pathParams = [...specPathPart(path).matchAll(/:(\w+)(\?)?/g)].map((m) => ({
    name: m[1] ?? '',
    optional: m[2] === '?',
  }));
  const query = [...path.matchAll(/[?&](\w+)=/g)].map((m) => m[1] ?? '');
  return { path: pathParams, query };
}

function paramsSchema(path: string): z.ZodType<RouteParams> {
  const { path: pathParams, query } = specParams(path);
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const p of pathParams) {
    const base = TEXT_PARAMS.has(p.name) ? textParam : idParam;
    shape[p.name] = p.optional ? base.optional() : base;
  }
  for (const q of query) shape[q] = z.string().optional();
  const optionals = pathParams.filter((p) => p.optional).map((p) => p.name);
  // Consecutive optional segments are positional: a later one cannot be written without the earlier.
  return z
    .strictObject(shape)
    .refine(
      (v) =>
        optionals.every(
          (name, i) => i === 0 || v[name] === undefined || v[optionals[i - 1] ?? ''] !== undefined,
        ),
      'Et valgfrit parameter kræver det foregående',
    ) as unknown as z.ZodType<RouteParams>;
}

interface RouteInput<N extends string, P extends string, R extends string | undefined> {
  name: N;
  path: P;
  title: string;
  group: RouteGroup;
  kind: RouteKind;
  /** 'public', 'parent' (inherit from `parent`), or an own rule. */
  access: string;
  parent?: string;
  redirect?: R;
  entitet?: EntitetArt;
  rapport?: RapportNavn;
}

/** A route as declared; its type keeps the name, the path and whether it redirects. */
function route<
  const N extends string,
  const P extends string,
  const R extends string | undefined = undefined,
>(input: RouteInput<N, P, R>): RouteDef & { name: N; path: P; redirect: R } {
  const { access, ...rest } = input;
  let resolved: RouteAccess;
  if (access === 'public') resolved = { type: 'public' };
  else if (access === 'parent') {
    if (!input.parent) throw new Error(`Route ${input.name} inherits access but has no parent`);
    resolved = { type: 'parent', parent: input.parent };
  } else resolved = { type: 'rule', rule: access };
  return {
    ...rest,
    // Present (possibly undefined) on every route, so the type says which routes redirect.
    redirect: input.redirect as R,
    access: resolved,
    params: paramsSchema(input.path),
    query: specParams(input.path).query,
  };
}

const VIRK_LAES = 'SAGSBEHANDLER_VIRKSOMHED_LAES';
const LANDBRUG_LAES = 'SAGSBEHANDLER_LANDBRUG_LAES';
const VAND_LAES = 'SAGSBEHANDLER_VANDANLAEG_LAES';
const ALLE_LAES = `${VIRK_LAES}||${LANDBRUG_LAES}||${VAND_LAES}`;

/** Tabs shared by companies (/virksomheder/:id) and farms (/landbrug/:id), in spec order. */
function virksomhedTabs<const B extends string, const N extends string>(
  base: B,
  prefix: N,
  group: RouteGroup,
  entitet: EntitetArt,
) {
  const parent = `${prefix}-detalje`;
  const tab = <const S extends string, const T extends string>(segment: S, name: T, title: string) =>
    route({
      name: `${prefix}-${name}`,
      path: `/${base}/:id/${segment}`,
      title,
      group,
      kind: 'tab',
      access: 'parent',
      parent,
      entitet,
    });
  return [
    tab('stamoplysninger', 'stamoplysninger', 'Stamoplysninger'),
    tab('tilsyn/:tilsynid?', 'tilsyn', 'Tilsyn'),
    tab('haandhaevelser/:haandhaevelseid?', 'haandhaevelser', 'Håndhævelser'),
    tab('afgoerelser/:afgoerelseid?', 'afgoerelser', 'Afgørelser'),
    tab('risikovurdering/:risikovurderingid?', 'risikovurdering', 'Risikovurdering'),
    tab('fyringsanlaeg/:fyringsanlaegid?', 'fyringsanlaeg', 'Fyringsanlæg'),
    tab('brugerbetaling/:brugerbetalingid?', 'brugerbetaling', 'Brugerbetaling'),
    tab('opbevaringslagre/:opbevaringslagerid?', 'opbevaringslagre', 'Opbevaringslagre'),
  ] as const;
}

/** Tabs of an entity's detail route, at `/<base>/:id/<segment>`: its group and entity, inheriting its rule. */
function entitetTabs<const B extends string, const N extends string, const Seg extends string>(
  base: B,
  parent: string,
  group: RouteGroup,
  entitet: EntitetArt,
  entries: readonly (readonly [N, Seg, string])[],
) {
  return entries.map(([name, segment, title]) =>
    route({
      name,
      path: `/${base}/:id/${segment}` as `/${B}/:id/${Seg}`,
      title,
      group,
      kind: 'tab',
      access: 'parent',
      parent,
      entitet,
    }),
  );
}

type FirstSegment<S extends string> = S extends `${infer A}/${string}` ? A : S;

/** Children of a section that share its group and kind and inherit its rule; named section-segment. */
function children<const S extends string, const Seg extends string>(
  section: S,
  kind: RouteKind,
  group: RouteGroup,
  entries: readonly (readonly [Seg, string])[],
) {
  return entries.map(([segment, title]) =>
    route({
      name: `${section}-${(segment.split('/')[0] ?? '').toLowerCase()}` as `${S}-${Lowercase<FirstSegment<Seg>>}`,
      path: `/${section}/${segment}` as `/${S}/${Seg}`,
      title,
      group,
      kind,
      access: 'parent',
      parent: section,
    }),
  );
}

const TABLE = [
  // Public (spec 000 §2.2)
  route({ name: 'home', path: '/', title: 'Hjem', group: 'Generelt', kind: 'page', access: 'public' }),
  route({
    name: 'login',
    path: '/login',
    title: 'Log ind',
    group: 'Generelt',
    kind: 'session',
    access: 'public',
  }),
  route({
    name: 'swecologin',
    path: '/swecologin',
    title: 'Log ind',
    group: 'Generelt',
    kind: 'session',
    access: 'public',
  }),
  route({
    name: 'stslogin',
    path: '/stslogin?userid=',
    title: 'Log ind med single sign-on',
    group: 'Generelt',
    kind: 'session',
    access: 'public',
  }),
  route({
    name: 'stserror',
    path: '/stserror',
    title: 'Fejl ved log ind',
    group: 'Generelt',
    kind: 'session',
    access: 'public',
  }),
  route({
    name: 'logout',
    path: '/logout',
    title: 'Logget ud',
    group: 'Generelt',
    kind: 'session',
    access: 'public',
  }),
  route({
    name: 'ingenadgang',
    path: '/ingenadgang',
    title: 'Ingen adgang',
    group: 'Generelt',
    kind: 'status',
    access: 'public',
  }),
  route({
    name: 'notfound',
    path: '/404',
    title: 'Siden findes ikke',
    group: 'Generelt',
    kind: 'status',
    access: 'public',
  }),

  // Systemadministration
  route({
    name: 'systemadmin',
    path: '/systemadmin',
    title: 'Systemadministration',
    group: 'Systemadministration',
    kind: 'section',
    access: 'SYSTEM_ADMIN',
  }),
  route({
    name: 'kundemoduler',
    path: '/systemadmin/kundemoduler',
    title: 'Kundemoduler',
    group: 'Systemadministration',
    kind: 'tab',
    access: 'parent',
    parent: 'systemadmin',
  }),

  // Virksomheder
  route({
    name: 'virksomheder',
    path: '/virksomheder',
    title: 'Virksomheder',
    group: 'Virksomheder',
    kind: 'list',
    access: VIRK_LAES,
    entitet: 'virksomhed',
  }),
  route({
    name: 'virksomhed-detalje',
    path: '/virksomheder/:id',
    title: 'Virksomhed',
    group: 'Virksomheder',
    kind: 'detail',
    access: 'parent',
    parent: 'virksomheder',
    redirect: '/virksomheder/:id/stamoplysninger',
    entitet: 'virksomhed',
  }),
  ...virksomhedTabs('virksomheder', 'virksomhed', 'Virksomheder', 'virksomhed'),

  // Landbrug
  route({
    name: 'landbrug',
    path: '/landbrug',
    title: 'Landbrug',
    group: 'Landbrug',
    kind: 'list',
    access: LANDBRUG_LAES,
    entitet: 'landbrug',
  }),
  route({
    name: 'landbrug-detalje',
    path: '/landbrug/:id',
    title: 'Landbrug',
    group: 'Landbrug',
    kind: 'detail',
    access: 'parent',
    parent: 'landbrug',
    redirect: '/landbrug/:id/stamoplysninger',
    entitet: 'landbrug',
  }),
  ...virksomhedTabs('landbrug', 'landbrug', 'Landbrug', 'landbrug'),
  ...entitetTabs('landbrug', 'landbrug-detalje', 'Landbrug', 'landbrug', [
    ['landbrug-dyrehold', 'dyrehold/:dyreholdid?', 'Dyrehold'],
  ]),

  // Affaldstilsyn (SAT companies)
  route({
    name: 'affaldstilsyn',
    path: '/affaldstilsyn',
    title: 'Affaldstilsyn',
    group: 'Affaldstilsyn',
    kind: 'list',
    access: 'SAGSBEHANDLER_AFFALD',
    entitet: 'satvirksomhed',
  }),
  route({
    name: 'affaldstilsyn-detalje',
    path: '/affaldstilsyn/:id',
    title: 'Affaldstilsyn',
    group: 'Affaldstilsyn',
    kind: 'detail',
    access: 'parent',
    parent: 'affaldstilsyn',
    redirect: '/affaldstilsyn/:id/affaldstilsyn',
    entitet: 'satvirksomhed',
  }),
  ...entitetTabs('affaldstilsyn', 'affaldstilsyn-detalje', 'Affaldstilsyn', 'satvirksomhed', [
    ['affaldstilsyn-affaldstilsyn', 'affaldstilsyn', 'Affaldstilsyn'],
    ['affaldstilsyn-opfoelgendetilsyn', 'opfoelgendetilsyn/:opfoelgendetilsynid?', 'Opfølgende tilsyn'],
    ['affaldstilsyn-haandhaevelser', 'haandhaevelser/:satHaandhaevelseId?', 'Håndhævelser'],
    ['affaldstilsyn-brugerbetaling', 'brugerbetaling/:gebyrid?', 'Brugerbetaling'],
  ]),

  // Vandanlæg
  route({
    name: 'vandanlaeg',
    path: '/vandanlaeg',
    title: 'Vandanlæg',
    group: 'Vandanlæg',
    kind: 'list',
    access: VAND_LAES,
    entitet: 'vandanlaeg',
  }),
  route({
    name: 'vandanlaeg-detalje',
    path: '/vandanlaeg/:id',
    title: 'Vandanlæg',
    group: 'Vandanlæg',
    kind: 'detail',
    access: 'parent',
    parent: 'vandanlaeg',
    redirect: '/vandanlaeg/:id/stamoplysninger/:stamoplysningerid?',
    entitet: 'vandanlaeg',
  }),
  ...entitetTabs('vandanlaeg', 'vandanlaeg-detalje', 'Vandanlæg', 'vandanlaeg', [
    ['vandanlaeg-stamoplysninger', 'stamoplysninger/:stamoplysningerid?', 'Stamoplysninger'],
    ['vandanlaeg-indtag', 'indtag/:boringid?', 'Boring / indtag'],
    ['vandanlaeg-tilladelser', 'tilladelser/:tilladelseid?', 'Tilladelser'],
    ['vandanlaeg-tilsyn', 'tilsyn/:tilsynid?', 'Tilsyn / opfølgning'],
    ['vandanlaeg-haandhaevelser', 'haandhaevelser/:haandhaevelseid?', 'Håndhævelser'],
    ['vandanlaeg-diadem', 'diadem', 'Diadem'],
    ['vandanlaeg-maengder', 'maengder', 'Mængder'],
    ['vandanlaeg-fasteproevetagningssteder', 'fasteproevetagningssteder', 'Faste prøvetagningssteder'],
    ['vandanlaeg-vandproever', 'vandproever', 'Vandprøver'],
  ]),

  // Planlægning
  route({
    name: 'planlaegningsperioder',
    path: '/planlaegningsperioder',
    title: 'Planlægningsperioder',
    group: 'Planlægning',
    kind: 'list',
    access: 'SAGSBEHANDLER_AARSPLAN||SAGSBEHANDLER_LANDBRUG||SAGSBEHANDLER_VIRKSOMHED',
  }),
  route({
    name: 'planlaegningsperiode-detalje',
    path: '/planlaegningsperioder/:id',
    title: 'Planlægningsperiode',
    group: 'Planlægning',
    kind: 'detail',
    access: 'parent',
    parent: 'planlaegningsperioder',
    redirect: '/planlaegningsperioder/:id/oversigt/:aarsplanlaegningid?',
  }),
  ...(
    [
      ['oversigt', 'Tilsynsplan'],
      ['ressourcer', 'Ressourcer'],
      ['kategori1a1b', 'Kategori 1a + 1b'],
      ['kategori2', 'Kategori 2'],
    ] as const
  ).map(([segment, title]) =>
    route({
      name: `planlaegningsperiode-${segment}`,
      path: `/planlaegningsperioder/:id/${segment}/:aarsplanlaegningid?`,
      title,
      group: 'Planlægning',
      kind: 'tab',
      access: 'parent',
      parent: 'planlaegningsperiode-detalje',
    }),
  ),

  // Administration
  route({
    name: 'admin',
    path: '/admin',
    title: 'Administration',
    group: 'Administration',
    kind: 'section',
    access: 'KOMMUNE_ADMIN||SAGSBEHANDLER_ADMIN',
    redirect: '/admin/frasebibliotek/:fraseid?',
  }),
  ...children('admin', 'tab', 'Administration', [
    ['frasebibliotek/:fraseid?', 'Frasebibliotek'],
    ['minimapkoblinger/:minimapkoblingid?', 'Minimapkoblinger'],
    ['administrativeoplysninger/:administrativeoplysningerid?', 'Administrative oplysninger'],
    ['dokumentskabeloner', 'Dokumentskabeloner'],
  ]),
  route({
    name: 'admin-brugeradministration',
    path: '/admin/BrugerAdministration',
    title: 'Brugeradministration',
    group: 'Administration',
    kind: 'tab',
    access: 'KOMMUNE_ADMIN',
    parent: 'admin',
  }),
  route({
    name: 'admin-jupitercertifikat',
    path: '/admin/JupiterCertifikat',
    title: 'Jupiter-certifikat',
    group: 'Administration',
    kind: 'tab',
    access: 'KOMMUNE_ADMIN',
    parent: 'admin',
  }),

  // Validering: the spec states no rule; see docs/decisions-routes.md.
  route({
    name: 'validering',
    path: '/validering',
    title: 'Validering',
    group: 'Validering',
    kind: 'section',
    access: VAND_LAES,
    redirect: '/validering/vandproever',
  }),
  ...children('validering', 'tab', 'Validering', [
    ['vandproever', 'Vandprøver'],
    ['emailvandanlaeg', 'Oversigt over indberetninger'],
    ['oppumpedemaengeranlaeg', 'Oppumpede mængder, anlæg'],
    ['oppumpedemaengderboringindtag', 'Oppumpede mængder, boring / indtag'],
    ['pejlinger', 'Pejlinger'],
    ['kontaktpersoner/:jupiterkontaktpersonid?/:kontaktpersonnavn?', 'Kontaktpersoner'],
  ]),

  // Fakturering
  route({
    name: 'fakturering',
    path: '/fakturering',
    title: 'Fakturering',
    group: 'Fakturering',
    kind: 'section',
    access: 'SAGSBEHANDLER_LANDBRUG||SAGSBEHANDLER_VIRKSOMHED||OKONOMI_ADMIN',
    redirect: '/fakturering/fakturaforslagliste',
  }),
  ...children('fakturering', 'tab', 'Fakturering', [
    ['fakturaforslagliste', 'Fakturaforslag'],
    ['godkendtefakturaforslag', 'Godkendte fakturaforslag'],
    ['fakturaoversigt', 'Fakturaoversigt'],
    ['fakturafejledeoversigt', 'Fejlede overførsler'],
  ]),
  route({
    name: 'fakturering-gebyrtyper',
    path: '/fakturering/gebyrtyper/:satGebyrTypeId?',
    title: 'Gebyrtyper',
    group: 'Fakturering',
    kind: 'tab',
    access: 'OKONOMI_ADMIN',
    parent: 'fakturering',
  }),
  ...children('fakturering', 'tab', 'Fakturering', [
    ['opfoelgningoekonomi/:aarsplanlaegningid?', 'Opfølgning økonomi'],
  ]),

  // Rapporter: stored reports (fixed report id), then generic reports
  route({
    name: 'rapport',
    path: '/rapport',
    title: 'Rapporter',
    group: 'Rapporter',
    kind: 'section',
    access: ALLE_LAES,
    redirect: '/rapport/tilsyn',
  }),
  // One page per declared report, named and titled by its declaration (src/contract/rapport-sider.ts).
  ...RAPPORT_NAVNE.map((navn) =>
    route({
      name: rapportRute(navn),
      path: rapportSti(navn),
      title: RAPPORT_SIDER[navn],
      group: 'Rapporter',
      kind: 'report',
      access: 'parent',
      parent: 'rapport',
      rapport: navn,
    }),
  ),

  // Frister
  route({
    name: 'frister',
    path: '/frister',
    title: 'Frister',
    group: 'Frister',
    kind: 'section',
    access: ALLE_LAES,
    redirect: '/frister/opfoelgning',
  }),
  ...children('frister', 'tab', 'Frister', [
    ['opfoelgning', 'Opfølgning'],
    ['dmastatus', 'DMA-status'],
    ['jupiterstatus', 'Jupiter-status'],
  ]),
] as const;

export type RouteName = (typeof TABLE)[number]['name'];
export type RoutePath = (typeof TABLE)[number]['path'];
/** Routes that only redirect to a child (a detail to its first tab, a section to its first page). */
export type RedirectRouteName = Extract<(typeof TABLE)[number], { redirect: string }>['name'];
/** Routes a tile shows: every route but those that only redirect (the guard follows them first). */
export type ViewRouteName = Exclude<RouteName, RedirectRouteName>;

export const ROUTES: readonly RouteDef[] = TABLE;

const byName = new Map<string, RouteDef>(ROUTES.map((r) => [r.name, r]));
const byPath = new Map<string, RouteDef>(ROUTES.map((r) => [r.path, r]));

/** Looks a route up by its name or its exact spec path. */
export function findRoute(nameOrPath: string): RouteDef | undefined {
  return byName.get(nameOrPath) ?? byPath.get(nameOrPath);
}

/** Like findRoute, for names known to exist. */
export function getRoute(nameOrPath: RouteName | RoutePath): RouteDef {
  const r = findRoute(nameOrPath);
  if (!r) throw new Error(`Unknown route ${nameOrPath}`);
  return r;
}
