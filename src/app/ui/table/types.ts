import type { ReactNode } from 'react';

export type SortDirection = 'ASC' | 'DESC';
export interface TableSort {
  column: string;
  direction: SortDirection;
}

export type CellValue = string | number | boolean | null | undefined;

export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** The value sorted and filtered on (and shown when there is no `cell`). */
  accessor(row: T): CellValue;
  cell?(row: T): ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Default true: the user can hide it under 'Vælg kolonner'. */
  hideable?: boolean;
  /** Hidden until the user chooses it. */
  defaultHidden?: boolean;
  /** CSS width, e.g. 110 or '30%'. */
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /**
   * In a narrow table (a third-width tile, src/app/ui/smal.ts) the columns marked so come first, in
   * their declared order: the values a user decides on show without scrolling sideways.
   */
  smalFoerst?: boolean;
}

export interface OpenOptions {
  /** Ctrl/Cmd+Enter: open in a new tile beside this one. */
  beside: boolean;
}
