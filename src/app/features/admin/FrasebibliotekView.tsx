import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FRASE } from '../../../contract/admin-tekster';
import { FRASE_GENVEJ } from '../../lib/frase-maal';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import { KundeRegistreringer } from '../../records/KundeRegistreringer';
import { fraseKeys, useEmner } from '../../session/frase-data';
import type { ViewProps } from '../../workspace/tile-api';
import './FraseBibliotek.css';

export const FRASEBIBLIOTEK_STI = '/admin/frasebibliotek';

/**
 * /admin/frasebibliotek/:fraseid? (KOMMUNE_ADMIN or SAGSBEHANDLER_ADMIN): the customer's phrases
 * (record kind FRASE) in the generic list and form, filtered by subject; a new phrase starts under
 * the filtered subject. A phrase is deactivated, not deleted, and then no longer offered by 'Indsæt
 * frase …', whose lists a save refreshes.
 */
export default function FrasebibliotekView({ params }: ViewProps) {
  const client = useQueryClient();
  const emner = useEmner();
  const [emneFilter, setEmneFilter] = useState<number | null>(null);
  const filter = useMemo(
    () => ({
      kontrol: (
        <label className="frase-emnefilter">
          <span className="visually-hidden">Emne</span>
          <select
            className="input form-input form-select"
            aria-label="Vis fraser for emne"
            value={emneFilter ?? ''}
            onChange={(e) => setEmneFilter(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">Alle emner</option>
            {(emner.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.navn}
              </option>
            ))}
          </select>
        </label>
      ),
      vis: (r: Record<string, unknown>) => emneFilter === null || r.emneId === emneFilter,
    }),
    [emneFilter, emner.data],
  );
  return (
    <KundeRegistreringer
      kind={FRASE}
      sti={FRASEBIBLIOTEK_STI}
      param={params.fraseid}
      ikkeFundet="Frasen findes ikke hos den aktive kunde."
      overskrift="Frasebibliotek"
      listeNavn="Fraser"
      tabelNavn="admin-frasebibliotek"
      filter={filter}
      nyeStandard={{ emneId: emneFilter }}
      efterAendring={() => void client.invalidateQueries({ queryKey: fraseKeys.alle })}
      pladsholderTekst={
        <>
          I et tekstfelt på en registrering indsættes en frase med{' '}
          <kbd>{shortcutLabel(platformKey(FRASE_GENVEJ))}</kbd>.
        </>
      }
    />
  );
}
