import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The yearly planning's views (/planlaegningsperioder and the tabs of one period), registered with
 * the route table through src/app/views.tsx. Loaded lazily, so the first screen stays small.
 */
export const views = {
  planlaegningsperioder: lazy(() => import('./PerioderView')),
  'planlaegningsperiode-oversigt': lazy(() => import('./OversigtView')),
  'planlaegningsperiode-ressourcer': lazy(() => import('./RessourcerView')),
  'planlaegningsperiode-kategori1a1b': lazy(() => import('./Kategori1a1bView')),
  'planlaegningsperiode-kategori2': lazy(() => import('./Kategori2View')),
} satisfies FeatureViews;
