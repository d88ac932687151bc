import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AnyRecord, AnyRecordKind } from '../../../contract/record-kind';
import { recordApi } from '../../records/api';
import type { FeltKontekst } from '../../records/FeltInput';
import { RegistreringTab, type RegistreringTabProps } from '../../records/RegistreringTab';
import { panelerForaeldet } from '../../records/SidePanels';
import type { RouteParams } from '../../routes/route-table';
import { useShellSession } from '../../session/session-context';
import { useTile } from '../../workspace/tile-api';
import { type SatDetalje, satKeys, useFrameCommands } from './Frame';

/**
 * The SAT company's record tabs (follow-up inspections, enforcement, fees) on the generic record
 * tab (src/app/records): the SAT company (row type 4) as owner, the record id of the route selecting
 * the record, every list kept under the company's key (['satvirksomhed', id, 'records', art]) so one
 * invalidation of the company makes all of it stale.
 */

/** SAT companies are rows of the company table with row type 4 (contract/entitet.ts). */
const SAT_RAEKKETYPE = 4;

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

/** The address of a SAT company's tab, with a record selected. */
export const satSti = (satId: number, fane: string, recordId?: number | null) =>
  `/affaldstilsyn/${satId}/${fane}${recordId ? `/${recordId}` : ''}`;

/**
 * A SAT company record tab whose record is selected by the route
 * (`/affaldstilsyn/:id/<fane>/:<param>?`). After a change the company itself (its status, fees),
 * its timeline and its log are stale.
 */
export function SatRecordTab({
  d,
  kind,
  params,
  fane,
  param,
  ...rest
}: {
  d: SatDetalje;
  kind: AnyRecordKind;
  params: RouteParams;
  fane: string;
  param: string;
} & Pick<RegistreringTabProps, 'skjulte' | 'overskrift' | 'feltHint' | 'kolonneVisning' | 'laast'>) {
  const tile = useTile();
  const client = useQueryClient();
  const kontekst = useSatKontekst(d, kind);
  const satId = d.sat.id;
  const idTekst = params[param];
  const recordId = idTekst && /^\d+$/.test(idTekst) ? Number(idTekst) : null;
  return (
    <RegistreringTab
      kind={kind}
      ejer={{ id: satId, type: SAT_RAEKKETYPE, kanRette: d.kanRette, betegnelse: 'denne SAT-virksomhed' }}
      kontekst={kontekst}
      liste={satListe(kind, satId)}
      valg={{
        id: recordId,
        vaelg: (id) => tile.navigate(satSti(satId, fane, id)),
        aabnBeside: (id) => tile.openBeside(satSti(satId, fane, id)),
      }}
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

/** A record's number field (the fee's øre), or null. */
export const talAf = (r: AnyRecord | Readonly<Record<string, unknown>> | undefined, felt: string) =>
  r && typeof r[felt] === 'number' ? (r[felt] as number) : null;
