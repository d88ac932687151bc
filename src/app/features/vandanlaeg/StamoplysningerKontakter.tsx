import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { VIRKSOMHEDSTYPE } from '../../../contract/roles';
import type { Vandanlaeg } from '../../../contract/vandanlaeg';
import { Kontaktpersoner, useKontaktpersonListe } from '../../records/Kontaktpersoner';
import { useShellSession } from '../../session/session-context';
import { vandanlaegKeys } from './api';

/**
 * The plant's contact persons with their Jupiter contact types, editable for a caseworker: the shared
 * contact list (src/app/records) with the plant as owner. The list is loaded with the contacts'
 * versions under the plant's key, so any change reloads the plant and its contacts.
 */
export function PlantKontaktpersoner({ plant, kanRette }: { plant: Vandanlaeg; kanRette: boolean }) {
  const client = useQueryClient();
  const { user } = useShellSession();
  const liste = useKontaktpersonListe([...vandanlaegKeys.plant(plant.id), 'kontaktpersoner'], plant.id);
  const ctx = useMemo(
    () => ({
      ejer: { id: plant.id, type: VIRKSOMHEDSTYPE.VANDANLAEG },
      kundeId: user?.customerId ?? 0,
      disabled: !kanRette,
      kendteNavne: new Map(plant.sagsbehandlere.map((s) => [s.brugerId, s.navn])),
    }),
    [plant, kanRette, user],
  );
  if (liste.isPending) return <p className="muted">Henter kontaktpersoner …</p>;
  if (liste.isError) return <p className="form-alert">Kontaktpersonerne kunne ikke hentes.</p>;
  return (
    <Kontaktpersoner
      ejer={ctx.ejer}
      kontakter={liste.data}
      kanRette={kanRette}
      ctx={ctx}
      visJupiterId
      onAendret={() => client.invalidateQueries({ queryKey: vandanlaegKeys.plant(plant.id) })}
    />
  );
}
