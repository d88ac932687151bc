import { Columns3 } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Dropdown } from '../Dropdown';
import { TABEL_TEKST } from '../tabel-tekster';
import type { DataTableColumn } from './types';

/**
 * The table's toolbar: the free-text filter (ArrowDown or Enter moves into the grid, Escape clears
 * it), the caller's own controls and 'Vælg kolonner'.
 */
export function Toolbar<T>(props: {
  tableName: string;
  columns: DataTableColumn<T>[];
  visibleIds: readonly string[];
  toggleColumn(id: string): void;
  filter: { text: string; setText(text: string): void } | null;
  filterRef: RefObject<HTMLInputElement | null> | undefined;
  filterPlaceholder: string | undefined;
  filterAutoFocus: boolean | undefined;
  gridRef: RefObject<HTMLTableElement | null>;
  children: ReactNode;
}) {
  const { filter, gridRef, columns, tableName } = props;
  return (
    <div className="datatable-toolbar">
      {filter && (
        <input
          ref={props.filterRef}
          type="search"
          className="input datatable-filter"
          aria-label="Filter"
          data-autofocus={props.filterAutoFocus ? '' : undefined}
          placeholder={props.filterPlaceholder ?? 'Filter'}
          value={filter.text}
          onChange={(e) => filter.setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'Enter') {
              e.preventDefault();
              gridRef.current?.focus();
            } else if (e.key === 'Escape' && filter.text) {
              e.preventDefault();
              e.stopPropagation();
              filter.setText('');
            }
          }}
        />
      )}
      {props.children}
      <span className="datatable-spacer" />
      {columns.some((c) => c.hideable !== false) && (
        <Dropdown
          label={
            <>
              <Columns3 size={14} aria-hidden="true" /> {TABEL_TEKST.vaelgKolonner}
            </>
          }
          popupRole="dialog"
          popupLabel={TABEL_TEKST.vaelgKolonner}
          align="right"
          buttonClassName="button secondary size-small"
          maxHeight={400}
          testId={`columns-${tableName}`}
        >
          <fieldset className="datatable-columns">
            <legend className="visually-hidden">{TABEL_TEKST.vaelgKolonner}</legend>
            {columns
              .filter((c) => c.hideable !== false)
              .map((c) => (
                <label key={c.id} className="check">
                  <input
                    type="checkbox"
                    data-dropdown-item=""
                    checked={props.visibleIds.includes(c.id)}
                    onChange={() => props.toggleColumn(c.id)}
                  />
                  {c.header}
                </label>
              ))}
          </fieldset>
        </Dropdown>
      )}
    </div>
  );
}
