import { formatDato, idagIDanmark } from '../../../contract/format';
import { VANDANLAEG_SORT_KOLONNER, type VandanlaegListeRaekke } from '../../../contract/vandanlaeg';
import type { DataTableColumn } from '../../ui/DataTable';
import { datoKolonne, serverSortering, talKolonne, tekstKolonne } from '../../ui/table/kolonner';

/** Jupiter status as the list shows it (the latest report, or none). */
export const jupiterStatusTekst = (s: string | null): string =>
  s === null ? 'Ikke indberettet' : s === 'OK' ? 'OK' : 'Fejl';

/** Has the permit's last day (YYYY-MM-DD…) passed on `idag`? No date: nothing to have passed. */
export const tilladelseUdloebet = (udloebsdato: string | null, idag: string): boolean =>
  udloebsdato !== null && udloebsdato.slice(0, 10) < idag;

/** The water-plant list's columns; the ids are the server's sortByColumn names. */
export function vandanlaegKolonner(
  typeNavn: (kode: string | null) => string | null,
): DataTableColumn<VandanlaegListeRaekke>[] {
  return serverSortering<VandanlaegListeRaekke>(VANDANLAEG_SORT_KOLONNER, [
    tekstKolonne('anlaegsnavn', 'Anlægsnavn', (r) => r.anlaegsnavn, { hideable: false, width: '22%' }),
    tekstKolonne('anlaegsnr', 'Anlægsnr.', (r) => r.anlaegsnr, { width: 95 }),
    tekstKolonne('jupiterId', 'Jupiter-id', (r) => r.jupiterId, { width: 85 }),
    tekstKolonne('primaerVirksomhedstype', 'Primær type', (r) => typeNavn(r.primaerVirksomhedstype)),
    tekstKolonne('adresse', 'Adresse', (r) => r.adresse, { width: '18%' }),
    tekstKolonne('sagsbehandler', 'Sagsbehandler', (r) => r.sagsbehandler),
    {
      ...tekstKolonne('jupiterStatus', 'Jupiter-status', (r) => r.jupiterStatus, { width: 105 }),
      cell: (r: VandanlaegListeRaekke) => (
        <span
          className={`va-status ${r.jupiterStatus === null ? 'ingen' : r.jupiterStatus === 'OK' ? 'ok' : 'fejl'}`}
        >
          {jupiterStatusTekst(r.jupiterStatus)}
        </span>
      ),
    },
    talKolonne('tilladtMaengde', 'Tilladt m³/år', (r) => r.tilladtMaengde, { width: 105, maksDecimaler: 0 }),
    {
      ...datoKolonne('udloebsdato', 'Tilladelse udløber', (r) => r.udloebsdato, { width: 150 }),
      // A permit whose last day has passed is marked: the plant abstracts without a permit in force.
      cell: (r: VandanlaegListeRaekke) =>
        tilladelseUdloebet(r.udloebsdato, idagIDanmark()) ? (
          <span className="va-udloebet">
            {formatDato(r.udloebsdato)}{' '}
            <span className="va-status fejl" title="Indvindingstilladelsen er udløbet">
              Udløbet tilladelse
            </span>
          </span>
        ) : (
          formatDato(r.udloebsdato)
        ),
    },
    datoKolonne('senestePeriode', 'Seneste periode', (r) => r.senestePeriode, { width: 105 }),
    talKolonne('afventer', 'Afventer validering', (r) => r.afventer, { width: 90 }),
  ]);
}
