import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, SpinnerButton } from '../Button';
import { GemKnap } from './GemKnap';

/**
 * The save bar under a record's form: Gem (submits the form), then for a saved record Slet (and
 * 'Fortryd ændringer' where the form offers it), for a new one Annullér; 'Ikke gemte ændringer'
 * while the form holds changes.
 */
export function RecordKnapper(p: {
  busy: 'gem' | 'slet' | null | undefined | false | string;
  dirty: boolean;
  /** The record is saved (Slet), not new (Annullér). */
  gemt: boolean;
  gemLabel?: string;
  /** Omitted where the record cannot be deleted (Slet not offered). */
  onSlet?(): void;
  /** Buttons right after Gem, for a new record as for a saved one (the form's declared actions). */
  handlinger?: ReactNode;
  /** Buttons after Gem for a saved record (Deaktivér). */
  efterGem?: ReactNode;
  onAnnuller(): void;
  /** Offers 'Fortryd ændringer' for a saved record. */
  onFortrydAendringer?(): void;
  /** Why Slet is not possible now (shown as its title); undefined when it is. */
  sletSpaerret?: string;
  className?: string;
}) {
  return (
    <div className={p.className ? `rt-actions ${p.className}` : 'rt-actions'}>
      <GemKnap busy={p.busy === 'gem'} label={p.gemLabel} />
      {p.handlinger}
      {p.gemt ? (
        <>
          {p.efterGem}
          {p.onFortrydAendringer && (
            <Button color="secondary" disabled={!p.dirty} onClick={p.onFortrydAendringer}>
              Fortryd ændringer
            </Button>
          )}
          {p.onSlet && (
            <SpinnerButton
              color="danger"
              loading={p.busy === 'slet'}
              loadingText="Sletter …"
              disabled={p.sletSpaerret !== undefined}
              title={p.sletSpaerret}
              onClick={p.onSlet}
            >
              <Trash2 size={14} aria-hidden="true" />
              Slet
            </SpinnerButton>
          )}
        </>
      ) : (
        <Button color="secondary" onClick={p.onAnnuller}>
          Annullér
        </Button>
      )}
      {p.dirty && <span className="muted small">Ikke gemte ændringer</span>}
    </div>
  );
}
