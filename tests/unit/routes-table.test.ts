import { describe, expect, it } from 'vitest';
import { canAccess, effectiveRule } from '../../src/app/routes/access';
import { findRoute, getRoute, ROUTES } from '../../src/app/routes/route-table';
import { byPath } from '../../src/contract/entitet';
import { RAPPORT_NAVNE, RAPPORT_SIDER, rapportRute } from '../../src/contract/rapport-sider';
import { RAPPORTER } from '../../src/contract/rapporter';
import { RESSOURCER, ressourcerFor } from '../../src/contract/roles';
import { DEMO_BRUGERE } from '../../src/server/db/demo-brugere';
import { expectedRules, readRoutesTsv, rulesHold, tsvParent, VALIDERING_RULE } from './routes-spec';

const rows = readRoutesTsv();
const routeOf = (path: string) => {
  const route = findRoute(path);
  if (!route) throw new Error(`no route for ${path}`);
  return route;
};
const ressourcerOf = (username: string) => {
  const bruger = DEMO_BRUGERE.find((b) => b.username === username);
  if (!bruger) throw new Error(`no demo user ${username}`);
  return ressourcerFor(bruger.roller);
};

describe('route table against spec/routes.tsv', () => {
  it('has exactly the 98 paths of the TSV, in its order', () => {
    expect(rows).toHaveLength(98);
    expect(ROUTES.map((r) => r.path)).toEqual(rows.map((r) => r.path));
  });

  it('has unique names and the spec’s named routes', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    const named: Record<string, string> = {
      home: '/',
      login: '/login',
      swecologin: '/swecologin',
      stserror: '/stserror',
      logout: '/logout',
      kundemoduler: '/systemadmin/kundemoduler',
      'virksomhed-stamoplysninger': '/virksomheder/:id/stamoplysninger',
      'landbrug-stamoplysninger': '/landbrug/:id/stamoplysninger',
      'vandanlaeg-stamoplysninger': '/vandanlaeg/:id/stamoplysninger/:stamoplysningerid?',
    };
    for (const [name, path] of Object.entries(named)) expect(findRoute(name)?.path).toBe(path);
  });

  it.each(rows)('$path has the access the TSV states', (row) => {
    const route = routeOf(row.path);
    if (row.access === 'public') expect(route.access).toEqual({ type: 'public' });
    else if (row.access === 'parent') {
      const parent = tsvParent(rows, row);
      expect(parent).toBeDefined();
      expect(route.access).toEqual({ type: 'parent', parent: findRoute(parent?.path ?? '')?.name });
    } else if (row.access === 'unstated') {
      expect(row.path).toBe('/validering');
      expect(route.access).toEqual({ type: 'rule', rule: VALIDERING_RULE });
    } else expect(route.access).toEqual({ type: 'rule', rule: row.access });
  });

  it('gives every nested route its TSV parent, and top-level routes none', () => {
    for (const row of rows) {
      const parent = tsvParent(rows, row);
      expect(routeOf(row.path).parent, row.path).toBe(parent ? findRoute(parent.path)?.name : undefined);
    }
  });

  it('names only known resources in its rules', () => {
    for (const route of ROUTES) {
      if (route.access.type !== 'rule') continue;
      for (const alt of route.access.rule.split('||')) expect(RESSOURCER).toContain(alt);
    }
  });

  it('redirects exactly where the spec says', () => {
    const redirects = Object.fromEntries(ROUTES.filter((r) => r.redirect).map((r) => [r.path, r.redirect]));
    expect(redirects).toEqual({
      '/virksomheder/:id': '/virksomheder/:id/stamoplysninger',
      '/landbrug/:id': '/landbrug/:id/stamoplysninger',
      '/affaldstilsyn/:id': '/affaldstilsyn/:id/affaldstilsyn',
      '/vandanlaeg/:id': '/vandanlaeg/:id/stamoplysninger/:stamoplysningerid?',
      '/planlaegningsperioder/:id': '/planlaegningsperioder/:id/oversigt/:aarsplanlaegningid?',
      '/admin': '/admin/frasebibliotek/:fraseid?',
      '/validering': '/validering/vandproever',
      '/fakturering': '/fakturering/fakturaforslagliste',
      '/rapport': '/rapport/tilsyn',
      '/frister': '/frister/opfoelgning',
    });
    // and the TSV notes agree: every row that mentions a redirect or a default tab has one
    const noted = rows.filter((r) => /redirects|default tab/.test(r.notes)).map((r) => r.path);
    expect(noted.sort()).toEqual(Object.keys(redirects).sort());
  });

  it('uses the labels the spec quotes', () => {
    for (const row of rows) {
      const quoted = /tab '([^']+)'/.exec(row.notes)?.[1];
      if (quoted) expect(routeOf(row.path).title, row.path).toBe(quoted);
    }
    expect(getRoute('virksomheder').title).toBe('Virksomheder');
    expect(getRoute('virksomhed-stamoplysninger').title).toBe('Stamoplysninger');
    expect(getRoute('rapport').group).toBe('Rapporter');
    expect(getRoute('validering-pejlinger').group).toBe('Validering');
  });

  it('params: ids are positive integers, kontaktpersonnavn is free text', () => {
    const schema = getRoute('validering-kontaktpersoner').params;
    expect(schema.safeParse({ jupiterkontaktpersonid: '12', kontaktpersonnavn: 'Søren Ø' }).success).toBe(
      true,
    );
    expect(schema.safeParse({}).success).toBe(true);
    const id = getRoute('virksomhed-detalje').params;
    for (const bad of ['0', '-1', 'abc', '01', '1.5', '', '1234567890123456']) {
      expect(id.safeParse({ id: bad }).success, bad).toBe(false);
    }
    expect(id.safeParse({ id: '1' }).success).toBe(true);
    expect(id.safeParse({}).success).toBe(false);
    expect(id.safeParse({ id: '1', extra: '2' }).success).toBe(false);
  });
});

