import { Undo2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useRef } from 'react';
import { formatDatoTid } from '../../lib/dates';
import { Button } from '../Button';
import type { TileCommand } from '../kommando';
import { FormBeskeder } from './KladdeBesked';
import type { VersionedForm } from './useVersionedForm';
import './stamform.css';
import { GemKnap } from './GemKnap';

/**
 * The pieces a record's Stamoplysninger form is built from (company and water plant alike):
 * the form with its save bar and conflict message, titled sections, read-only values and the tile's
 * Gem/Fortryd commands.
 */

/** A titled section of the form; `plain` leaves out the two-column grid. */
export function Sektion({ titel, children, plain }: { titel: string; children: ReactNode; plain?: boolean }) {
  return (
    <section className="form-section sp-section" aria-label={titel}>
      <h3>{titel}</h3>
      {plain ? children : <div className="form-grid">{children}</div>}
    </section>
  );
}

/** A value the form shows but does not edit. */
export function ReadOnly({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="form-field sp-readonly">
      <span className="form-field-head">
        <span className="form-label">{label}</span>
      </span>
      <span className={`sp-readonly-value${mono ? ' mono' : ''}`}>{value}</span>
    </div>
  );
}

/**
 * The form: with the right to edit, the save bar on top (Gem submits the form, Fortryd ændringer,
 * any further buttons in `knapper`, and whether there are unsaved changes or when the record was
 * last changed); the message of a refused (409) save; then the sections (`children`).
 */
export function StamForm<T extends Record<string, unknown>>({
  vf,
  kanRette,
  opdateret,
  knapper,
  children,
}: {
  vf: VersionedForm<T>;
  kanRette: boolean;
  opdateret: string;
  knapper?: ReactNode;
  children: ReactNode;
}) {
  const { form } = vf;
  return (
    <form
      ref={form.ref}
      className="sp-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void vf.gem();
      }}
      noValidate
      aria-label="Stamoplysninger"
    >
      {kanRette && (
        <GemLinje busy={vf.busy !== null} dirty={form.dirty} onFortryd={vf.fortryd} opdateret={opdateret}>
          {knapper}
        </GemLinje>
      )}
      <FormBeskeder vf={vf} />
      {children}
    </form>
  );
}

function GemLinje({
  busy,
  dirty,
  onFortryd,
  opdateret,
  children,
}: {
  busy: boolean;
  dirty: boolean;
  onFortryd: () => void;
  opdateret: string;
  children?: ReactNode;
}) {
  return (
    <div className="sp-actions">
      <GemKnap busy={busy} disabled={!dirty && !busy} />
      <Button color="secondary" disabled={!dirty} onClick={onFortryd}>
        <Undo2 size={14} aria-hidden="true" />
        Fortryd ændringer
      </Button>
      {children}
      <span className="muted small sp-status">
        {dirty ? 'Ikke gemte ændringer' : `Senest ændret ${formatDatoTid(opdateret)}`}
      </span>
    </div>
  );
}

/**
 * The tile's commands for the form: Gem (Mod+S) and Fortryd ændringer, none without the right to edit.
 * `gem` is read when the command runs, so the list is not rebuilt on every keystroke.
 */
export function useGemKommandoer(
  kanRette: boolean,
  dirty: boolean,
  gem: () => unknown,
  fortryd: () => void,
): TileCommand[] {
  const gemRef = useRef(gem);
  gemRef.current = gem;
  return useMemo<TileCommand[]>(
    () =>
      kanRette
        ? [
            {
              id: 'gem',
              label: 'Gem',
              shortcut: 'mod+s',
              keywords: ['gem', 'stamoplysninger'],
              run: () => void gemRef.current(),
            },
            {
              id: 'fortryd',
              label: 'Fortryd ændringer',
              keywords: ['nulstil'],
              disabled: !dirty,
              run: () => fortryd(),
            },
          ]
        : [],
    [kanRette, dirty, fortryd],
  );
}
