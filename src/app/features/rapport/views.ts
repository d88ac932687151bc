import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * The report pages (/rapport/…): one view over each report's declaration, loaded lazily so the first
 * screen stays small.
 */
const RapportView = lazy(() => import('./RapportView'));

export const views = {
  'rapport-tilsyn': RapportView,
  'rapport-haandhaevelser': RapportView,
  'rapport-afgoerelser': RapportView,
  'rapport-beholdere': RapportView,
  'rapport-beholderkontrol': RapportView,
  'rapport-olietank': RapportView,
  'rapport-olietanksinspektion': RapportView,
  'rapport-pladser': RapportView,
  'rapport-brugerbetaling': RapportView,
  'rapport-vandanlaegkontaktpersoner': RapportView,
  'rapport-vandtilladelse': RapportView,
  'rapport-vandtilladelseboring': RapportView,
  'rapport-vandtilsyn': RapportView,
  'rapport-vandhaandhaevelse': RapportView,
  'rapport-vandoppumpet': RapportView,
  'rapport-vandforsyningsfordeling': RapportView,
  'rapport-boringtilladelse': RapportView,
  'rapport-boringpejling': RapportView,
} satisfies FeatureViews;
