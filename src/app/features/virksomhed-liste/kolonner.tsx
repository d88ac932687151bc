import { type VirksomhedEllerLandbrug, virksomhedEllerLandbrug } from '../../../contract/entitet';
import { LISTE_SORT_KOLONNER, type VirksomhedListeItem } from '../../../contract/virksomhed-liste';
import type { DataTableColumn } from '../../ui/DataTable';
import { datoKolonne, jaNejKolonne, serverSortering, tekstKolonne } from '../../ui/table/kolonner';

/** The list's columns; the ids are the server's sortByColumn names. */
export function listeKolonner(type: VirksomhedEllerLandbrug): DataTableColumn<VirksomhedListeItem>[] {
  return serverSortering<VirksomhedListeItem>(LISTE_SORT_KOLONNER, [
    tekstKolonne('navn', 'Navn', (r) => r.navn, { hideable: false, width: '24%' }),
    tekstKolonne('cvrNr', 'CVR-nr.', (r) => r.cvrNr, { width: 90 }),
    tekstKolonne('pNr', 'P-nr.', (r) => r.pNr, { width: 105 }),
    virksomhedEllerLandbrug(type).harChrNr && tekstKolonne('chrNr', 'CHR-nr.', (r) => r.chrNr, { width: 80 }),
    tekstKolonne('adresse', 'Adresse', (r) => r.adresse, { width: '22%' }),
    tekstKolonne('postnummer', 'Postnr.', (r) => r.postnummer, { width: 70, defaultHidden: true }),
    tekstKolonne('by', 'By', (r) => r.by, { defaultHidden: true }),
    tekstKolonne('branche', 'Branche', (r) => r.branche),
    tekstKolonne('kategori', 'Kategori', (r) => r.kategori, { width: 75 }),
    tekstKolonne('sagsbehandler', 'Primær sagsbehandler', (r) => r.primaerSagsbehandler),
    datoKolonne('ophoertDato', 'Ophørt', (r) => r.ophoertDato, { width: 90 }),
    datoKolonne('etableringsDato', 'Etableret', (r) => r.etableringsDato, { width: 90, defaultHidden: true }),
    jaNejKolonne('omfattetAfBrugerbetaling', 'Brugerbetaling', (r) => r.omfattetAfBrugerbetaling, {
      width: 100,
      defaultHidden: true,
    }),
  ]);
}
