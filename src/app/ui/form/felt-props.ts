import type { FormApi } from './useForm';

/**
 * The props every input of a form repeats, bound to one field: its name, value, setter and message,
 * and `disabled` (a locked form). `const felt = feltProps(form, laast)`, then `<NumberInput
 * {...felt('dybde')} label="Dybde" />`.
 */
export function feltProps<T extends Record<string, unknown>>(form: FormApi<T>, disabled: boolean) {
  /** A field without its message under it (a free text whose length the input itself limits). */
  const udenBesked = <K extends keyof T & string>(name: K) => ({
    name,
    value: form.values[name],
    onChange: (x: T[K]) => form.set(name, x),
    disabled,
  });
  const felt = <K extends keyof T & string>(name: K) => ({ ...udenBesked(name), error: form.errors[name] });
  /** A checkbox: its `checked` is the field's value. */
  const afkryds = <K extends keyof T & string>(name: K) => ({
    name,
    checked: form.values[name] === true,
    onChange: (x: boolean) => form.set(name, x as T[K]),
    disabled,
  });
  return Object.assign(felt, { udenBesked, afkryds });
}

/**
 * A form's list of rows (a plant's supply lines, a well's intakes): change or remove row `i`, and the
 * props of row `i`'s field `navn` as `feltProps` gives them (named `<liste>.<i>.<navn>`, as the
 * schema's messages are).
 */
export function raekkeFelter<
  T extends Record<string, unknown>,
  L extends keyof T & string,
  R extends object = T[L] extends readonly (infer X extends object)[] ? X : never,
>(form: FormApi<T>, liste: L, disabled: boolean) {
  const raekker = form.values[liste] as readonly R[];
  const saet = (i: number, aendring: Partial<R>) =>
    form.set(liste, raekker.map((r, n) => (n === i ? { ...r, ...aendring } : r)) as T[L]);
  const fjern = (i: number) => form.set(liste, raekker.filter((_, n) => n !== i) as T[L]);
  const felt = <K extends keyof R & string>(i: number, navn: K) => ({
    name: `${liste}.${i}.${navn}`,
    value: raekker[i]?.[navn],
    onChange: (x: R[K]) => saet(i, { [navn]: x } as unknown as Partial<R>),
    error: form.errors[`${liste}.${i}.${navn}`],
    disabled,
  });
  return { saet, fjern, felt };
}
