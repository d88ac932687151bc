import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback } from 'react';

const ROW_HEIGHT = 30;

/**
 * The rows rendered: all of them, or (`virtual`) only those in view of the scroll element, with
 * spacer heights above and below that keep the native table and its sticky header.
 */
export function useRowWindow(opts: {
  count: number;
  virtual: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
}): {
  rowIndexes: number[];
  padTop: number;
  padBottom: number;
  /** Brings row `index` into view (its element `domId` when every row is rendered). */
  scrollToRow(index: number, domId: string | undefined): void;
  /** Rows a PageUp/PageDown moves: a screenful less one. */
  pageStep(): number;
} {
  const { count, virtual, scrollRef } = opts;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
    initialRect: { width: 1000, height: 600 },
  });
  const scrollToRow = useCallback(
    (index: number, domId: string | undefined) => {
      if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
      else if (index >= 0) {
        const el = domId ? document.getElementById(domId) : null;
        el?.scrollIntoView?.({ block: 'nearest' });
      }
    },
    [virtual, virtualizer],
  );
  const pageStep = () =>
    Math.max(1, Math.floor((scrollRef.current?.clientHeight || ROW_HEIGHT * 11) / ROW_HEIGHT) - 1);
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const rowIndexes = items ? items.map((i) => i.index) : Array.from({ length: count }, (_, i) => i);
  const padTop = items && items.length > 0 ? items[0]!.start : 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return { rowIndexes, padTop, padBottom, scrollToRow, pageStep };
}
