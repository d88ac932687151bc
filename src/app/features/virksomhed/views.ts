import { lazy } from 'react';
import type { TabRegel, TabRegler } from '../../routes/tabs';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The company feature's views, registered with the route table (src/app/views.tsx
 * composes every feature's). Companies and farms share the tab views; only farms have dyrehold.
 * Loaded lazily, so the first screen stays small.
 */
const Stamoplysninger = lazy(() => import('./StamoplysningerView'));
const Tilsyn = lazy(() => import('./TilsynView'));
const Haandhaevelser = lazy(() => import('./HaandhaevelserView'));
const Afgoerelser = lazy(() => import('./AfgoerelserView'));
const Risikovurdering = lazy(() => import('./RisikovurderingView'));
const Fyringsanlaeg = lazy(() => import('./FyringsanlaegView'));
const Brugerbetaling = lazy(() => import('./BrugerbetalingView'));
const Opbevaringslagre = lazy(() => import('./OpbevaringslagreView'));
const Dyrehold = lazy(() => import('./DyreholdView'));

export const views = {
  'virksomhed-stamoplysninger': Stamoplysninger,
  'virksomhed-tilsyn': Tilsyn,
  'virksomhed-haandhaevelser': Haandhaevelser,
  'virksomhed-afgoerelser': Afgoerelser,
  'virksomhed-risikovurdering': Risikovurdering,
  'virksomhed-fyringsanlaeg': Fyringsanlaeg,
  'virksomhed-brugerbetaling': Brugerbetaling,
  'virksomhed-opbevaringslagre': Opbevaringslagre,
  'landbrug-stamoplysninger': Stamoplysninger,
  'landbrug-tilsyn': Tilsyn,
  'landbrug-haandhaevelser': Haandhaevelser,
  'landbrug-afgoerelser': Afgoerelser,
  'landbrug-risikovurdering': Risikovurdering,
  'landbrug-fyringsanlaeg': Fyringsanlaeg,
  'landbrug-brugerbetaling': Brugerbetaling,
  'landbrug-opbevaringslagre': Opbevaringslagre,
  'landbrug-dyrehold': Dyrehold,
} satisfies FeatureViews;

/**
 * The user-payment tab is shown but disabled until the open company or farm is known to be covered
 * by user payment (DetailFrame publishes basis.omfattetAfBrugerbetaling to its tile).
 */
const brugerbetaling: TabRegel = { aktiv: (c) => c.flags?.omfattetAfBrugerbetaling === true };

export const tabRegler = {
  'virksomhed-brugerbetaling': brugerbetaling,
  'landbrug-brugerbetaling': brugerbetaling,
} satisfies TabRegler;
