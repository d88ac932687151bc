import type { FeltDef } from '../../contract/felter';
import type { FormErrors } from '../ui/form';
import { FeltInput, type FeltKontekst } from './FeltInput';

/** Declared fields, each as its input bound to the form's value, setter and message. */
export function FormFelter({
  felter,
  form,
  ctx,
}: {
  felter: readonly FeltDef[];
  form: { values: object; errors: FormErrors; set(name: string, value: unknown): void };
  ctx: FeltKontekst;
}) {
  return felter.map((f) => (
    <FeltInput
      key={f.navn}
      felt={f}
      ctx={ctx}
      value={(form.values as Record<string, unknown>)[f.navn]}
      error={form.errors[f.navn]}
      onChange={(x) => form.set(f.navn, x)}
    />
  ));
}
