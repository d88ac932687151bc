import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { HeaderGroup } from './adapter';
import type { DataTableColumn, TableSort } from './types';

/** The header row: a sort button per sortable column, its state in aria-sort. */
export function GridHead<T>(props: {
  headerGroups: HeaderGroup[];
  colById: ReadonlyMap<string, DataTableColumn<T>>;
  sort: TableSort | null;
  changeSort(column: string): void;
  checkbox: boolean;
}) {
  const { colById, sort } = props;
  return (
    <thead>
      {props.headerGroups.map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {props.checkbox && (
            <th className="datatable-check" scope="col">
              <span className="visually-hidden">Valgt</span>
            </th>
          )}
          {group.headers.map((header) => {
            const col = colById.get(header.columnId);
            const sortable = col?.sortable !== false;
            const active = sort?.column === header.columnId ? sort.direction : null;
            return (
              <th
                key={header.id}
                scope="col"
                style={col?.width !== undefined ? { width: col.width } : undefined}
                className={col?.align ? `align-${col.align}` : undefined}
                aria-sort={
                  active === 'ASC'
                    ? 'ascending'
                    : active === 'DESC'
                      ? 'descending'
                      : sortable
                        ? 'none'
                        : undefined
                }
              >
                {sortable ? (
                  <button
                    type="button"
                    className="datatable-sort"
                    onClick={() => props.changeSort(header.columnId)}
                  >
                    {col?.header}
                    {active === 'ASC' ? (
                      <ArrowUp size={12} aria-hidden="true" />
                    ) : active === 'DESC' ? (
                      <ArrowDown size={12} aria-hidden="true" />
                    ) : (
                      <ArrowUpDown size={12} aria-hidden="true" className="datatable-sort-idle" />
                    )}
                  </button>
                ) : (
                  col?.header
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
