import type { MouseEvent, ReactNode } from 'react';
import { Button } from '../Button';
import { TABEL_TEKST } from '../tabel-tekster';
import { type RowData, rowCells, type TableRow } from './adapter';
import type { SelectionMode } from './selection';
import type { DataTableColumn, OpenOptions } from './types';

/**
 * The body: the error row (with 'Prøv igen'), the empty or loading row, or the rows rendered (all,
 * or those in view with spacer rows above and below).
 */
export function GridBody<T extends RowData>(props: {
  errorText: string | null;
  onRetry: (() => void) | undefined;
  loading: boolean | undefined;
  emptyText: ReactNode | undefined;
  colSpan: number;
  shownRows: TableRow<T>[];
  rowIndexes: number[];
  padTop: number;
  padBottom: number;
  /** aria-rowindex of the first shown row less 2 (a server page's start). */
  rowOffset: number;
  colById: ReadonlyMap<string, DataTableColumn<T>>;
  selectionMode: SelectionMode;
  selected: ReadonlySet<string>;
  cursorIndex: number;
  rowDomId(id: string): string;
  onRowClick(row: TableRow<T>, e: MouseEvent, viaCheckbox?: boolean): void;
  onOpen: ((row: T, opts?: OpenOptions) => void) | undefined;
}) {
  const { errorText, shownRows, colById, selectionMode, onRowClick } = props;
  if (errorText) {
    return (
      <tbody>
        <tr className="datatable-message">
          <td colSpan={props.colSpan} className="datatable-error">
            <span className="datatable-error-text">{errorText}</span>
            {props.onRetry && (
              <Button
                size="x-small"
                color="secondary"
                className="datatable-retry"
                onClick={props.onRetry}
                loading={props.loading}
                loadingText="Henter …"
              >
                Prøv igen
              </Button>
            )}
          </td>
        </tr>
      </tbody>
    );
  }
  if (shownRows.length === 0) {
    return (
      <tbody>
        <tr className="datatable-message">
          <td colSpan={props.colSpan}>
            {props.loading ? TABEL_TEKST.indlaeser : (props.emptyText ?? TABEL_TEKST.ingenData)}
          </td>
        </tr>
      </tbody>
    );
  }
  return (
    <tbody>
      {props.padTop > 0 && <tr style={{ height: props.padTop }} className="datatable-pad" />}
      {props.rowIndexes.map((index) => {
        const row = shownRows[index]!;
        const selected = props.selected.has(row.id);
        const isCursor = index === props.cursorIndex;
        return (
          <tr
            key={row.id}
            id={props.rowDomId(row.id)}
            aria-rowindex={props.rowOffset + index + 2}
            aria-selected={selectionMode === 'disabled' ? undefined : selected}
            className={`dt-row${isCursor ? ' cursor' : ''}${selected ? ' selected' : ''}`}
            onClick={(e) => onRowClick(row, e)}
            onDoubleClick={() => props.onOpen?.(row.original)}
          >
            {selectionMode === 'checkbox' && (
              // biome-ignore lint/a11y/useFocusableInteractive: the grid holds focus and announces the cursor row
              <td
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the grid; the grid holds focus (aria-activedescendant)
                role="gridcell"
                className="datatable-check"
              >
                <input
                  type="checkbox"
                  tabIndex={-1}
                  aria-label="Vælg række"
                  checked={selected}
                  onClick={(e) => {
                    e.stopPropagation();
                    onRowClick(row, e, true);
                  }}
                  onChange={() => {}}
                />
              </td>
            )}
            {rowCells(row).map((cell) => {
              const col = colById.get(cell.columnId);
              // A text shown as it is may be cut with an ellipsis (a narrow tile): the whole on hover.
              const tekst = col && !col.cell ? col.accessor(row.original) : null;
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: the grid holds focus and announces the cursor row
                <td
                  key={cell.id}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the grid; the grid holds focus (aria-activedescendant)
                  role="gridcell"
                  className={col?.align ? `align-${col.align}` : undefined}
                  title={typeof tekst === 'string' && tekst.length > 20 ? tekst : undefined}
                >
                  {cell.content}
                </td>
              );
            })}
          </tr>
        );
      })}
      {props.padBottom > 0 && <tr style={{ height: props.padBottom }} className="datatable-pad" />}
    </tbody>
  );
}
