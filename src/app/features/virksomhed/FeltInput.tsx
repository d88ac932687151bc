import type { ComponentProps } from 'react';
import type { Virksomhed } from '../../../contract/virksomhed';
import { FeltInput as GeneriskFeltInput, type FeltKontekst as RecordKontekst } from '../../records/FeltInput';

/** What a company form's field needs: the company, the customer, and whether it may be changed. */
export interface FeltKontekst {
  virksomhed: Virksomhed;
  kundeId: number;
  disabled: boolean;
  /** Names of users the values refer to, for selected users the list no longer holds. */
  kendteNavne: ReadonlyMap<number, string>;
}

/** The company as the owner the generic field input (src/app/records/FeltInput.tsx) knows. */
export function feltKontekst(c: FeltKontekst): RecordKontekst {
  return {
    ejer: { id: c.virksomhed.id, type: c.virksomhed.type },
    kundeId: c.kundeId,
    disabled: c.disabled,
    kendteNavne: c.kendteNavne,
    kontaktpersoner: c.virksomhed.kontaktpersonListe,
  };
}

/** One field of a company form: the generic field input with the company as owner. */
export function FeltInput({
  ctx,
  ...props
}: Omit<ComponentProps<typeof GeneriskFeltInput>, 'ctx'> & { ctx: FeltKontekst }) {
  return <GeneriskFeltInput {...props} ctx={feltKontekst(ctx)} />;
}
