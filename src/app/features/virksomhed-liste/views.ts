import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/** The company and farm lists (one view; the route tells which kind it lists). */
const VirksomhedListe = lazy(() => import('./VirksomhedListeView'));

export const views = {
  virksomheder: VirksomhedListe,
  landbrug: VirksomhedListe,
} satisfies FeatureViews;
