import { lazy } from 'react';
import type { FeatureViews } from '../../workspace/tile-api';

/**
 * Administration (spec 000 §2, issue 15): phrases, map links, the municipality's details, document
 * templates, users and the Jupiter certificate. Each view is its own module, loaded lazily.
 */
export const views = {
  'admin-frasebibliotek': lazy(() => import('./FrasebibliotekView')),
  'admin-minimapkoblinger': lazy(() => import('./MinimapkoblingerView')),
  'admin-administrativeoplysninger': lazy(() => import('./AdministrativeOplysningerView')),
  'admin-dokumentskabeloner': lazy(() => import('./DokumentskabelonerView')),
  'admin-brugeradministration': lazy(() => import('./BrugerAdministrationView')),
  'admin-jupitercertifikat': lazy(() => import('./JupiterCertifikatView')),
} satisfies FeatureViews;
