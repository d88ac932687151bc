import { Eye, Mail } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { MAENGDER, type Maengde, udenSkilletegn } from '../../../contract/format';
import { useFraseFelt } from '../../lib/frase-maal';
import { controlAria, Field, type FieldBaseProps, ReportMarks } from './Field';
import {
  datoFejl,
  formatDanskDato,
  formatDanskTal,
  parseDanskDato,
  parseDanskTal,
  UGYLDIG_DATO,
} from './parse';

const cls = (error?: string | null, extra = '') =>
  `input form-input${error ? ' invalid' : ''}${extra ? ` ${extra}` : ''}`;

// ---------------------------------------------------------------- text

export interface TextInputProps extends FieldBaseProps {
  value: string | null | undefined;
  onChange(value: string): void;
  /** Shows the 'length/max' counter and stops typing at the maximum. */
  maxLength?: number;
  /** 'password': the text shows only while the eye button is held down (spec 000 §4, widget states). */
  type?: 'text' | 'email' | 'tel' | 'url' | 'password';
  /** Blocks the dot key and strips dots and commas (spec 000 §5 preventDot). */
  preventDot?: boolean;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
  autoComplete?: string;
}

/** Text input with required asterisk, 'length/max' counter, error under the field and D/J/S marks. */
export function TextInput(p: TextInputProps) {
  const id = useId();
  const value = p.value ?? '';
  const onChange = (e: ChangeEvent<HTMLInputElement>) =>
    p.onChange(p.preventDot ? udenSkilletegn(e.target.value) : e.target.value);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (p.preventDot && (e.key === '.' || e.key === ',')) e.preventDefault();
  };
  // A disabled e-mail field shows a link that opens the mail program (spec 000 §5).
  const mailLink = p.type === 'email' && p.disabled && value !== '';
  const adgangskode = p.type === 'password';
  // The password shows only while the eye button is held (pointer or Space/Enter), never toggled on.
  const [vis, setVis] = useState(false);
  const skjul = () => setVis(false);
  return (
    <Field {...p} id={id} counter={p.maxLength ? `${value.length}/${p.maxLength}` : undefined}>
      <span className={mailLink || adgangskode ? 'form-input-with-icon' : undefined}>
        <input
          id={id}
          name={p.name}
          type={adgangskode ? (vis ? 'text' : 'password') : (p.type ?? 'text')}
          className={cls(p.error)}
          value={value}
          onChange={onChange}
          onKeyDown={onKeyDown}
          maxLength={p.maxLength}
          disabled={p.disabled}
          placeholder={p.placeholder}
          inputMode={p.inputMode}
          autoComplete={p.autoComplete ?? 'off'}
          {...controlAria(id, p)}
        />
        {mailLink && (
          <a
            className="form-input-icon"
            href={`mailto:${value}`}
            title={`Skriv til ${value}`}
            aria-label={`Skriv til ${value}`}
          >
            <Mail size={14} aria-hidden="true" />
          </a>
        )}
        {adgangskode && (
          <button
            type="button"
            className="form-input-icon"
            aria-label="Vis adgangskoden, mens knappen holdes nede"
            title="Vis adgangskoden, mens knappen holdes nede"
            aria-pressed={vis}
            disabled={p.disabled}
            onPointerDown={() => setVis(true)}
            onPointerUp={skjul}
            onPointerLeave={skjul}
            onPointerCancel={skjul}
            onBlur={skjul}
            onKeyDown={(e) => {
              if (e.key === ' ' || e.key === 'Enter') {
                e.preventDefault();
                setVis(true);
              }
            }}
            onKeyUp={(e) => {
              if (e.key === ' ' || e.key === 'Enter') skjul();
            }}
          >
            <Eye size={14} aria-hidden="true" />
          </button>
        )}
      </span>
    </Field>
  );
}

// ---------------------------------------------------------------- textarea

export interface TextAreaProps extends FieldBaseProps {
  value: string | null | undefined;
  onChange(value: string): void;
  maxLength?: number;
  /** Default 3 (spec 000 §5). */
  rows?: number;
  placeholder?: string;
  /** false: 'Indsæt frase …' does not insert here (default: it does, see lib/frase-maal.ts). */
  frase?: boolean;
}

export function TextArea(p: TextAreaProps) {
  const id = useId();
  const value = p.value ?? '';
  const ref = useRef<HTMLTextAreaElement>(null);
  const onFocus = useFraseFelt({
    ref,
    name: p.name,
    label: typeof p.label === 'string' ? p.label : p.name,
    value,
    onChange: p.onChange,
    disabled: p.disabled,
    enabled: p.frase !== false,
  });
  return (
    <Field {...p} id={id} counter={p.maxLength ? `${value.length}/${p.maxLength}` : undefined}>
      <textarea
        ref={ref}
        id={id}
        name={p.name}
        className={cls(p.error)}
        rows={p.rows ?? 3}
        value={value}
        onChange={(e) => p.onChange(e.target.value)}
        onFocus={onFocus}
        maxLength={p.maxLength}
        disabled={p.disabled}
        placeholder={p.placeholder}
        {...controlAria(id, p)}
      />
    </Field>
  );
}

