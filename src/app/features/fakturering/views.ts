import { lazy } from 'react';
import type { TabRegler } from '../../routes/tabs';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * Invoicing (spec 000 §6, issue 13). Every tab loads the economic-integration flag first
 * (Ramme.tsx) and publishes it to its tile as `oekonomiIntegration`; the failed-transfers tab is
 * shown only when it is set. Loaded lazily, so the first screen stays small.
 */
export const views = {
  'fakturering-fakturaforslagliste': lazy(() => import('./FakturaforslagView')),
  'fakturering-godkendtefakturaforslag': lazy(() => import('./GodkendteView')),
  'fakturering-fakturaoversigt': lazy(() => import('./FakturaoversigtView')),
  'fakturering-fakturafejledeoversigt': lazy(() => import('./FejledeView')),
  'fakturering-gebyrtyper': lazy(() => import('./GebyrtyperView')),
  'fakturering-opfoelgningoekonomi': lazy(() => import('./OpfoelgningOekonomiView')),
} satisfies FeatureViews;

export const tabRegler = {
  'fakturering-fakturafejledeoversigt': { synlig: (c) => c.flags?.oekonomiIntegration === true },
} satisfies TabRegler;
