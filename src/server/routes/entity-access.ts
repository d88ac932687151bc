/**
 * The entity loaders moved below the routes to `src/server/auth/entitet-adgang.ts` (issue 33: domain
 * modules check access too, and they may not import a route module). This re-export serves the route
 * modules that still import the old path; it goes when the last of them imports the new one.
 */
export {
  loadSatEjer,
  loadSatVirksomhed,
  loadVandanlaeg,
  loadVirksomhed,
  requireActiveKunde,
} from '../auth/entitet-adgang';
