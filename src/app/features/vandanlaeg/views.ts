import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The water-plant feature's views (/vandanlaeg and every tab of /vandanlaeg/:id), registered with
 * the route table through src/app/views.tsx. Loaded lazily, so the first screen stays small.
 */
export const views = {
  vandanlaeg: lazy(() => import('./ListeView')),
  'vandanlaeg-stamoplysninger': lazy(() => import('./StamoplysningerView')),
  'vandanlaeg-indtag': lazy(() => import('./IndtagView')),
  'vandanlaeg-tilladelser': lazy(() => import('./TilladelserView')),
  'vandanlaeg-tilsyn': lazy(() => import('./TilsynView')),
  'vandanlaeg-haandhaevelser': lazy(() => import('./HaandhaevelserView')),
  'vandanlaeg-diadem': lazy(() => import('./DiademView')),
  'vandanlaeg-maengder': lazy(() => import('./MaengderView')),
  'vandanlaeg-fasteproevetagningssteder': lazy(() => import('./FasteProevetagningsstederView')),
  'vandanlaeg-vandproever': lazy(() => import('./VandproeverView')),
} satisfies FeatureViews;
