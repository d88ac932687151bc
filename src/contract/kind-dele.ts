import { type FeltDef, foer, type LookupKilde, type Tjek } from './felter';

/**
 * Parts several record kinds declare alike (./registreringer, ./vandanlaeg-registreringer,
 * ./sat-registreringer) and the company basis (./virksomhed): the DMA lists and their fields, the
 * statuses of an enforcement, and the cross-field checks of dates that must come in order.
 */

/** A list of Danmarks Miljøportal (GET dmalookup/{name}). */
export const dmaKilde = (name: string): LookupKilde => ({ path: `dmalookup/${name}` });

/** How a lookup field is filled: required, several values, and what its value is. */
export interface LookupValg {
  paakraevet?: boolean;
  flere?: boolean;
  vaerdi?: 'id' | 'kode' | 'navn';
}

/** A field chosen from a list, with the registers' marks when a register gets it. */
export const lookupFelt = (
  navn: string,
  label: string,
  kilde: LookupKilde,
  valg: LookupValg = {},
  maerker?: FeltDef['maerker'],
): FeltDef => ({ navn, label, type: { kind: 'lookup', kilde, ...valg }, ...(maerker ? { maerker } : {}) });

/** A field chosen from a DMA list, marked D (DMA gets it). */
export const dmaFelt = (navn: string, label: string, liste: string, valg: LookupValg = {}): FeltDef =>
  lookupFelt(navn, label, dmaKilde(liste), valg, ['D']);

/** An enforcement's names, the same for every owner that has one (company and farm, water plant, SAT company). */
export const HAANDHAEVELSE_NAVNE = {
  navn: 'Håndhævelse',
  flertal: 'Håndhævelser',
  nyLabel: 'Ny håndhævelse',
} as const;

/** The statuses of an enforcement (a water plant's and a SAT company's). */
export const HAANDHAEVELSE_STATUS = ['Åben', 'Efterkommet', 'Afsluttet'] as const;

/** Field `til` may not lie before field `fra` (dates; an empty one passes): `besked` on `til`. */
export const ikkeFoer =
  (fra: string, til: string, besked: string): Tjek =>
  (v) =>
    foer(v, fra, til) ? [[til, besked]] : [];

/** Every check's errors, in order. */
export const alleTjek =
  (...tjek: Tjek[]): Tjek =>
  (v) =>
    tjek.flatMap((t) => t(v));

/** An order's deadline and compliance date may not lie before the day it was given ('Meddelt dato'). */
export const meddeltTjek: Tjek = alleTjek(
  ikkeFoer('dato', 'frist', 'Fristen må ikke ligge før den meddelte dato'),
  ikkeFoer('dato', 'efterkommetDato', 'Må ikke ligge før den meddelte dato'),
);

/** A period's end ('Gældende til') may not lie before its start ('Gældende fra'). */
export const gyldigTilTjek: Tjek = ikkeFoer('dato', 'gyldigTil', 'Må ikke ligge før gældende fra');
