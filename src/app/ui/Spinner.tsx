import { TABEL_TEKST } from './tabel-tekster';

/** A small spinning ring with a text for screen readers ('Indlæser …': the spec's generic 'Loading...', §8, in Danish). */
export function Spinner({
  label = TABEL_TEKST.indlaeser,
  showLabel = false,
}: {
  label?: string;
  showLabel?: boolean;
}) {
  return (
    <span className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
}
