import { lazy } from 'react';
import { VANDANLAEG_ARTER } from '../../../contract/vandanlaeg-registreringer';
import { faneVisninger } from '../../records/ramme-faner';
import type { ViewRouteName } from '../../routes/route-table';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The water-plant feature's views (/vandanlaeg and every tab of /vandanlaeg/:id), registered with
 * the route table through src/app/views.tsx: the list, the tabs with more than one record kind's
 * list and form, and the record view for every other tab a plant record kind declares
 * (src/contract/vandanlaeg-registreringer.ts). Loaded lazily, so the first screen stays small.
 */
const Registrering = lazy(() => import('./registreringer').then((m) => ({ default: m.RegistreringView })));

export const views = faneVisninger<'vandanlaeg' | Extract<ViewRouteName, `vandanlaeg-${string}`>>(
  ['vandanlaeg'],
  VANDANLAEG_ARTER,
  {
    vandanlaeg: lazy(() => import('./ListeView')),
    'vandanlaeg-stamoplysninger': lazy(() => import('./StamoplysningerView')),
    'vandanlaeg-indtag': lazy(() => import('./IndtagView')),
    'vandanlaeg-tilladelser': lazy(() => import('./TilladelserView')),
    'vandanlaeg-tilsyn': lazy(() => import('./TilsynView')),
    'vandanlaeg-diadem': lazy(() => import('./DiademView')),
    'vandanlaeg-maengder': lazy(() => import('./MaengderView')),
    'vandanlaeg-fasteproevetagningssteder': lazy(() => import('./FasteProevetagningsstederView')),
    'vandanlaeg-vandproever': lazy(() => import('./VandproeverView')),
  },
  Registrering,
) satisfies FeatureViews;