// ---------------------------------------------------------------- number

const erTal = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The text field of a number: typed text read by `laes` (null when cleared, NaN while it is not
 * read), the value written back by `skriv` whenever the field is not being typed in; text that is not
 * read stays for the user to correct. With `trin`, ArrowUp and ArrowDown step the value within min/max.
 */
function TalTekstInput(
  p: FieldBaseProps & {
    value: number | null | undefined;
    onChange(value: number | null): void;
    laes(tekst: string): number | null;
    skriv(v: number): string;
    trin?: number;
    min?: number;
    max?: number;
    unit?: string;
    placeholder?: string;
  },
) {
  const id = useId();
  const { laes, skriv } = p;
  const [text, setText] = useState(() => (erTal(p.value) ? skriv(p.value) : ''));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (editing) return;
    if (erTal(p.value)) setText(skriv(p.value));
    else if (p.value === null || p.value === undefined) setText('');
  }, [p.value, editing, skriv]);
  const change = (t: string) => {
    setText(t);
    const n = laes(t);
    p.onChange(t.trim() === '' ? null : n === null ? Number.NaN : n);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (p.trin === undefined || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const current = erTal(p.value) ? p.value : 0;
    let next = Math.round((current + (e.key === 'ArrowUp' ? p.trin : -p.trin)) * 1e6) / 1e6;
    if (p.min !== undefined) next = Math.max(p.min, next);
    if (p.max !== undefined) next = Math.min(p.max, next);
    setText(skriv(next));
    p.onChange(next);
  };
  return (
    <Field {...p} id={id}>
      <span className="form-number">
        <input
          id={id}
          name={p.name}
          type="text"
          inputMode="decimal"
          className={cls(p.error, 'form-input-number')}
          value={text}
          placeholder={p.placeholder}
          onChange={(e) => change(e.target.value)}
          onFocus={() => setEditing(true)}
          onBlur={() => setEditing(false)}
          onKeyDown={onKeyDown}
          disabled={p.disabled}
          autoComplete="off"
          {...controlAria(id, p)}
        />
        {p.unit && <span className="form-unit">{p.unit}</span>}
      </span>
    </Field>
  );
}

export interface NumberInputProps extends FieldBaseProps {
  value: number | null | undefined;
  /** null when cleared; NaN while the text is not a number (the form's check reports it). */
  onChange(value: number | null): void;
  /** Unit after the field (kW, m³, kr.). */
  unit?: string;
  /** Default 1: ArrowUp and ArrowDown change the value by this much. */
  step?: number;
  min?: number;
  max?: number;
}

/** A number in Danish format: '1.234,5' is 1234.5; empty is null. Arrow keys step the value. */
export function NumberInput({ step, ...p }: NumberInputProps) {
  return <TalTekstInput {...p} laes={parseDanskTal} skriv={formatDanskTal} trin={step ?? 1} />;
}

// ---------------------------------------------------------------- money, hours, per cent

export interface MaengdeInputProps extends FieldBaseProps {
  /** Which quantity (contract/format's MAENGDER): 'beloeb' øre as kroner, 'timer', 'procent' bp as per cent. */
  art: Maengde;
  /** The stored number (øre, hours, basis points) or null. */
  value: number | null | undefined;
  /** null when cleared; NaN while the text is not read (the form's check says why). */
  onChange(value: number | null): void;
  /** While there is a value, the hint says what the text is read as ('= 1.234,50 kr.'). */
  visTolkning?: boolean;
}

/**
 * Money, hours or a share typed the Danish way and kept as the exact stored number: '1.234,5' is
 * 123450 øre, '7,5' is 7.5 hours, '57,79' is 5779 basis points. Reading and writing is contract/format's
 * (MAENGDER); leaving the field writes the value back the product's way. Text that is not read stays
 * for the user to correct. Hours step by half an hour with the arrow keys.
 */
export function MaengdeInput({ art, visTolkning, ...p }: MaengdeInputProps) {
  const m = MAENGDER[art];
  return (
    <TalTekstInput
      {...p}
      hint={visTolkning && erTal(p.value) ? `= ${m.vis(p.value)}` : p.hint}
      laes={m.laes}
      skriv={m.felt}
      trin={m.trin}
      min={0}
      unit={m.enhed}
      placeholder={m.pladsholder}
    />
  );
}

// ---------------------------------------------------------------- date

export interface DateInputProps extends FieldBaseProps {
  /** ISO date (YYYY-MM-DD) or null. */
  value: string | null | undefined;
  onChange(value: string | null): void;
}

