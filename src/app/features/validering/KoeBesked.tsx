import { X } from 'lucide-react';
import type { Besked } from '../../../../machines/koe';
import { Button } from '../../ui/Button';

/** The banner above the queue: the last outcome, with 'Prøv igen' after a failed decision or undo. */
export function KoeBesked({
  besked,
  kanProeveIgen,
  onRetry,
  onClose,
}: {
  besked: Besked | null;
  kanProeveIgen: boolean;
  onRetry(): void;
  onClose(): void;
}) {
  if (!besked) return null;
  return (
    <div
      className={`vl-besked vl-besked-${besked.type}`}
      role={besked.type === 'fejl' ? 'alert' : 'status'}
      data-testid="koe-besked"
    >
      <span>{besked.tekst}</span>
      {kanProeveIgen && (
        <Button size="x-small" color="secondary" onClick={onRetry}>
          Prøv igen
        </Button>
      )}
      <button type="button" className="icon-button" aria-label="Luk besked" onClick={onClose}>
        <X size={14} />
      </button>
    </div>
  );
}
