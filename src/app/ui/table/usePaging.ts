import { type RefObject, useRef } from 'react';

export type CursorOnArrival = 'first' | 'last';

export interface Paging {
  /** Server mode: the page shown. */
  page: { start: number; take: number } | undefined;
  /** Rows in all pages (server mode) or in the list (memory mode). */
  total: number;
  /** The server counted only up to `total` and more rows match. */
  capped: boolean;
  hasNext: boolean;
  hasPrev: boolean;
  /** Asks for the next page; the cursor goes to its first row when it arrives. */
  toNext(): void;
  /** Asks for the previous page; the cursor goes to its `cursor` row when it arrives. */
  toPrev(cursor: CursorOnArrival): void;
  /** Where the cursor goes when the page asked for arrives (null: no page asked for). */
  pendingCursor: RefObject<CursorOnArrival | null>;
}

/** Paging of a server-mode table (controlled: the caller fetches the page asked for). */
export function usePaging(opts: {
  mode: 'server' | 'memory';
  page: { start: number; take: number } | undefined;
  totalCount: number | undefined;
  totalCountCapped: boolean | undefined;
  rowCount: number;
  onPageChange: ((start: number) => void) | undefined;
}): Paging {
  const { mode, page } = opts;
  const pendingCursor = useRef<CursorOnArrival | null>(null);
  const total = mode === 'server' ? (opts.totalCount ?? opts.rowCount) : opts.rowCount;
  const capped = mode === 'server' && !!opts.totalCountCapped;
  const hasNext = mode === 'server' && !!page && (capped || page.start + page.take < total);
  const hasPrev = mode === 'server' && !!page && page.start > 0;
  const goPage = (start: number, cursor: CursorOnArrival) => {
    pendingCursor.current = cursor;
    opts.onPageChange?.(start);
  };
  return {
    page,
    total,
    capped,
    hasNext,
    hasPrev,
    toNext: () => {
      if (page) goPage(page.start + page.take, 'first');
    },
    toPrev: (cursor) => {
      if (page) goPage(Math.max(0, page.start - page.take), cursor);
    },
    pendingCursor,
  };
}
