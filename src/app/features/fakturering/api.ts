import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { standardAfregningsaar } from '../../../contract/brugerbetaling-regler';
import type { BatchStatus, FakturaStatus } from '../../../contract/faktura-status';
import {
  annullerFakturering,
  type Batch,
  type BetalerInput,
  type batchListeQuerySchema,
  type DanForslagSvar,
  danForslagJob,
  danForslagSvarSchema,
  type FakturaListeQuery,
  type FakturaRaekke,
  gemBetaler,
  genoverfoerFaktura,
  godkendForslag,
  hentBatches,
  hentBetaler,
  hentFaktura,
  hentFakturaer,
  hentSatser,
  krediterBatch,
  type OverfoerSvar,
  overfoerBatchJob,
  overfoerSvarSchema,
} from '../../../contract/fakturering';
import type { Job } from '../../../contract/jobs';
import { HttpError } from '../../lib/http';
import { koerJob } from '../../session/jobs';
import { http } from '../../session/runtime';
import { useShellSession } from '../../session/session-context';
import type { TileCommand } from '../../workspace/tile-api';

/**
 * The calls of the invoicing flow (proposals, approved batches, transferred invoices, failed
 * transfers). Keys start with ['fakturering']; every act makes every invoicing list stale except the
 * customer's flag (Ramme.tsx's ['fakturering', 'brugOIR', kundeId]), so all four tabs show the same
 * truth after a change made in any of them.
 */
export type BatchListeQuery = z.input<typeof batchListeQuerySchema>;

export const fakturaKeys = {
  satser: ['fakturering', 'satser'] as const,
  fakturaer: (q: FakturaListeQuery) => ['fakturering', 'fakturaer', q] as const,
  faktura: (id: number) => ['fakturering', 'faktura', id] as const,
  batches: (q: BatchListeQuery) => ['fakturering', 'batches', q] as const,
  betaler: (fakturaId: number) => ['fakturering', 'betaler', fakturaId] as const,
};

/**
 * The settlement year the invoicing tabs open on for a day: the year invoiced in its calendar year
 * (in November the year that just ended, standardAfregningsaar in brugerbetaling-regler.ts).
 */
export function afregningsaarFor(d: Date): number {
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return standardAfregningsaar(iso);
}

/** The years the chooser offers: the default, the year before and every year with rates, newest first. */
export function naermesteAar(standard: number, satsAar: readonly number[]): number[] {
  return [...new Set([standard, standard - 1, ...satsAar])].sort((a, b) => b - a);
}

/**
 * The chosen settlement year, one for every invoicing tab of every tile (per customer, while the
 * page lives): choosing a year in one tab shows the same year in the others.
 */
const aarLyttere = new Set<() => void>();
let valgtAar: { kundeId: number; aar: number } | null = null;
export const aarStore = {
  hent: (kundeId: number): number | undefined => (valgtAar?.kundeId === kundeId ? valgtAar.aar : undefined),
  saet(kundeId: number, aar: number) {
    if (valgtAar?.kundeId === kundeId && valgtAar.aar === aar) return;
    valgtAar = { kundeId, aar };
    for (const l of aarLyttere) l();
  },
  lyt(l: () => void) {
    aarLyttere.add(l);
    return () => void aarLyttere.delete(l);
  },
  /** For tests: forget the choice. */
  nulstil() {
    valgtAar = null;
    for (const l of aarLyttere) l();
  },
};

/** A refused act that someone else got to first (409). */
export const erKonflikt = (err: unknown) => err instanceof HttpError && err.failure.status === 409;

/** Every invoicing list and detail is stale (not the customer's flag). */
export function foraeldet(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) => q.queryKey[0] === 'fakturering' && q.queryKey[1] !== 'brugOIR',
  });
}

