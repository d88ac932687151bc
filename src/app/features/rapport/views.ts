import { lazy } from 'react';
import { RAPPORT_NAVNE, type RapportNavn, rapportRute } from '../../../contract/rapport-sider';
import type { FeatureViews, ViewComponent } from '../../workspace/tile-api';

/**
 * The report pages (/rapport/…): one view over each report's declaration, loaded lazily so the first
 * screen stays small. Every report named in src/contract/rapport-sider.ts has its page here; the view
 * reads which report from its route (`route.rapport`).
 */
const RapportView = lazy(() => import('./RapportView'));

/** Every report's page shows the one report view. */
function rapportVisninger(): Record<`rapport-${RapportNavn}`, ViewComponent> {
  const visninger = {} as Record<`rapport-${RapportNavn}`, ViewComponent>;
  for (const navn of RAPPORT_NAVNE) visninger[rapportRute(navn)] = RapportView;
  return visninger;
}

export const views = rapportVisninger() satisfies FeatureViews;
