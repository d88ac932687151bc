// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isFavorit, toggleFavorit } from '../../src/app/session/favorites';
import {
  closePanel,
  isPanelOpen,
  openPanel,
  openSidePanel,
  selectPanel,
  togglePanel,
} from '../../src/app/session/panels';
import { environmentLabel } from '../../src/app/shell/environment';
import { favoritPath } from '../../src/app/shell/links';
import { defaultBrugerSettings, type KundeSettings } from '../../src/contract/session';

const base = defaultBrugerSettings(new Date(2025, 0, 1));

describe('panel visibility (spec 000 §4)', () => {
  it.each([
    ['timeline', { hideTimeline: false, hideLogs: true, hideAdHocOpgaver: true }],
    ['logs', { hideTimeline: true, hideLogs: false, hideAdHocOpgaver: true }],
    ['adHocOpgaver', { hideTimeline: true, hideLogs: true, hideAdHocOpgaver: false }],
  ] as const)('opening %s hides the other two', (panel, expected) => {
    const allOpen = { ...base, hideTimeline: false, hideLogs: false, hideAdHocOpgaver: false };
    expect(openPanel(allOpen, panel)).toMatchObject(expected);
  });

  it('planning graphs and planning user info exclude each other', () => {
    const graphs = openPanel(base, 'graphs');
    expect(graphs).toMatchObject({ hidePlanlaegningGraphs: false, hidePlanlaegningUserInfo: true });
    expect(openPanel(graphs, 'userInfo')).toMatchObject({
      hidePlanlaegningGraphs: true,
      hidePlanlaegningUserInfo: false,
    });
  });

  it('leaves the other group and every other setting alone', () => {
    const settings = { ...base, hidePlanlaegningGraphs: false, hidePlanlaegningUserInfo: true, layout: 'x' };
    const next = openPanel(settings, 'logs');
    expect(next).toMatchObject({
      hidePlanlaegningGraphs: false,
      hidePlanlaegningUserInfo: true,
      layout: 'x',
    });
    expect(next.oversigtOverIndberetningerAar).toBe(2025);
    expect(settings.hideLogs).toBe(true);
  });

  it('toggles open and closed; closing shows nothing else', () => {
    const open = togglePanel(base, 'logs');
    expect(openSidePanel(open)).toBe('logs');
    const closed = togglePanel(open, 'logs');
    expect(openSidePanel(closed)).toBe(null);
    expect(isPanelOpen(closePanel(base, 'timeline'), 'timeline')).toBe(false);
    expect(openSidePanel(selectPanel(base, 'side', null))).toBe(null);
  });
});

describe('favourite toggle (spec 000 §4)', () => {
  const settings: KundeSettings = {
    favorites: [{ virksomhedId: 2, virksomhedType: 'Landbrug', displayName: 'Bakkegården' }],
  };

  it('adds when absent and keeps the list sorted case-insensitively', () => {
    const next = toggleFavorit(settings, {
      virksomhedId: 9,
      virksomhedType: 'Virksomhed',
      displayName: 'auto ApS',
    });
    expect(next.favorites.map((f) => f.displayName)).toEqual(['auto ApS', 'Bakkegården']);
    expect(isFavorit(next, 9, 'Virksomhed')).toBe(true);
    expect(settings.favorites).toHaveLength(1);
  });

  it('removes when present', () => {
    expect(toggleFavorit(settings, { virksomhedId: 2, virksomhedType: 'Landbrug' }).favorites).toEqual([]);
  });

  it('fails without virksomhedId or virksomhedType', () => {
    expect(() => toggleFavorit(settings, { virksomhedType: 'Landbrug', displayName: 'x' })).toThrow(
      /virksomhedId/,
    );
    expect(() => toggleFavorit(settings, { virksomhedId: 3, displayName: 'x' })).toThrow(/virksomhedType/);
  });

  it('links each type to its stamoplysninger route', () => {
    expect(favoritPath({ virksomhedId: 1, virksomhedType: 'Virksomhed' })).toBe(
      '/virksomheder/1/stamoplysninger',
    );
    expect(favoritPath({ virksomhedId: 2, virksomhedType: 'Landbrug' })).toBe('/landbrug/2/stamoplysninger');
    expect(favoritPath({ virksomhedId: 3, virksomhedType: 'Vandanlaeg' })).toBe(
      '/vandanlaeg/3/stamoplysninger',
    );
  });
});

describe('environmentLabel (spec 000 §2.4)', () => {
  it.each([
    ['miljoetilsyn.dk', null],
    ['www.miljoetilsyn.dk', null],
    ['WWW.Miljoetilsyn.dk.', null],
    ['localhost', 'Development'],
    ['127.0.0.1', 'Development'],
    ['dev.miljoetilsyn.dk', 'Development'],
    ['test.miljoetilsyn.dk', 'Test'],
    ['miljoetilsyn-test.example.net', 'Test'],
    ['preprod.miljoetilsyn.dk', 'Preprod'],
    ['app.miljoetilsyn.dk', 'Development'],
    ['miljoetilsyn.dk.evil.net', 'Development'],
  ])('%s → %s', (host, label) => {
    expect(environmentLabel(host)).toBe(label);
  });
});
