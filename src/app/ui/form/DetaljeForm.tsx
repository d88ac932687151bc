import { Plus } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { medGenvej } from '../../lib/keyboard';
import { useLatest } from '../../lib/useLatest';
import { Button } from '../Button';
import { LISTE_TAST } from '../kommando';
import { GemKnap } from './GemKnap';
import { useNyFormFokus, type VersionedForm } from './useVersionedForm';

/**
 * The wiring every list-and-detail form shares: a new record's form scrolls into view and takes the
 * focus in its first field; `onSubmit` saves; `gemRef` holds the latest save for the form's 'Gem …' tile command.
 */
export function useDetaljeForm<T extends Record<string, unknown>>(vf: VersionedForm<T>, erNy: boolean) {
  useNyFormFokus(vf.form.ref, erNy);
  const gemRef = useLatest(vf.gem);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };
  return { gemRef, onSubmit };
}

/**
 * The save bar under a list-and-detail form: Gem (submits; Ctrl/⌘+S), `efterGem`, then for a new
 * record Annullér (when offered: the form's values are dropped, then `onAnnuller`), else 'Fortryd
 * ændringer', then `children`, and 'Ikke gemte ændringer' while the form holds changes.
 */
export function FormKnapper<T extends Record<string, unknown>>(p: {
  vf: VersionedForm<T>;
  erNy: boolean;
  gemLabel?: string;
  onAnnuller?(): void;
  efterGem?: ReactNode;
  children?: ReactNode;
}) {
  const { vf, onAnnuller } = p;
  const { dirty } = vf.form;
  return (
    <div className="rt-actions">
      <GemKnap busy={vf.busy === 'gem'} label={p.gemLabel} />
      {p.efterGem}
      {p.erNy && onAnnuller ? (
        <Button
          color="secondary"
          onClick={() => {
            vf.fortryd();
            onAnnuller();
          }}
        >
          Annullér
        </Button>
      ) : (
        <Button color="secondary" disabled={!dirty} onClick={vf.fortryd}>
          Fortryd ændringer
        </Button>
      )}
      {p.children}
      {dirty && <span className="muted small">Ikke gemte ændringer</span>}
    </div>
  );
}

/**
 * The form column while no form is open: that the record in the address does not exist (`findesIkke`,
 * as an alert with `ikkeFundet`), else the hint in `children`.
 */
export function DetaljePladsholder(p: { findesIkke: boolean; ikkeFundet: string; children: ReactNode }) {
  return (
    <div className="rt-placeholder">
      {p.findesIkke ? (
        <p className="form-alert" role="alert">
          {p.ikkeFundet}
        </p>
      ) : (
        <p className="muted">{p.children}</p>
      )}
    </div>
  );
}

/** The list head's 'Ny …' button (its command's shortcut, alt+n, in the title). */
export function NyKnap(p: { label: string; onClick(): void }) {
  return (
    <Button size="small" onClick={() => p.onClick()} title={medGenvej(p.label, LISTE_TAST.ny)}>
      <Plus size={14} aria-hidden="true" />
      {p.label}
    </Button>
  );
}
