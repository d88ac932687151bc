/**
 * The report pages (spec 001 §2 '/rapport/…'): each report's name and its page's title in the route
 * table (the palette's 'Åbn …' command and the tile's header; the report's own heading is `titel` in
 * its declaration). Everything else about a report is keyed by these names: its declaration
 * (./rapporter.ts, `Record<RapportNavn, RapportDef>`), its SQL source (src/server/rapport/kilder.ts),
 * the API's `reportType` (./rapport.ts), the route `/rapport/<navn>` with its name and the view that
 * shows it (src/app/routes/route-table.ts, src/app/features/rapport/views.ts). So adding a report is
 * a line here, its declaration and its source; the compiler asks for the last two.
 *
 * The page titles live here, apart from the declarations, because the route table is read at the
 * first paint and must stay light: with the declarations it would pull the whole report engine into
 * the first JavaScript (measured: 164.3 KB → 174.4 KB gzip, over the 170 KB of issue 16).
 */
export const RAPPORT_SIDER = {
  tilsyn: 'Tilsyn',
  haandhaevelser: 'Håndhævelser',
  afgoerelser: 'Afgørelser',
  beholdere: 'Beholdere',
  beholderkontrol: 'Beholderkontrol',
  olietank: 'Olietanke',
  olietanksinspektion: 'Olietanksinspektion',
  pladser: 'Pladser',
  brugerbetaling: 'Brugerbetaling',
  vandanlaegkontaktpersoner: 'Vandanlæg, kontaktpersoner',
  vandtilladelse: 'Vandtilladelser',
  vandtilladelseboring: 'Vandtilladelser, boring',
  vandtilsyn: 'Vandtilsyn',
  vandhaandhaevelse: 'Vandhåndhævelser',
  vandoppumpet: 'Oppumpet vand',
  vandforsyningsfordeling: 'Vandforsyningsfordeling',
  boringtilladelse: 'Boringstilladelser',
  boringpejling: 'Boringspejlinger',
} as const satisfies Record<string, string>;

export type RapportNavn = keyof typeof RAPPORT_SIDER;

/** Every report's name, in the order of the pages. */
export const RAPPORT_NAVNE = Object.keys(RAPPORT_SIDER) as [RapportNavn, ...RapportNavn[]];

/** The route name of a report's page. */
export const rapportRute = <const N extends RapportNavn>(navn: N): `rapport-${N}` => `rapport-${navn}`;

/** The path of a report's page (without its view state in the query). */
export const rapportSti = <const N extends RapportNavn>(navn: N): `/rapport/${N}` => `/rapport/${navn}`;
