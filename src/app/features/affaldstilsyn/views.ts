import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The SAT feature's views (/affaldstilsyn and every tab of /affaldstilsyn/:id), registered with the
 * route table through src/app/views.tsx. Loaded lazily, so the first screen stays small.
 */
export const views = {
  affaldstilsyn: lazy(() => import('./ListeView')),
  'affaldstilsyn-affaldstilsyn': lazy(() => import('./AffaldstilsynView')),
  'affaldstilsyn-opfoelgendetilsyn': lazy(() => import('./OpfoelgendeTilsynView')),
  'affaldstilsyn-haandhaevelser': lazy(() => import('./HaandhaevelserView')),
  'affaldstilsyn-brugerbetaling': lazy(() => import('./BrugerbetalingView')),
} satisfies FeatureViews;
