import { useQueryClient } from '@tanstack/react-query';
import { virksomhedEllerLandbrug } from '../../../contract/entitet';
import { ARTER, type ArtDef } from '../../../contract/registreringer';
import { RegistreringTab as RecordTab } from '../../records/RegistreringTab';
import { useFrameCommands } from '../../records/ramme';
import { EjerRamme } from '../../records/ramme-ejer';
import { faneValg, kraevArt } from '../../records/ramme-faner';
import type { RouteParams } from '../../routes/route-table';
import { useTile, type ViewProps } from '../../workspace/tile-api';
import { afterChange } from './api';
import { type Detalje, VIRKSOMHED_RAMME } from './ejer';
import { feltKontekst } from './FeltInput';

/**
 * A company's or farm's record tab (tilsyn, håndhævelser ...): the generic record tab
 * (src/app/records) with the company as owner, the record id of the route selecting the record.
 */
export function RegistreringTab({ d, kind, params }: { d: Detalje; kind: ArtDef; params: RouteParams }) {
  const { v, kanRette } = d;
  const tile = useTile();
  const client = useQueryClient();
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
      valg={faneValg(tile, virksomhedEllerLandbrug(v.type), v.id, kind, params)}
      // A user-payment record starts from the company's fee type.
      nyeStandard={
        kind.kraeverBrugerbetaling ? { gebyrtype: v.basis.brugerbetaling ?? 'Timesats gebyr' } : undefined
      }
      efterAendring={() => afterChange(client, v.id, kind.art)}
      useKommandoer={useFrameCommands}
    />
  );
}

/**
 * The view of every company or farm tab that shows one record kind (its kind found from the route,
 * src/app/records/ramme-faner.ts): the frame around the kind's list and form.
 */
export function RegistreringView({ route, params }: ViewProps) {
  const kind = kraevArt(route, Object.values(ARTER));
  return (
    <EjerRamme ejer={VIRKSOMHED_RAMME} route={route} params={params}>
      {(d) => <RegistreringTab d={d} kind={kind} params={params} />}
    </EjerRamme>
  );
}
