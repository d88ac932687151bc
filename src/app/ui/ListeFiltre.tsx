/**
 * The filter row of a server list's toolbar: a select (with an optional 'all' choice first) and a
 * checkbox, each reporting its new value. The list screens hold the values (records/useListeSkaerm).
 */

/** A choice: a value that is its own text, or [value, text]. */
export type FilterValgmulighed<V extends string> = V | readonly [V, string];

export function FilterValg<V extends string>({
  label,
  value,
  onChange,
  alle,
  valg,
}: {
  /** The select's accessible name. */
  label: string;
  value: V | '';
  onChange(v: V | ''): void;
  /** The text of the first choice, the empty value (no filter); none when omitted. */
  alle?: string;
  valg: readonly FilterValgmulighed<V>[];
}) {
  return (
    <select
      className="input"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V | '')}
    >
      {alle !== undefined && <option value="">{alle}</option>}
      {valg.map((v) => {
        const [vaerdi, tekst] = typeof v === 'string' ? [v, v] : v;
        return (
          <option key={vaerdi} value={vaerdi}>
            {tekst}
          </option>
        );
      })}
    </select>
  );
}

export function FilterAfkryds({
  tekst,
  checked,
  onChange,
  className = 'check',
}: {
  tekst: string;
  checked: boolean;
  onChange(v: boolean): void;
  className?: string;
}) {
  return (
    <label className={className}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {tekst}
    </label>
  );
}

/** A yes/no filter's two choices, 'true' and 'false', written '<navn>: ja' and '<navn>: nej'. */
export const jaNejValg = (navn: string) =>
  [
    ['true', `${navn}: ja`],
    ['false', `${navn}: nej`],
  ] as const;