export function useSatser() {
  return useQuery({
    queryKey: fakturaKeys.satser,
    queryFn: ({ signal }) => http.call(hentSatser, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** A page of invoices and proposals with the sums of all that match; the last page stays while the next loads. */
export function useFakturaer(query: FakturaListeQuery, enabled = true) {
  return useQuery({
    queryKey: fakturaKeys.fakturaer(query),
    queryFn: ({ signal }) => http.call(hentFakturaer, { query, signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFaktura(id: number | null) {
  return useQuery({
    queryKey: fakturaKeys.faktura(id ?? 0),
    queryFn: ({ signal }) => http.call(hentFaktura, { params: { id: id ?? 0 }, signal, silent: true }),
    enabled: id !== null && id > 0,
  });
}

export function useBatches(query: BatchListeQuery) {
  return useQuery({
    queryKey: fakturaKeys.batches(query),
    queryFn: ({ signal }) => http.call(hentBatches, { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useBetaler(fakturaId: number | null) {
  return useQuery({
    queryKey: fakturaKeys.betaler(fakturaId ?? 0),
    queryFn: ({ signal }) => http.call(hentBetaler, { params: { id: fakturaId ?? 0 }, signal, silent: true }),
    enabled: fakturaId !== null && fakturaId > 0,
  });
}

/**
 * Builds (or rebuilds) the year's proposals as a job (issue 32): `onJob` hears its progress; when the
 * year's run is under way already, `onKoerer` hears the server's message and that run is followed.
 */
export async function dan(
  client: QueryClient,
  aar: number,
  onJob: (job: Job) => void = () => undefined,
  onKoerer?: (besked: string) => void,
): Promise<DanForslagSvar> {
  try {
    return await koerJob(
      () => http.call(danForslagJob, { body: { aar }, silent: true }),
      danForslagSvarSchema,
      onJob,
      onKoerer,
    );
  } finally {
    await foraeldet(client);
  }
}

/** Approves the chosen proposals (each with the version seen), or all of the year's, into a new batch. */
export async function godkend(
  client: QueryClient,
  hvad: { forslag: { id: number; version: number }[] } | { alle: true; aar: number },
): Promise<Batch> {
  try {
    return await http.call(godkendForslag, { body: hvad, silent: true });
  } finally {
    await foraeldet(client);
  }
}

/** Transfers the batch as a job (issue 32): the claim answers at once (409 when stale), `onJob` hears the sending. */
export async function overfoer(
  client: QueryClient,
  batch: Batch,
  onJob: (job: Job) => void = () => undefined,
  onKoerer?: (besked: string) => void,
): Promise<OverfoerSvar> {
  try {
    return await koerJob(
      () =>
        http.call(overfoerBatchJob, {
          params: { id: batch.id },
          body: { version: batch.version },
          silent: true,
        }),
      overfoerSvarSchema,
      onJob,
      onKoerer,
    );
  } finally {
    await foraeldet(client);
  }
}

export async function annuller(client: QueryClient, batchId: number, aarsag: string): Promise<Batch> {
  try {
    return await http.call(annullerFakturering, {
      query: { afregningBatchId: batchId, ...(aarsag.trim() ? { aarsag: aarsag.trim() } : {}) },
      silent: true,
    });
  } finally {
    await foraeldet(client);
  }
}

export async function krediter(client: QueryClient, batchId: number, aarsag: string): Promise<Batch> {
  try {
    return await http.call(krediterBatch, { query: { batchId, aarsag }, silent: true });
  } finally {
    await foraeldet(client);
  }
}

export const genoverfoer = (f: Pick<FakturaRaekke, 'id' | 'version'>) =>
  http.call(genoverfoerFaktura, { params: { id: f.id }, body: { version: f.version }, silent: true });

export const gemBetalerKald = (fakturaId: number, input: BetalerInput) =>
  http.call(gemBetaler, { params: { id: fakturaId }, body: input, silent: true });

/** Filters of the invoice list, as the contract spells them. */
export const filtre = {
  /** Invoices in these statuses (src/contract/faktura-status.ts: what each list offers). */
  status: (...s: readonly FakturaStatus[]) => `status:${s.join('|')}`,
  /** Batches in these statuses. */
  batchStatus: (...s: readonly BatchStatus[]) => `status:${s.join('|')}`,
  aar: (aar: number) => `aar:${aar}`,
  art: (art: 'faktura' | 'kredit') => `art:${art}`,
  batch: (id: number) => `batch:${id}`,
};

/**
 * The settlement year of the invoicing tabs: the one chosen in any of them (aarStore), else the year
 * to invoice today (afregningsaarFor).
 */
export function useAar(): [number, (aar: number) => void, number[]] {
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const standard = afregningsaarFor(new Date());
  const valgt = useSyncExternalStore(aarStore.lyt, () => aarStore.hent(kundeId));
  const aar = valgt ?? standard;
  const satser = useSatser();
  const valg = useMemo(
    () => naermesteAar(standard, [aar, ...(satser.data ?? []).map((s) => s.aar)]),
    [standard, aar, satser.data],
  );
  const vaelg = useCallback((a: number) => aarStore.saet(kundeId, a), [kundeId]);
  return [aar, vaelg, valg];
}

/**
 * The year commands of a tab with the year chooser: the year before and (when there is one) the year
 * after, one keystroke each (Alt+Shift+PageUp / PageDown).
 */
export function aarKommandoer(
  aar: number,
  valg: readonly number[],
  skift: (aar: number) => void,
): TileCommand[] {
  const forrige = valg.find((a) => a < aar) ?? aar - 1;
  const naeste = [...valg].reverse().find((a) => a > aar);
  return [
    {
      id: 'forrige-afregningsaar',
      label: `Afregningsår ${forrige}`,
      shortcut: 'alt+shift+pageup',
      keywords: ['år', 'afregningsår', 'forrige'],
      run: () => skift(forrige),
    },
    ...(naeste !== undefined
      ? [
          {
            id: 'naeste-afregningsaar',
            label: `Afregningsår ${naeste}`,
            shortcut: 'alt+shift+pagedown',
            keywords: ['år', 'afregningsår', 'næste'],
            run: () => skift(naeste),
          },
        ]
      : []),
  ];
}
