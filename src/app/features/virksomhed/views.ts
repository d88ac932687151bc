import { lazy } from 'react';
import { ARTER } from '../../../contract/registreringer';
import { artAfRute, faneRuter, faneVisninger } from '../../records/ramme-faner';
import type { ViewRouteName } from '../../routes/route-table';
import type { TabRegel, TabRegler } from '../../routes/tabs';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The company feature's views, registered with the route table (src/app/views.tsx
 * composes every feature's). Companies and farms share the tab views; every tab that shows one
 * record kind gets the record view (the kinds declare their tabs, src/contract/registreringer.ts),
 * so only the tabs with more on them are named here. Loaded lazily, so the first screen stays small.
 */
const Stamoplysninger = lazy(() => import('./StamoplysningerView'));
const Tilsyn = lazy(() => import('./TilsynView'));
const Registrering = lazy(() => import('./RegistreringTab').then((m) => ({ default: m.RegistreringView })));

const ARTER_LISTE = Object.values(ARTER);

type Fane = Extract<ViewRouteName, `virksomhed-${string}` | `landbrug-${string}`>;

export const views = faneVisninger<Fane>(
  ['virksomhed', 'landbrug'],
  ARTER_LISTE,
  {
    'virksomhed-stamoplysninger': Stamoplysninger,
    'virksomhed-tilsyn': Tilsyn,
    'landbrug-stamoplysninger': Stamoplysninger,
    'landbrug-tilsyn': Tilsyn,
  },
  Registrering,
) satisfies FeatureViews;

/**
 * The tab of a kind that needs user payment (kraeverBrugerbetaling: brugerbetaling) is shown but
 * disabled until the open company or farm is known to be covered by user payment (the frame
 * publishes basis.omfattetAfBrugerbetaling to its tile, ./ejer.tsx).
 */
const brugerbetaling: TabRegel = { aktiv: (c) => c.flags?.omfattetAfBrugerbetaling === true };

export const tabRegler: TabRegler = Object.fromEntries(
  faneRuter(['virksomhed', 'landbrug'])
    .filter((r) => artAfRute(r, ARTER_LISTE)?.kraeverBrugerbetaling)
    .map((r) => [r.name, brugerbetaling]),
);
