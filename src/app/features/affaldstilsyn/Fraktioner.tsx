import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  AFFALDSFRAKTION_TEKST,
  AFFALDSFRAKTIONER,
  type Affaldsfraktion,
  fraktionFelt,
} from '../../../contract/sat';
import { Button } from '../../ui/Button';
import { ReportMarks } from '../../ui/form';

/**
 * The 18 waste fractions of a SAT result as a keyboard toggle grid: 3 columns (6 in a wide tile),
 * each cell a toggle button with its label and its key (a–r). Arrow keys move between cells
 * (Home/End to the first/last), Space or Enter toggles the focused cell, and while focus is in the
 * grid the letter of a fraction toggles it. 'Alle' and 'Ingen' set every flag; the count says how
 * many are chosen. Only one cell is in the tab order (roving tabindex), so Tab leaves the grid.
 */

/** The key of each fraction: a–r in the spec's order. */
export const FRAKTION_TAST: Record<Affaldsfraktion, string> = Object.fromEntries(
  AFFALDSFRAKTIONER.map((f, i) => [f, String.fromCharCode(97 + i)]),
) as Record<Affaldsfraktion, string>;

/** The grid's columns by its width: 6 when six cells of a readable width fit, else 3. */
const kolonnerFor = (bredde: number) => (bredde >= 840 ? 6 : 3);

export function Fraktioner({
  values,
  onChange,
  onSaet,
  disabled,
  error,
}: {
  /** The result's values: the flag of fraction f is `affaldsfraktion_<f>`. */
  values: Record<string, unknown>;
  onChange(felt: string, value: boolean): void;
  /** Sets every flag at once ('Alle' / 'Ingen'). */
  onSaet(value: boolean): void;
  disabled?: boolean;
  /** A message about the flags (the server's, on any fraction field). */
  error?: string;
}) {
  const overskriftId = useId();
  const gridRef = useRef<HTMLFieldSetElement>(null);
  const [kolonner, setKolonner] = useState(3);
  const [aktiv, setAktiv] = useState(0);

  useEffect(() => {
    const el = gridRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setKolonner(kolonnerFor(el.clientWidth)));
    ro.observe(el);
    setKolonner(kolonnerFor(el.clientWidth));
    return () => ro.disconnect();
  }, []);

  const valgt = (f: Affaldsfraktion) => values[fraktionFelt(f)] === true;
  const antal = AFFALDSFRAKTIONER.filter(valgt).length;
  const toggle = (f: Affaldsfraktion) => {
    if (!disabled) onChange(fraktionFelt(f), !valgt(f));
  };
  const flyt = (i: number) => {
    const n = Math.max(0, Math.min(AFFALDSFRAKTIONER.length - 1, i));
    setAktiv(n);
    gridRef.current?.querySelectorAll<HTMLButtonElement>('button[data-fraktion]')[n]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const knap = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-fraktion]');
    const i = knap ? AFFALDSFRAKTIONER.indexOf(knap.dataset.fraktion as Affaldsfraktion) : aktiv;
    let haandteret = true;
    switch (e.key) {
      case 'ArrowRight':
        flyt(i + 1);
        break;
      case 'ArrowLeft':
        flyt(i - 1);
        break;
      case 'ArrowDown':
        flyt(i + kolonner);
        break;
      case 'ArrowUp':
        flyt(i - kolonner);
        break;
      case 'Home':
        flyt(0);
        break;
      case 'End':
        flyt(AFFALDSFRAKTIONER.length - 1);
        break;
      case ' ':
      case 'Enter': {
        // Toggled here (not by the button's own click, which the browser would send on key up).
        const f = AFFALDSFRAKTIONER[i];
        if (f && knap) toggle(f);
        else haandteret = false;
        break;
      }
      default: {
        const tast = e.key.length === 1 ? e.key.toLowerCase() : '';
        const f = AFFALDSFRAKTIONER.find((x) => FRAKTION_TAST[x] === tast);
        if (f) {
          toggle(f);
          flyt(AFFALDSFRAKTIONER.indexOf(f));
        } else haandteret = false;
      }
    }
    if (haandteret) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <section className="sat-fraktioner" aria-labelledby={overskriftId}>
      <div className="sat-fraktioner-head">
        <h4 id={overskriftId}>
          Affaldsfraktioner <ReportMarks marks={['S']} />
        </h4>
        <span className="muted small" aria-live="polite" data-testid="fraktioner-antal">
          {antal} af {AFFALDSFRAKTIONER.length} valgt
        </span>
        {!disabled && (
          <span className="sat-fraktioner-knapper">
            <Button size="x-small" color="secondary" onClick={() => onSaet(true)}>
              Alle
            </Button>
            <Button size="x-small" color="secondary" onClick={() => onSaet(false)}>
              Ingen
            </Button>
          </span>
        )}
      </div>
      <p className="muted small sat-fraktioner-hjaelp">
        Piletaster flytter, mellemrum vælger; bogstavet i feltet vælger fraktionen direkte.
      </p>
      <fieldset
        ref={gridRef}
        className="sat-fraktioner-grid"
        aria-labelledby={overskriftId}
        style={{ gridTemplateColumns: `repeat(${kolonner}, minmax(0, 1fr))` }}
        data-kolonner={kolonner}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => {
          if (e.key === ' ') e.preventDefault();
        }}
      >
        {AFFALDSFRAKTIONER.map((f, i) => {
          const on = valgt(f);
          return (
            <button
              key={f}
              type="button"
              name={fraktionFelt(f)}
              data-fraktion={f}
              className={`sat-fraktion${on ? ' on' : ''}`}
              aria-pressed={on}
              aria-label={AFFALDSFRAKTION_TEKST[f]}
              aria-keyshortcuts={FRAKTION_TAST[f]}
              aria-disabled={disabled || undefined}
              tabIndex={i === aktiv ? 0 : -1}
              onFocus={() => setAktiv(i)}
              onClick={() => toggle(f)}
            >
              <kbd>{FRAKTION_TAST[f]}</kbd>
              <span className="sat-fraktion-label">{AFFALDSFRAKTION_TEKST[f]}</span>
              <span className="sat-fraktion-flag" aria-hidden="true">
                {on ? '✓' : ''}
              </span>
            </button>
          );
        })}
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
