import { useQueryClient } from '@tanstack/react-query';
import { Kontaktpersoner as EjerKontaktpersoner } from '../../records/Kontaktpersoner';
import { afterChange, keys } from './api';
import type { Detalje } from './ejer';
import { feltKontekst } from './FeltInput';

/** The company's contact persons: the shared list (src/app/records) with the company as owner. */
export function Kontaktpersoner({ d }: { d: Detalje }) {
  const { v, kanRette } = d;
  const client = useQueryClient();
  return (
    <EjerKontaktpersoner
      ejer={{ id: v.id, type: v.type }}
      kontakter={v.kontaktpersonListe}
      kanRette={kanRette}
      ctx={feltKontekst(d.ctx)}
      betalerId={v.basis.kontaktpersonId}
      onAendret={() => {
        afterChange(client, v.id);
        return client.invalidateQueries({ queryKey: keys.virksomhed(v.id), exact: true });
      }}
    />
  );
}
