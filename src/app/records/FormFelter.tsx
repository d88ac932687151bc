import type { ReactNode } from 'react';
import type { FeltDef } from '../../contract/felter';
import { type FormFelt, formLabel } from '../../contract/record-kind';
import type { FormErrors } from '../ui/form';
import { FeltInput, type FeltKontekst } from './FeltInput';

/**
 * Declared fields, each as its input bound to the form's value, setter and message; `visning` says
 * how the form shows a field beyond its definition (its label by another field's value, a hint, an
 * amount's reading), `hint` a hint computed by the form (it wins over the declared one).
 */
export function FormFelter({
  felter,
  form,
  ctx,
  visning,
  hint,
}: {
  felter: readonly FeltDef[];
  form: { values: object; errors: FormErrors; set(name: string, value: unknown): void };
  ctx: FeltKontekst;
  visning?: Readonly<Record<string, FormFelt>>;
  hint?(navn: string): ReactNode;
}) {
  const vaerdier = form.values as Record<string, unknown>;
  return felter.map((f) => {
    const vis = visning?.[f.navn];
    return (
      <FeltInput
        key={f.navn}
        felt={vis ? { ...f, label: formLabel(visning, f, vaerdier) } : f}
        ctx={ctx}
        value={vaerdier[f.navn]}
        error={form.errors[f.navn]}
        onChange={(x) => form.set(f.navn, x)}
        wide={vis?.bred}
        hint={hint?.(f.navn) ?? vis?.hint}
        visTolkning={vis?.visTolkning}
      />
    );
  });
}
