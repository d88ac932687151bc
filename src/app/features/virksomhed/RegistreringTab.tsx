import { useQueryClient } from '@tanstack/react-query';
import { ARTER, type ArtDef, type RegistreringArt } from '../../../contract/registreringer';
import { RegistreringTab as RecordTab } from '../../records/RegistreringTab';
import type { RouteParams } from '../../routes/route-table';
import { useTile, type ViewProps } from '../../workspace/tile-api';
import { afterChange, recordPath, TABS } from './api';
import { DetailFrame, type Detalje, useFrameCommands } from './DetailFrame';
import { feltKontekst } from './FeltInput';

/**
 * A company's or farm's record tab (tilsyn, håndhævelser ...): the generic record tab
 * (src/app/records) with the company as owner, the record id of the route selecting the record.
 */
export function RegistreringTab({ d, kind, params }: { d: Detalje; kind: ArtDef; params: RouteParams }) {
  const { v, kanRette } = d;
  const art = kind.art;
  const tile = useTile();
  const client = useQueryClient();
  const idTekst = params[TABS[art].param];
  const omfattet = !kind.kraeverBrugerbetaling || v.basis.omfattetAfBrugerbetaling === true;
  return (
    <RecordTab
      kind={kind}
      ejer={{
        id: v.id,
        type: v.type,
        kanRette,
        kanOprette: omfattet,
        ikkeOpretBesked: omfattet ? undefined : 'Virksomheden er ikke omfattet af brugerbetaling.',
        betegnelse: 'denne virksomhed',
      }}
      kontekst={feltKontekst(d.ctx)}
      valg={{
        id: idTekst ? Number(idTekst) : null,
        vaelg: (id) => tile.navigate(recordPath(v.type, v.id, art, id ?? undefined)),
        aabnBeside: (id) => tile.openBeside(recordPath(v.type, v.id, art, id)),
      }}
      // A user-payment record starts from the company's fee type.
      nyeStandard={
        kind.kraeverBrugerbetaling ? { gebyrtype: v.basis.brugerbetaling ?? 'Timesats gebyr' } : undefined
      }
      efterAendring={() => afterChange(client, v.id, art)}
      useKommandoer={useFrameCommands}
    />
  );
}

/** A record tab's view: the shared frame around the kind's list and form. */
export function RegistreringView({ route, params, art }: ViewProps & { art: RegistreringArt }) {
  return (
    <DetailFrame route={route} params={params}>
      {(d) => <RegistreringTab d={d} kind={ARTER[art]} params={params} />}
    </DetailFrame>
  );
}
