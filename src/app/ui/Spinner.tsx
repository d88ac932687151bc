/** A small spinning ring with a text for screen readers ('Loading...' is the spec's generic text, §8). */
export function Spinner({
  label = 'Loading...',
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
