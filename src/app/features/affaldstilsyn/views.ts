import { lazy } from 'react';
import { SAT_ARTER } from '../../../contract/sat-registreringer';
import { faneVisninger } from '../../records/ramme-faner';
import type { ViewRouteName } from '../../routes/route-table';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The SAT feature's views (/affaldstilsyn and every tab of /affaldstilsyn/:id), registered with the
 * route table through src/app/views.tsx: the list, the tabs with more than a record kind's list and
 * form, and the record view for every other tab a SAT record kind declares
 * (src/contract/sat-registreringer.ts). Loaded lazily, so the first screen stays small.
 */
const Registrering = lazy(() => import('./registreringer').then((m) => ({ default: m.RegistreringView })));

export const views = faneVisninger<'affaldstilsyn' | Extract<ViewRouteName, `affaldstilsyn-${string}`>>(
  ['satvirksomhed'],
  SAT_ARTER,
  {
    affaldstilsyn: lazy(() => import('./ListeView')),
    'affaldstilsyn-affaldstilsyn': lazy(() => import('./AffaldstilsynView')),
    'affaldstilsyn-opfoelgendetilsyn': lazy(() => import('./OpfoelgendeTilsynView')),
    'affaldstilsyn-brugerbetaling': lazy(() => import('./BrugerbetalingView')),
  },
  Registrering,
) satisfies FeatureViews;
