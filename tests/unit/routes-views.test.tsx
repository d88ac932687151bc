// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { views as planlaegning } from '../../src/app/features/planlaegning/views';
import { views as systemadmin } from '../../src/app/features/systemadmin/views';
import { views as validering } from '../../src/app/features/validering/views';
import { views as virksomhed } from '../../src/app/features/virksomhed/views';
import { views as virksomhedListe } from '../../src/app/features/virksomhed-liste/views';
import {
  getRoute,
  type RedirectRouteName,
  ROUTES,
  type RouteName,
  type ViewRouteName,
} from '../../src/app/routes/route-table';
import { IKKE_BYGGET, IKKE_BYGGET_ENDNU, type IkkeBygget, VIEWS, viewFor } from '../../src/app/views';
import type { FeatureViews, ViewComponent } from '../../src/app/workspace/tile-api';

const registered: Partial<Record<string, ViewComponent | IkkeBygget>> = VIEWS;
const featureViews = [systemadmin, validering, virksomhed, virksomhedListe, planlaegning];

describe('route views', () => {
  it('every route a tile shows has a view or an explicit not-built mark; redirecting routes have none', () => {
    for (const route of ROUTES) {
      const entry = registered[route.name];
      if (route.redirect) {
        expect(entry, route.name).toBeUndefined();
        expect(() => viewFor(route), route.name).toThrow(/viderestiller/);
      } else {
        expect(entry, route.name).toBeDefined();
        expect(viewFor(route), route.name).toBeTruthy();
      }
    }
    // Nothing registered for a route the table does not have.
    const names = new Set<string>(ROUTES.map((r) => r.name));
    expect(Object.keys(VIEWS).filter((n) => !names.has(n))).toEqual([]);
  });

  it('a route is either built by one feature or marked not built, never both', () => {
    const built = featureViews.flatMap((v) => Object.keys(v));
    expect(new Set(built).size).toBe(built.length);
    expect(IKKE_BYGGET_ENDNU.filter((n) => built.includes(n))).toEqual([]);
    for (const name of IKKE_BYGGET_ENDNU) expect(registered[name]).toBe(IKKE_BYGGET);
    for (const v of featureViews)
      for (const [name, view] of Object.entries(v)) expect(registered[name], name).toBe(view);
  });

  it('routes not built yet share the overview; built ones get their own view', () => {
    const overview = viewFor(getRoute('logout'));
    expect(viewFor(getRoute('stserror'))).toBe(overview);
    expect(viewFor(getRoute('rapport-tilsyn'))).not.toBe(overview);
    expect(viewFor(getRoute('fakturering-fakturaoversigt'))).not.toBe(overview);
    expect(viewFor(getRoute('vandanlaeg-indtag'))).not.toBe(overview);
    expect(viewFor(getRoute('affaldstilsyn-opfoelgendetilsyn'))).not.toBe(overview);
    expect(viewFor(getRoute('virksomhed-tilsyn'))).toBe(virksomhed['virksomhed-tilsyn']);
    expect(viewFor(getRoute('landbrug-tilsyn'))).toBe(virksomhed['virksomhed-tilsyn']);
    expect(viewFor(getRoute('validering-pejlinger'))).toBe(validering['validering-pejlinger']);
    expect(viewFor(getRoute('virksomhed-tilsyn'))).not.toBe(overview);
  });

  it('a route not built yet opens and says so', async () => {
    const route = getRoute('logout');
    const View = viewFor(route);
    render(
      <Suspense fallback={null}>
        <View route={route} params={{ id: '42' }} tileId="t1" focused />
      </Suspense>,
    );
    expect(await screen.findByText(/Denne visning er endnu ikke bygget/)).toBeTruthy();
    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && el.textContent?.startsWith('Generelt') === true),
    ).toBeTruthy();
    cleanup();
  });

  it('the redirecting routes are exactly those whose route declares a redirect', () => {
    const redirecting = ROUTES.filter((r) => r.redirect).map((r) => r.name);
    const typed: Record<RedirectRouteName, true> = {
      'virksomhed-detalje': true,
      'landbrug-detalje': true,
      'affaldstilsyn-detalje': true,
      'vandanlaeg-detalje': true,
      'planlaegningsperiode-detalje': true,
      admin: true,
      validering: true,
      fakturering: true,
      rapport: true,
      frister: true,
    };
    expect(redirecting.sort()).toEqual(Object.keys(typed).sort());
  });
});

const View: ViewComponent = () => null;

describe('route view types', () => {
  it('are checked by the compiler: `npx tsc` fails if one of these stops being an error', () => {
    const cases = [
      // A feature cannot register a route the table does not have.
      // @ts-expect-error 'virksomhed-tilsynn' is not a RouteName
      { 'virksomhed-tilsynn': View } satisfies FeatureViews,
      // A composition that leaves out a route (here every not-built one) is a type error.
      // @ts-expect-error properties missing from Record<ViewRouteName, …>
      { ...systemadmin, ...validering, ...virksomhed, ...virksomhedListe } satisfies Record<
        ViewRouteName,
        ViewComponent | IkkeBygget
      >,
      // A redirecting route is not a view route, and no feature can register a view for it.
      // @ts-expect-error 'virksomhed-detalje' redirects to its first tab
      'virksomhed-detalje' satisfies ViewRouteName,
      // @ts-expect-error 'validering' redirects to its first tab
      { validering: View } satisfies FeatureViews,
      'virksomhed-tilsyn' satisfies ViewRouteName satisfies RouteName,
    ];
    expect(cases).toHaveLength(5);
  });
});
