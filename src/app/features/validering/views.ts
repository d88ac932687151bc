import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/** The validation queues, one view per tab of /validering. */
export const views = {
  'validering-vandproever': lazy(() => import('./VandproeverView')),
  'validering-emailvandanlaeg': lazy(() => import('./EmailVandanlaegView')),
  'validering-oppumpedemaengeranlaeg': lazy(() => import('./OppumpedeAnlaegView')),
  'validering-oppumpedemaengderboringindtag': lazy(() => import('./OppumpedeIndtagView')),
  'validering-pejlinger': lazy(() => import('./PejlingerView')),
  'validering-kontaktpersoner': lazy(() => import('./KontaktpersonerView')),
} satisfies FeatureViews;
