import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/** Deadlines (spec 000 §2, issue 15): the follow-up list, DMA status and Jupiter status. Loaded lazily. */
export const views = {
  'frister-opfoelgning': lazy(() => import('./OpfoelgningView')),
  'frister-dmastatus': lazy(() => import('./DmaStatusView')),
  'frister-jupiterstatus': lazy(() => import('./JupiterStatusView')),
} satisfies FeatureViews;
