// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import VandproeverView from '../../src/app/features/vandanlaeg/VandproeverView';
import { vandanlaegStiForPost } from '../../src/app/lib/vand-fokus';
import type { VandproevePost } from '../../src/contract/validering';
import { renderVisning, testVandanlaeg } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests, stubApi } from './harness';

setupComponentTests();

const proeve = (id: number, over: Partial<VandproevePost> = {}): VandproevePost => ({
  id,
  vandanlaegId: 7,
  anlaegsnavn: 'Testrup Vandværk',
  anlaegsnr: '77900001',
  indtagId: null,
  proevested: `Afgang ${id}`,
  proevetype: 'Kontrol',
  udtaget: `2026-0${id}-10T09:00:00.000Z`,
  laboratorium: 'Eurofins',
  analyser: [
    { parameter: 'Nitrat', vaerdi: 62, enhed: 'mg/l', graensevaerdi: 50, overskredet: true },
    { parameter: 'Jern', vaerdi: 0.05, enhed: 'mg/l', graensevaerdi: 0.1, overskredet: false },
  ],
  antalOverskridelser: 1,
  bemaerkning: null,
  status: 2,
  besluttetAf: 'Vera Validator',
  besluttetDato: '2026-03-01T10:00:00.000Z',
  version: 4,
  ...over,
});

describe("a plant's water samples", () => {
  it('lists every state, selects the queue entry, and marks the limits exceeded', async () => {
    stubApi({
      'GET Vandanlaeg/7': () => testVandanlaeg(),
      'GET Vandproeve/anlaeg/7': () => [
        proeve(1, { status: 0, besluttetAf: null, besluttetDato: null }),
        proeve(2),
      ],
    });
    vandanlaegStiForPost('vandproever', { id: 2, vandanlaegId: 7, udtaget: '2026-02-10T09:00:00.000Z' });
    await renderVisning(VandproeverView, 'vandanlaeg-vandproever', { id: '7' }, { username: 'laeser' });
    expect(await screen.findByText('Afventer')).toBeTruthy();
    // The queue's sample is open with its analyses.
    await waitFor(() => expect(screen.getByText('Ja – over grænseværdien')).toBeTruthy());
    expect(screen.getByRole('heading', { name: /Afgang 2/ })).toBeTruthy();
    expect(screen.getAllByText('Forkastet').length).toBeGreaterThan(0);
    const nitrat = screen.getByText('Nitrat').closest('tr') as HTMLElement;
    expect(nitrat.className).toContain('wd-overskredet');
    expect((screen.getByText('Jern').closest('tr') as HTMLElement).className).not.toContain('wd-overskredet');
    fireEvent.click(screen.getByText('Afgang 1'));
    await waitFor(() => expect(screen.getByRole('heading', { name: /Afgang 1/ })).toBeTruthy());
  });
});
