import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ENTITETER, SAT_RAEKKETYPE } from '../../../contract/entitet';
import type { AnyRecord, AnyRecordKind } from '../../../contract/record-kind';
import { SAT_ARTER } from '../../../contract/sat-registreringer';
import { recordApi } from '../../records/api';
import type { FeltKontekst } from '../../records/FeltInput';
import { RegistreringTab, type RegistreringTabProps } from '../../records/RegistreringTab';
import { useFrameCommands } from '../../records/ramme';
import { EjerRamme } from '../../records/ramme-ejer';
import { faneValg, kraevArt } from '../../records/ramme-faner';
import { panelerForaeldet } from '../../records/SidePanels';
import type { RouteParams } from '../../routes/route-table';
import { useShellSession } from '../../session/session-context';
import { useTile, type ViewProps } from '../../workspace/tile-api';
import { satKeys } from './detail-api';
import { SAT_RAMME, type SatDetalje } from './ejer';

/**
 * The SAT company's record tabs (follow-up inspections, enforcement, fees) on the generic record
 * tab (src/app/records): the SAT company (row type 4) as owner, the record id of the route selecting
 * the record, every list kept under the company's key (['satvirksomhed', id, 'records', art]) so one
 * invalidation of the company makes all of it stale.
 */

/** The company's records of a kind (the list the tab shows), under the company's key. */
function satListe(kind: AnyRecordKind, satId: number) {
  return {
    key: satKeys.records(satId, kind.art),
    hent: (signal: AbortSignal) => recordApi.liste(kind, satId, signal),
  };
}

/** What the SAT company's record fields need: the company as owner, the customer, case workers' names. */
function useSatKontekst(d: SatDetalje, kind: AnyRecordKind): FeltKontekst {
  const session = useShellSession();
  const liste = satListe(kind, d.sat.id);
  // The same query as the tab's list (one fetch): case workers named by the records themselves.
  const q = useQuery({
    queryKey: liste.key,
    queryFn: ({ signal }) => liste.hent(signal),
    staleTime: 30_000,
  });
  const { sat, kanRette } = d;
  return useMemo(() => {
    const navne = new Map<number, string>();
    for (const r of q.data ?? []) {
      if (typeof r.sagsbehandlerId === 'number' && typeof r.sagsbehandler === 'string')
        navne.set(r.sagsbehandlerId, r.sagsbehandler);
    }
    return {
      ejer: { id: sat.id, type: SAT_RAEKKETYPE },
      kundeId: session.user?.customerId ?? 0,
      disabled: !kanRette,
      kendteNavne: navne,
    };
  }, [sat.id, kanRette, session.user?.customerId, q.data]);
}

/**
 * A SAT company record tab whose record is selected by the route
 * (`/affaldstilsyn/:id/<segment>/:<param>?`, the tab the kind declares). After a change the company itself (its status, fees),
 * its timeline and its log are stale.
 */
export function SatRecordTab({
  d,
  kind,
  params,
  ...rest
}: {
  d: SatDetalje;
  kind: AnyRecordKind;
  params: RouteParams;
} & Pick<RegistreringTabProps, 'skjulte' | 'overskrift' | 'feltHint' | 'kolonneVisning' | 'laast'>) {
  const tile = useTile();
  const client = useQueryClient();
  const kontekst = useSatKontekst(d, kind);
  const satId = d.sat.id;
  return (
    <RegistreringTab
      kind={kind}
      ejer={{ id: satId, type: SAT_RAEKKETYPE, kanRette: d.kanRette, betegnelse: 'denne SAT-virksomhed' }}
      kontekst={kontekst}
      liste={satListe(kind, satId)}
      valg={faneValg(tile, ENTITETER.satvirksomhed, satId, kind, params)}
      efterAendring={() => {
        void client.invalidateQueries({ queryKey: satKeys.sat(satId), exact: true });
        panelerForaeldet(client, satKeys.sat(satId));
      }}
      useKommandoer={useFrameCommands}
      tabelNavn={`satvirksomhed-${kind.art}`}
      {...rest}
    />
  );
}

/** The view of every SAT company tab that shows one record kind with nothing more (its kind found from the route). */
export function RegistreringView({ route, params }: ViewProps) {
  const kind = kraevArt(route, SAT_ARTER);
  return (
    <EjerRamme ejer={SAT_RAMME} route={route} params={params}>
      {(d) => <SatRecordTab d={d} kind={kind} params={params} />}
    </EjerRamme>
  );
}

/** A record's number field (the fee's øre), or null. */
export const talAf = (r: AnyRecord | Readonly<Record<string, unknown>> | undefined, felt: string) =>
  r && typeof r[felt] === 'number' ? (r[felt] as number) : null;
