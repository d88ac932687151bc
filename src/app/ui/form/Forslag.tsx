import type { KeyboardEvent } from 'react';
import './forslag.css';

/**
 * A search field's list of suggestions (a combobox: the input keeps focus, the arrows move the
 * active option, Enter or a click picks it), as the DAWA address searches use it.
 */

export interface Forslag {
  id: string | number;
  tekst: string;
}

/** The combobox attributes of the search input; `id` is the field's base id. */
export function forslagInputProps(id: string, liste: readonly Forslag[], aktiv: number) {
  return {
    role: 'combobox',
    'aria-expanded': liste.length > 0,
    'aria-controls': `${id}-forslag`,
    'aria-autocomplete': 'list',
    'aria-activedescendant': liste[aktiv] ? `${id}-a-${aktiv}` : undefined,
    autoComplete: 'off',
  } as const;
}

/**
 * Handles the arrows and Enter on the search input while there are suggestions; answers whether it
 * took the key (so the caller may handle others).
 */
export function forslagTast<T>(
  e: KeyboardEvent<HTMLInputElement>,
  liste: readonly T[],
  aktiv: number,
  setAktiv: (f: (a: number) => number) => void,
  vaelg: (t: T) => void,
): boolean {
  if (liste.length === 0) return false;
  if (e.key === 'ArrowDown') {
    e.preventDefault();
    setAktiv((a) => Math.min(liste.length - 1, a + 1));
  } else if (e.key === 'ArrowUp') {
    e.preventDefault();
    setAktiv((a) => Math.max(0, a - 1));
  } else if (e.key === 'Enter') {
    e.preventDefault();
    const t = liste[aktiv];
    if (t) vaelg(t);
  } else return false;
  return true;
}

/** The suggestions under the input (nothing when there are none). */
export function ForslagListe<T extends Forslag>({
  id,
  liste,
  aktiv,
  onVaelg,
  label = 'Adresser',
}: {
  id: string;
  liste: readonly T[];
  aktiv: number;
  onVaelg: (t: T) => void;
  /** The listbox's accessible name. */
  label?: string;
}) {
  if (liste.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's listbox; the input holds focus (aria-activedescendant)
    <ul id={`${id}-forslag`} role="listbox" className="dawa-forslag" aria-label={label}>
      {liste.map((t, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the combobox input holds focus and handles the keys
        <li
          key={t.id}
          id={`${id}-a-${i}`}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox
          role="option"
          aria-selected={i === aktiv}
          className={i === aktiv ? 'active' : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onVaelg(t)}
        >
          {t.tekst}
        </li>
      ))}
    </ul>
  );
}
