import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatTal } from '../../../contract/format';
import { TABEL_TEKST, valgteRaekker, viserRaekker } from '../tabel-tekster';
import type { Paging } from './usePaging';

/** The row count a table states (spec 000 §8). */
export function statusText(opts: {
  mode: 'server' | 'memory';
  /** Server mode: whether the caller gave a total count. */
  counted: boolean;
  paging: Paging;
  /** The rows given (server mode: the page). */
  rowCount: number;
  /** The rows shown after the memory mode's filter. */
  shownCount: number;
  /** Memory mode: a filter is applied. */
  filtered: boolean;
}): string {
  const { paging, rowCount } = opts;
  if (opts.mode === 'server') {
    if (!opts.counted) return '';
    return paging.capped
      ? `${viserRaekker(rowCount)} · Mere end ${formatTal(paging.total)} i alt`
      : viserRaekker(rowCount, paging.total);
  }
  return opts.filtered ? viserRaekker(opts.shownCount, rowCount) : viserRaekker(rowCount);
}

function PagerButton(props: { label: string; disabled: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

/** Below the grid: the count, the selection and loading state, and the pager of a server-mode table. */
export function Footer(props: {
  status: string;
  errorText: string | null;
  selectedCount: number;
  /** Loading again while earlier rows are shown. */
  reloading: boolean;
  /** Server mode: the pager (shown when there is more than one page). */
  paging: Paging | null;
}) {
  const { errorText, paging } = props;
  const page = paging?.page;
  return (
    <div className="datatable-footer">
      <span role="status" aria-live="polite" className="datatable-status">
        {errorText ? (
          // The rows of an earlier load are not shown, so they are not counted either.
          <span className="datatable-status-error">Listen kunne ikke hentes</span>
        ) : (
          <>
            {props.status}
            {props.selectedCount > 0 && (
              <span className="datatable-selected"> · {valgteRaekker(props.selectedCount)}</span>
            )}
            {props.reloading && <span className="datatable-loading"> · {TABEL_TEKST.indlaeser}</span>}
          </>
        )}
      </span>
      {!errorText && paging && page && (paging.capped || paging.total > page.take) && (
        <span className="datatable-pager">
          <PagerButton label="Forrige side" disabled={!paging.hasPrev} onClick={() => paging.toPrev('first')}>
            <ChevronLeft size={14} />
          </PagerButton>
          <span>
            Side {Math.floor(page.start / page.take) + 1} af {paging.capped ? 'mere end ' : ''}
            {Math.max(1, Math.ceil(paging.total / page.take))}
          </span>
          <PagerButton label="Næste side" disabled={!paging.hasNext} onClick={() => paging.toNext()}>
            <ChevronRight size={14} />
          </PagerButton>
        </span>
      )}
    </div>
  );
}