describe('access', () => {
  it.each(rows)('$path: effective rule follows the TSV', (row) => {
    expect(effectiveRule(routeOf(row.path))).toEqual(expectedRules(rows, row));
  });

  it.each(DEMO_BRUGERE.map((b) => b.username))('%s is allowed and refused as the TSV says', (username) => {
    const ressourcer = ressourcerOf(username);
    for (const row of rows) {
      const expected = rulesHold(expectedRules(rows, row), ressourcer);
      expect(canAccess(routeOf(row.path), ressourcer), `${username} ${row.path}`).toBe(expected);
    }
  });

  it('matches a hand-written matrix', () => {
    const can = (username: string, name: Parameters<typeof getRoute>[0]) =>
      canAccess(getRoute(name), ressourcerOf(username));
    expect(can('laeser', 'admin')).toBe(false);
    expect(can('laeser', 'virksomhed-tilsyn')).toBe(true);
    expect(can('laeser', 'rapport-vandoppumpet')).toBe(true);
    expect(can('laeser', 'planlaegningsperioder')).toBe(false);
    expect(can('laeser', 'validering-pejlinger')).toBe(true);
    expect(can('vand', 'vandanlaeg-maengder')).toBe(true);
    expect(can('vand', 'virksomheder')).toBe(false);
    expect(can('vand', 'fakturering')).toBe(false);
    expect(can('virksomhed', 'fakturering-fakturaoversigt')).toBe(true);
    expect(can('virksomhed', 'fakturering-gebyrtyper')).toBe(false);
    expect(can('oekonomi', 'fakturering-gebyrtyper')).toBe(true);
    expect(can('oekonomi', 'virksomheder')).toBe(false);
    expect(can('kommuneadmin', 'admin-brugeradministration')).toBe(true);
    expect(can('kommuneadmin', 'kundemoduler')).toBe(false);
    expect(can('affald', 'affaldstilsyn-brugerbetaling')).toBe(true);
    expect(can('affald', 'rapport')).toBe(false);
    expect(can('planlaegger', 'planlaegningsperiode-kategori1a1b')).toBe(true);
    expect(canAccess(getRoute('admin-brugeradministration'), ressourcerFor(['SagsbehandlerAdmin']))).toBe(
      false,
    );
    expect(canAccess(getRoute('admin-dokumentskabeloner'), ressourcerFor(['SagsbehandlerAdmin']))).toBe(true);
    for (const route of ROUTES) expect(canAccess(route, ressourcerOf('admin')), route.path).toBe(true);
    for (const route of ROUTES) {
      expect(canAccess(route, new Set()), route.path).toBe(route.access.type === 'public');
    }
  });
});

describe('entity kinds on routes', () => {
  it('the list, detail and tabs of each entity kind carry its kind; no other route does', () => {
    for (const route of ROUTES) {
      const expected = byPath(route.path);
      expect(route.entitet, route.name).toBe(expected?.art);
    }
    expect(getRoute('landbrug-dyrehold').entitet).toBe('landbrug');
    expect(getRoute('vandanlaeg-indtag').entitet).toBe('vandanlaeg');
    expect(getRoute('affaldstilsyn-haandhaevelser').entitet).toBe('satvirksomhed');
    expect(getRoute('virksomheder').entitet).toBe('virksomhed');
    expect(getRoute('validering-pejlinger').entitet).toBeUndefined();
    expect(getRoute('rapport-vandtilsyn').entitet).toBeUndefined();
  });
});

describe('report pages come from the report declarations', () => {
  it('has one page per declared report, /rapport/<navn>, that names its report and its declaration', () => {
    const sider = ROUTES.filter((r) => r.kind === 'report');
    expect(sider.map((r) => r.rapport)).toEqual(RAPPORT_NAVNE);
    for (const navn of RAPPORT_NAVNE) {
      const side = getRoute(rapportRute(navn));
      expect(side, navn).toMatchObject({
        path: `/rapport/${navn}`,
        title: RAPPORT_SIDER[navn],
        rapport: navn,
      });
      expect(RAPPORTER[navn].navn, navn).toBe(navn);
      expect(findRoute(`/rapport/${navn}`)?.rapport).toBe(navn);
    }
  });

  it('keeps the page titles the palette and the tiles show', () => {
    expect(getRoute('rapport-vandanlaegkontaktpersoner').title).toBe('Vandanlæg, kontaktpersoner');
    expect(getRoute('rapport-boringpejling').title).toBe('Boringspejlinger');
    expect(getRoute('rapport-tilsyn')).toMatchObject({ group: 'Rapporter', parent: 'rapport' });
  });
});
