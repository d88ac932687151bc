/**
 * The four validation queues with the paths of spec 001 §7 (list and decision), written out here
 * rather than taken from src/contract/validering.ts, so that the API tests check the declared paths.
 */
export const KOER = [
  {
    art: 'anlaeg',
    list: 'OppumpedeVandmaengderValidering/list',
    beslut: 'OppumpedeVandmaengderValidering',
  },
  { art: 'indtag', list: 'IndtagNiveauValidering/list', beslut: 'IndtagNiveauValidering' },
  { art: 'pejling', list: 'PejlingValidering/list', beslut: 'Pejling' },
  { art: 'vandproeve', list: 'Vandproeve/list', beslut: 'Vandproeve' },
] as const;
export type Koe = (typeof KOER)[number];