/**
 * A date typed as DD-MM-YYYY (also D-M-YYYY, DD.MM.YYYY and DDMMYYYY). Text that is not a date
 * clears the value (spec 001 §5), but the typed text stays in the field (issue 30: in a filter it was
 * emptied, and the user did not see what went wrong) and the field says 'Ugyldig dato – brug
 * DD-MM-ÅÅÅÅ' until a date is typed or set. Text shaped like a whole date that is no date
 * ('31-02-2025') is called wrong while typing already.
 */
export function DateInput(p: DateInputProps) {
  const id = useId();
  const [text, setText] = useState(() => formatDanskDato(p.value));
  const [editing, setEditing] = useState(false);
  /** The rejected text, shown in the message. */
  const [afvist, setAfvist] = useState<string | null>(null);
  useEffect(() => {
    // Leaving the field writes its date the product's way; a rejected text stays to be corrected.
    if (!editing) setText((t) => (!p.value && datoFejl(t) ? t : formatDanskDato(p.value)));
  }, [p.value, editing]);
  useEffect(() => {
    if (p.value) setAfvist(null);
  }, [p.value]);
  const change = (t: string) => {
    setText(t);
    setAfvist(datoFejl(t, true) ? t.trim() : null);
    const iso = parseDanskDato(t);
    if (iso !== (p.value ?? null)) p.onChange(iso);
  };
  const fejl = afvist !== null ? UGYLDIG_DATO : p.error;
  return (
    <Field {...p} error={fejl} id={id}>
      <input
        id={id}
        name={p.name}
        type="text"
        inputMode="numeric"
        placeholder="DD-MM-ÅÅÅÅ"
        className={cls(fejl, 'form-input-date')}
        value={text}
        onChange={(e) => change(e.target.value)}
        onFocus={() => setEditing(true)}
        onBlur={() => {
          setEditing(false);
          const ugyldig = datoFejl(text) !== null;
          setAfvist(ugyldig ? text.trim() : null);
          if (!ugyldig) setText(formatDanskDato(parseDanskDato(text)));
        }}
        disabled={p.disabled}
        autoComplete="off"
        maxLength={10}
        {...controlAria(id, { ...p, error: fejl })}
      />
    </Field>
  );
}

// ---------------------------------------------------------------- checkbox and radio group

export interface CheckboxProps extends Omit<FieldBaseProps, 'label'> {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

export function Checkbox(p: CheckboxProps) {
  const id = useId();
  return (
    <div
      className={`form-field form-check${p.error ? ' has-error' : ''}${p.wide ? ' wide' : ''}`}
      data-felt={p.name}
    >
      <span className="form-check-row">
        <input
          id={id}
          name={p.name}
          type="checkbox"
          checked={p.checked}
          onChange={(e) => p.onChange(e.target.checked)}
          disabled={p.disabled}
          {...controlAria(id, p)}
        />
        <label htmlFor={id} className="form-label">
          {p.label}
          {p.required && (
            <span className="form-required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {p.marks && (
          <span className="form-check-marks">
            <ReportMarks marks={p.marks} jupiterShowOnly={p.jupiterShowOnly} />
          </span>
        )}
      </span>
      {p.error && (
        <span className="form-error" id={`${id}-fejl`}>
          {p.error}
        </span>
      )}
    </div>
  );
}

export interface RadioOption<T> {
  value: T;
  label: string;
}

export interface RadioGroupProps<T> extends FieldBaseProps {
  value: T;
  options: readonly RadioOption<T>[];
  onChange(value: T): void;
}

/** Radio buttons in a row; the label always carries the asterisk (spec 000 §5). Arrow keys move the choice. */
export function RadioGroup<T>(p: RadioGroupProps<T>) {
  const id = useId();
  return (
    <Field {...p} required id={id} labelAs="legend">
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        className="form-radios"
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-fejl` : undefined}
      >
        {p.options.map((o, i) => {
          const oid = `${id}-${i}`;
          return (
            <span key={oid} className="form-radio">
              <input
                id={oid}
                type="radio"
                name={`${id}-${p.name}`}
                checked={Object.is(o.value, p.value)}
                onChange={() => p.onChange(o.value)}
                disabled={p.disabled}
              />
              <label htmlFor={oid}>{o.label}</label>
            </span>
          );
        })}
      </div>
    </Field>
  );
}

/** Ja / Nej / Ikke relevant for true / false / null (spec 000 §3 display labels). */
export const JA_NEJ_IKKE_RELEVANT: readonly RadioOption<boolean | null>[] = [
  { value: true, label: 'Ja' },
  { value: false, label: 'Nej' },
  { value: null, label: 'Ikke relevant' },
];

export const jaNejTekst = (v: boolean | null | undefined) =>
  v === true ? 'Ja' : v === false ? 'Nej' : 'Ikke relevant';
