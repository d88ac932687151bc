import { useId } from 'react';
import { sammenlignDansk } from '../../../contract/sortering';
import { controlAria, Field, type FieldBaseProps } from './Field';

/** What a lookup option needs (spec 001 §3 'Lookup item'); the full item fits. */
export interface LookupOption {
  id: number;
  kode: string;
  navn: string;
  aktiv: boolean;
  dmaKode: boolean;
  prioritet?: number;
}

export type LookupValueKey = 'id' | 'kode' | 'navn';
export type LookupValue = number | string;

/** Dropdowns show at most this many options (spec 001 §9). */
export const OPTION_LIMIT = 1000;
export const IKKE_DMA = 'Ikke DMA';

/** The option's text: its name, with the suffix 'Ikke DMA' when the value is not one of DMA's. */
export function optionLabel(o: LookupOption): string {
  return o.dmaKode ? o.navn : `${o.navn} (${IKKE_DMA})`;
}

const vaerdiAf = (o: LookupOption, key: LookupValueKey): LookupValue => (key === 'id' ? o.id : o[key]);

/**
 * The options a user may pick: active ones, plus inactive ones that are currently selected (spec 001
 * §3: inactive options are hidden unless selected), in priority order (equal priorities by name, in
 * Danish order), at most 1000.
 */
export function visibleOptions(
  options: readonly LookupOption[],
  selected: readonly LookupValue[],
  key: LookupValueKey = 'id',
): LookupOption[] {
  const chosen = new Set(selected);
  return options
    .filter((o) => o.aktiv || chosen.has(vaerdiAf(o, key)))
    .slice()
    .sort((a, b) => (a.prioritet ?? 0) - (b.prioritet ?? 0) || sammenlignDansk(a.navn, b.navn))
    .slice(0, OPTION_LIMIT);
}

export interface LookupSelectProps extends FieldBaseProps {
  value: LookupValue | null | undefined;
  onChange(value: LookupValue | null): void;
  options: readonly LookupOption[] | undefined;
  /** Which property of the item is the value; default id. */
  valueKey?: LookupValueKey;
  loading?: boolean;
  /** The empty placeholder option's text (default empty). */
  emptyLabel?: string;
  /** Text for a selected value the list does not hold (e.g. a deleted record). */
  unknownLabel?(value: LookupValue): string;
}

/** A dropdown over a lookup: empty option, inactive options hidden unless selected, 'Ikke DMA' suffix. */
export function LookupSelect(p: LookupSelectProps) {
  const id = useId();
  const key = p.valueKey ?? 'id';
  const has = p.value !== null && p.value !== undefined && p.value !== '';
  const shown = visibleOptions(p.options ?? [], has ? [p.value as LookupValue] : [], key);
  const known = has && shown.some((o) => vaerdiAf(o, key) === p.value);
  return (
    <Field {...p} id={id}>
      <select
        id={id}
        name={p.name}
        className={`input form-input form-select${p.error ? ' invalid' : ''}`}
        value={has ? String(p.value) : ''}
        onChange={(e) => {
          const raw = e.target.value;
          if (raw === '') p.onChange(null);
          else p.onChange(key === 'id' ? Number(raw) : raw);
        }}
        disabled={p.disabled}
        aria-busy={p.loading || undefined}
        {...controlAria(id, p)}
      >
        <option value="">{p.loading && !p.options ? 'Indlæser …' : (p.emptyLabel ?? '')}</option>
        {has && !known && !p.loading && (
          <option value={String(p.value)}>
            {p.unknownLabel?.(p.value as LookupValue) ?? `Ukendt værdi (${p.value})`}
          </option>
        )}
        {has && !known && p.loading && <option value={String(p.value)}>Indlæser …</option>}
        {shown.map((o) => (
          <option key={String(vaerdiAf(o, key))} value={String(vaerdiAf(o, key))}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}

export interface LookupCheckListProps extends FieldBaseProps {
  value: readonly LookupValue[] | null | undefined;
  onChange(value: LookupValue[]): void;
  options: readonly LookupOption[] | undefined;
  valueKey?: LookupValueKey;
  loading?: boolean;
}

/**
 * Several values of a lookup as a list of check boxes (Tab and Space; no pop-up to fight with), with
 * the same rules as the dropdown: inactive values only while chosen, 'Ikke DMA' suffix.
 */
export function LookupCheckList(p: LookupCheckListProps) {
  const id = useId();
  const key = p.valueKey ?? 'id';
  const chosen = p.value ?? [];
  const shown = visibleOptions(p.options ?? [], chosen, key);
  const unknown = chosen.filter((v) => !shown.some((o) => vaerdiAf(o, key) === v));
  const toggle = (v: LookupValue, on: boolean) => {
    const next = on ? [...chosen, v] : chosen.filter((x) => x !== v);
    // Keep the list's order, so the stored value does not depend on the order of clicks.
    const order = new Map(shown.map((o, i) => [vaerdiAf(o, key), i]));
    p.onChange([...new Set(next)].sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9)));
  };
  if (p.disabled) {
    // Read-only: just the chosen values, not a box of unticked ones.
    const names = chosen.map((v) => {
      const o = shown.find((x) => vaerdiAf(x, key) === v);
      return o ? optionLabel(o) : `Ukendt værdi (${v})`;
    });
    return (
      <Field {...p} id={id} labelAs="legend">
        <span className="form-readonly-list" aria-labelledby={`${id}-label`} role="note">
          {p.loading && !p.options ? 'Indlæser …' : names.length > 0 ? names.join(', ') : '–'}
        </span>
      </Field>
    );
  }
  return (
    <Field {...p} id={id} labelAs="legend">
      <fieldset
        aria-labelledby={`${id}-label`}
        className={`form-checklist${p.error ? ' invalid' : ''}`}
        aria-describedby={p.error ? `${id}-fejl` : undefined}
        aria-busy={p.loading || undefined}
      >
        {p.loading && !p.options && <span className="muted small">Indlæser …</span>}
        {unknown.map((v) => (
          <label key={`u-${v}`} className="form-check-row">
            <input type="checkbox" checked onChange={() => toggle(v, false)} disabled={p.disabled} />
            {`Ukendt værdi (${v})`}
          </label>
        ))}
        {shown.map((o) => {
          const v = vaerdiAf(o, key);
          return (
            <label key={String(v)} className="form-check-row">
              <input
                type="checkbox"
                checked={chosen.includes(v)}
                onChange={(e) => toggle(v, e.target.checked)}
                disabled={p.disabled}
              />
              {optionLabel(o)}
            </label>
          );
        })}
        {!p.loading && shown.length === 0 && unknown.length === 0 && (
          <span className="muted small">Listen er tom</span>
        )}
      </fieldset>
    </Field>
  );
}
