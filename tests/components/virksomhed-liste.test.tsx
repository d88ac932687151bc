// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import VirksomhedListeView from '../../src/app/features/virksomhed-liste/VirksomhedListeView';
import {
  ANTAL_LOFT,
  type VirksomhedListeItem,
  virksomhedListeQuerySchema,
  virksomhedListeSvarSchema,
} from '../../src/contract/virksomhed-liste';
import { renderVisning } from '../helpers/vandanlaeg-komponent';
import { jsonResponse, setupComponentTests } from './harness';

/**
 * The company list (/virksomheder) with a capped total (issue 16): the server counted only up to
 * ANTAL_LOFT, so the list says 'Mere end 1.000' and pages on while the server says there is more.
 * Every request is checked with the server's query schema, every answer with the answer schema.
 */

setupComponentTests();

const item = (id: number): VirksomhedListeItem => ({
  id,
  type: 1,
  navn: `Jensen VVS ${id}`,
  cvrNr: null,
  pNr: null,
  chrNr: null,
  adresse: `Jensensvej ${id}, 7800 Skive`,
  postnummer: '7800',
  by: 'Skive',
  brancheKode: null,
  branche: null,
  kategori: null,
  primaerSagsbehandlerId: null,
  primaerSagsbehandler: null,
  ophoertDato: null,
  etableringsDato: null,
  omfattetAfBrugerbetaling: false,
});

/** GET virksomhed/list answers a page of 50 of a broad search; records each query. */
function stubListe() {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/virksomhed/list')
        return jsonResponse({ status: 404, message: 'Ressourcen blev ikke fundet' }, 404);
      queries.push(url.searchParams);
      const q = Object.fromEntries(url.searchParams.entries()) as Record<string, unknown>;
      q.filteredColumns = url.searchParams.getAll('filteredColumns');
      const parsed = virksomhedListeQuerySchema.parse(q);
      const svar = virksomhedListeSvarSchema.parse({
        totalCount: Math.max(ANTAL_LOFT, parsed.start + parsed.take),
        totalCountCapped: true,
        items: Array.from({ length: parsed.take }, (_, i) => item(parsed.start + i + 1)),
      });
      return jsonResponse(svar);
    }),
  );
  return queries;
}

describe('Virksomhedslisten: a capped total', () => {
  it("says 'Mere end 1.000' and pages on to the next page", async () => {
    const queries = stubListe();
    await renderVisning(VirksomhedListeView, 'virksomheder', {}, { username: 'virksomhed' });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Viser 50 rækker · Mere end ${ANTAL_LOFT.toLocaleString('da-DK')} i alt`,
      ),
    );
    expect(screen.getByText(`Side 1 af mere end ${ANTAL_LOFT / 50}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Næste side' }));
    await waitFor(() => expect(queries.at(-1)?.get('start')).toBe('50'));
    await waitFor(() => expect(screen.getByText(`Side 2 af mere end ${ANTAL_LOFT / 50}`)).toBeTruthy());
  });
});
