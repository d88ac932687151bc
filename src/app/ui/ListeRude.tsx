import type { ReactNode } from 'react';
import { platformKey, shortcutLabel } from '../lib/keyboard';
import { DataTable, type DataTableProps, type RowData } from './DataTable';
import { LISTE_TAST } from './kommando';

/** The 'Ny …' shortcut (alt+n) as the platform writes it, for a list's empty state and hints. */
export function NyTast() {
  return <kbd>{shortcutLabel(platformKey(LISTE_TAST.ny))}</kbd>;
}

export type ListeRudeProps<T extends RowData> = Omit<DataTableProps<T>, 'mode' | 'ariaLabel'> & {
  /** The head's h2. */
  titel: string;
  /** The section's accessible name (default `titel`), and the table's unless `tabelLabel` is given. */
  ariaLabel?: string;
  tabelLabel?: string;
  /** The list has been fetched: the count shows, and `tom` when there are no rows. */
  hentet: boolean;
  /** The count beside the title; default the rows' number once `hentet` ('' before); null: none. */
  antal?: string | null;
  /** The head's right side, after the spacer ('Ny …', filters). */
  handlinger?: ReactNode;
  /**
   * The empty state, said in the table's own empty row (`muted <tomKlasse>`) once `hentet` with no
   * rows; a search that leaves no rows still says the table's 'Ingen data'.
   */
  tom?: ReactNode;
  tomKlasse?: string;
  /** Between the head and the table, e.g. an alert. */
  foerTabel?: ReactNode;
};

/**
 * The list column of a list-and-detail view (`section.rt-list`): the head (title, count, spacer,
 * actions), the empty state, and the in-memory DataTable, which gets every other prop as given.
 */
export function ListeRude<T extends RowData>(p: ListeRudeProps<T>) {
  const {
    titel,
    ariaLabel = titel,
    tabelLabel,
    hentet,
    antal,
    handlinger,
    tom,
    tomKlasse,
    foerTabel,
    ...tabel
  } = p;
  const optalt = antal === undefined ? (hentet ? `${tabel.rows.length}` : '') : antal;
  return (
    <section className="rt-list" aria-label={ariaLabel}>
      <div className="rt-head">
        <h2>{titel}</h2>
        {optalt !== null && <span className="muted small">{optalt}</span>}
        <span className="rt-spacer" />
        {handlinger}
      </div>
      {foerTabel}
      <DataTable<T>
        {...tabel}
        emptyText={
          tom !== undefined && hentet && tabel.rows.length === 0 ? (
            <span className={tomKlasse ? `muted ${tomKlasse}` : 'muted'}>{tom}</span>
          ) : (
            tabel.emptyText
          )
        }
        ariaLabel={tabelLabel ?? ariaLabel}
        mode="memory"
      />
    </section>
  );
}
