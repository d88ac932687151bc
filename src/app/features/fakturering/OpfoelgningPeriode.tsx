import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  OPFOELGNING_OEKONOMI,
  type OpfoelgningOekonomi,
  type Planlaegningsperiode,
} from '../../../contract/planlaegning';
import { fejlTekst } from '../../lib/http-fejl';
import { EjerRegistreringer } from '../../records/KundeRegistreringer';
import type { FormHandling } from '../../records/RegistreringForm';
import { NyTast } from '../../ui/ListeRude';
import { type TileCommand, useTile } from '../../workspace/tile-api';
import { adminKeys, opfoelgningListe, useOekonomiSummer } from './admin-api';
import { useSkiftVagt } from './admin-vagt';
import { Noegletal } from './Noegletal';
import { FejlBoks, OPFOELGNING_TAST as TAST } from './opfoelgning-felter';

/**
 * The follow-up of one planning period: the computed figures and the rows' total (Noegletal) above
 * the period's rows in the generic list and form of the record kind OPFOELGNING_OEKONOMI, whose form
 * offers 'Udfyld med systemets tal' (the hours and the invoiced amount from the computed figures).
 * The row is chosen inside the view, so moving to another while the form holds changes asks first.
 * A fetch that fails shows its error and nothing of the period.
 */
export function PeriodeOpfoelgning({
  periode,
  kommandoer,
}: {
  periode: Planlaegningsperiode;
  /** The view's commands (the choice of period), registered with the tab's. */
  kommandoer: readonly TileCommand[];
}) {
  const summer = useOekonomiSummer(periode.id);
  const liste = useMemo(() => opfoelgningListe(periode.id), [periode.id]);
  const rows = useQuery({ queryKey: liste.key, queryFn: ({ signal }) => liste.hent(signal) });
  const [valgtId, setValgtId] = useState<number | null>(null);
  const tile = useTile();
  const { formVagt, skift, confirmModal } = useSkiftVagt(tile.setDirty);
  const client = useQueryClient();

  const tal = rows.isError || summer.isError ? undefined : summer.data;
  const handlinger = useMemo<FormHandling[]>(
    () => [
      {
        id: 'udfyld-opfoelgning',
        label: 'Udfyld med systemets tal',
        shortcut: TAST.udfyld,
        keywords: ['udfyld', 'beregnet', 'timer', 'faktureret'],
        disabled: tal === undefined,
        // The hours and the invoiced amount as the system computes them for the period.
        koer: (t) => {
          if (!tal) return;
          t.saet('planlagteTimer', tal.planlagteTimerHalve / 2);
          t.saet('registreredeTimer', tal.registreredeTimerHalve / 2);
          t.saet('faktureredeTimer', tal.faktureredeTimerHalve / 2);
          t.saet('faktureretBeloebOere', tal.faktureretBeloebOere);
        },
      },
    ],
    [tal],
  );

  const fejl = summer.isError ? summer.error : rows.isError ? rows.error : null;
  if (fejl)
    return (
      <FejlBoks
        tekst={`Opfølgningen for ${periode.aar} kunne ikke hentes: ${fejlTekst(fejl, { udenSvar: true })}`}
        onProevIgen={() => {
          void client.refetchQueries({ queryKey: adminKeys.summer(periode.id) });
          void client.refetchQueries({ queryKey: liste.key });
        }}
      />
    );

  return (
    <div className="fa-opf-krop">
      <Noegletal
        aar={periode.aar}
        tal={tal}
        raekker={rows.data as unknown as readonly OpfoelgningOekonomi[] | undefined}
      />
      <div className="fa-opf-del">
        <EjerRegistreringer
          kind={OPFOELGNING_OEKONOMI}
          ejerId={periode.id}
          betegnelse="perioden"
          ikkeFundet="Opfølgningsrækken findes ikke i perioden. Den kan være slettet."
          overskrift={`Opfølgning ${periode.aar}`}
          listeNavn="Opfølgningens rækker"
          tabelNavn="fakturering-opfoelgningoekonomi"
          tom={
            <>
              Ingen opfølgningsrækker for {periode.aar} endnu. Opret en med <NyTast />.
            </>
          }
          liste={liste}
          valg={{
            id: valgtId,
            // Another row (or a new one): asks first while the open row's form holds changes.
            vaelg: (id) => {
              if (id === null || id !== valgtId) void skift(() => setValgtId(id));
            },
          }}
          vagt={formVagt}
          visningsKommandoer={kommandoer}
          formHandlinger={handlinger}
        />
      </div>
      {confirmModal}
    </div>
  );
}
