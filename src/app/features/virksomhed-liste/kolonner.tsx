import { type VirksomhedEllerLandbrug, virksomhedEllerLandbrug } from '../../../contract/entitet';
import type { VirksomhedListeItem } from '../../../contract/virksomhed-liste';
import { formatDato } from '../../lib/dates';
import type { DataTableColumn } from '../../ui/DataTable';

/** The list's columns; the ids are the server's sortByColumn names. */
export function listeKolonner(type: VirksomhedEllerLandbrug): DataTableColumn<VirksomhedListeItem>[] {
  const kolonner: (DataTableColumn<VirksomhedListeItem> | null)[] = [
    { id: 'navn', header: 'Navn', accessor: (r) => r.navn, hideable: false, width: '24%' },
    { id: 'cvrNr', header: 'CVR-nr.', accessor: (r) => r.cvrNr, width: 90 },
    { id: 'pNr', header: 'P-nr.', accessor: (r) => r.pNr, width: 105 },
    virksomhedEllerLandbrug(type).harChrNr
      ? { id: 'chrNr', header: 'CHR-nr.', accessor: (r) => r.chrNr, width: 80 }
      : null,
    { id: 'adresse', header: 'Adresse', accessor: (r) => r.adresse, width: '22%' },
    { id: 'postnummer', header: 'Postnr.', accessor: (r) => r.postnummer, width: 70, defaultHidden: true },
    { id: 'by', header: 'By', accessor: (r) => r.by, defaultHidden: true },
    { id: 'branche', header: 'Branche', accessor: (r) => r.branche },
    { id: 'kategori', header: 'Kategori', accessor: (r) => r.kategori, width: 75 },
    { id: 'sagsbehandler', header: 'Primær sagsbehandler', accessor: (r) => r.primaerSagsbehandler },
    {
      id: 'ophoertDato',
      header: 'Ophørt',
      accessor: (r) => r.ophoertDato,
      cell: (r) => formatDato(r.ophoertDato),
      width: 90,
    },
    {
      id: 'etableringsDato',
      header: 'Etableret',
      accessor: (r) => r.etableringsDato,
      cell: (r) => formatDato(r.etableringsDato),
      width: 90,
      defaultHidden: true,
    },
    {
      id: 'omfattetAfBrugerbetaling',
      header: 'Brugerbetaling',
      accessor: (r) => r.omfattetAfBrugerbetaling,
      width: 100,
      defaultHidden: true,
    },
  ];
  return kolonner.filter((k): k is DataTableColumn<VirksomhedListeItem> => k !== null);
}
