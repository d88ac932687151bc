import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/** System administration: the section shows its only tab, the customer modules. */
const Kundemoduler = lazy(() => import('./KundemodulerView'));

export const views = {
  systemadmin: Kundemoduler,
  kundemoduler: Kundemoduler,
} satisfies FeatureViews;
