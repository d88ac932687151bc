// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { Minikort } from '../../src/app/ui/Minikort';
import type { MinimapKobling } from '../../src/contract/minimap';
import type { Punkt } from '../../src/contract/minimap-url';
import { setupComponentTests } from './harness';

/**
 * The small map's wrapper decides before any map is loaded: no coordinate → a text, a coordinate
 * outside Denmark → a Danish warning and neither map nor links, inside → the coordinate as text and
 * 'Åbn i …' links built for it. (The OpenLayers map itself is checked in e2e/minimap.spec.ts.)
 */

const LINKS: MinimapKobling[] = [
  {
    id: 1,
    visningssted: 'vandanlaeg',
    navn: 'Kommunens kort',
    url: 'https://kort.skive.dk/?x={x}&y={y}&z={zoom}',
    aktiv: true,
    version: 1,
  },
  {
    id: 2,
    visningssted: 'vandanlaeg',
    navn: 'Arealinfo',
    url: 'https://arealinfo.example.dk/?bbox={bbox}',
    aktiv: true,
    version: 1,
  },
];

// Cleanup and jsdom's missing ResizeObserver: the map module may already be loaded by another file
// of the worker (isolate: false), and then the map is drawn within the test.
setupComponentTests();

/** The small map of the water plant 'Nordværket' at `punkt` with the two links; `over` changes the rest. */
const vis = (punkt: Punkt | null, over: Partial<ComponentProps<typeof Minikort>> = {}) =>
  render(<Minikort punkt={punkt} navn="Nordværket" hvad="Vandanlægget" links={LINKS} {...over} />);

describe('Minikort', () => {
  it('says so when the record has no coordinate', () => {
    vis(null);
    expect(screen.getByTestId('minikort-tom').textContent).toBe(
      'Vandanlægget har ingen koordinat, så der er intet kort.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    ['swapped x and y', { x: 6_267_000, y: 497_500 }],
    ['degrees', { x: 9.03, y: 56.57 }],
    ['west of the extent', { x: 445_000, y: 6_267_000 }],
  ])('warns in Danish for a coordinate outside Denmark (%s), with no map and no links', (_, punkt) => {
    vis(punkt);
    expect(screen.getByRole('alert').textContent).toContain('Koordinaten ligger uden for Danmark');
    expect(screen.queryByTestId('minikort')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('warns when a WKT geometry leaves Denmark, even if the coordinate is inside', () => {
    vis(
      { x: 497_500, y: 6_267_000 },
      { wkt: 'LINESTRING(497500 6267000, 497500 7267000)', navn: 'Ledningen' },
    );
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows the coordinate and the links built for it', () => {
    vis({ x: 497_512.345, y: 6_267_000 });
    expect(screen.getByTestId('minikort-koordinat').textContent).toBe(
      'x 497.512,35 · y 6.267.000 (EPSG:25832)',
    );
    const kort = screen.getByRole('link', { name: 'Åbn i Kommunens kort' });
    expect(kort.getAttribute('href')).toBe('https://kort.skive.dk/?x=497512.35&y=6267000&z=12');
    expect(kort.getAttribute('target')).toBe('_blank');
    expect(kort.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Åbn i Arealinfo' }).getAttribute('href')).toBe(
      'https://arealinfo.example.dk/?bbox=497262.35%2C6266750%2C497762.35%2C6267250',
    );
  });
});
