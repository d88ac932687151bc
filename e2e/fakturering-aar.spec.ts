import { expect, type Page, test } from './fixtures';
import { openAlone, signIn, tokenOf } from './helpers';

const tile = (page: Page) => page.getByTestId('tile');
const fane = (page: Page, navn: string) => tile(page).getByRole('link', { name: navn, exact: true });

interface Raekke {
  id: number;
  version: number;
  virksomhedsnavn: string;
  betalerTypeKode: string | null;
  betalingsReference: string | null;
  cvrNr: string | null;
  totalOere: number;
}
interface Batch {
  id: number;
  version: number;
}

async function api(page: Page) {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  return {
    get: async <T>(path: string): Promise<T> => (await page.request.get(`/api/${path}`, { headers })).json(),
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const r = await page.request.post(`/api/${path}`, { headers, data });
      expect(r.ok(), await r.text()).toBe(true);
      return r.json();
    },
    put: async (path: string, data: unknown) => {
      const r = await page.request.put(`/api/${path}`, { headers, data });
      expect(r.ok(), await r.text()).toBe(true);
    },
  };
}

/**
 * Issue 30, the invoicing screens: on 28 November 2026 every invoicing tab with a year opens on
 * settlement year 2026 (1 November 2025 – 31 October 2026, the one to invoice this month), and a year
 * chosen in one tab is the year of the others; a transferred batch no longer reads 'Afventer
 * overførsel'; a retry that goes through leaves no old error on screen; a credited batch shows the
 * credited amount.
 */
test('oekonomi: the year to invoice, shared by the tabs; statuses follow what happened', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(new Date('2026-11-28T10:00:00+01:00'));
  await signIn(page, 'oekonomi');
  await openAlone(page, '/fakturering/fakturaforslagliste');
  await page.getByRole('button', { name: 'Accepter' }).click();
  const aar = page.getByRole('combobox', { name: 'Afregningsår' });

  // The year just ended, in both tabs with a year; a choice in one is the other's.
  await expect(aar).toHaveValue('2026');
  await fane(page, 'Fakturaoversigt').click();
  await expect(tile(page)).toHaveAttribute('data-path', '/fakturering/fakturaoversigt');
  await expect(aar).toHaveValue('2026');
  await aar.selectOption('2025');
  await fane(page, 'Fakturaforslag').click();
  await expect(tile(page)).toHaveAttribute('data-path', '/fakturering/fakturaforslagliste');
  await expect(aar).toHaveValue('2025');
  // By keyboard too (Alt+Shift+PageDown: the year after), then seen in the overview.
  await page.getByRole('grid').or(page.getByTestId('fak-tom')).first().click();
  await page.keyboard.press('Alt+Shift+PageDown');
  await expect(aar).toHaveValue('2026');
  await fane(page, 'Fakturaoversigt').click();
  await expect(aar).toHaveValue('2026');

  // Two proposals of 2026 approved into one batch: a payer the economy system takes, one it refuses.
  const a = await api(page);
  await a.post('fakturering/forslag/dan', { aar: 2026 });
  const forslag = (
    await a.get<{ items: Raekke[] }>(
      'fakturering/fakturaer?take=500&filteredColumns=status:forslag&filteredColumns=aar:2026',
    )
  ).items;
  const afvist = forslag.find((r) => r.betalerTypeKode === 'CPR' && r.betalingsReference?.length !== 10);
  const ok = forslag.find((r) => r.betalerTypeKode === 'CVR' && /^\d{8}$/.test(r.cvrNr ?? ''));
  expect(afvist, 'the seed has a CPR payer the economy system refuses').toBeTruthy();
  expect(ok).toBeTruthy();
  const batch = await a.post<Batch>('fakturering/forslag/godkend', {
    forslag: [afvist!, ok!].map((r) => ({ id: r.id, version: r.version })),
  });

  // Transferred from the screen: the panel follows, 'Afventer overførsel' is gone.
  await fane(page, 'Godkendte fakturaforslag').click();
  const batchRaekke = page
    .getByRole('grid', { name: 'Godkendte batches' })
    .locator('tbody tr.dt-row')
    .filter({ hasText: `#${batch.id}` });
  await batchRaekke.click();
  const panel = page.getByRole('region', { name: `Batch ${batch.id}` });
  await expect(panel.getByRole('heading')).toContainText('Afventer overførsel');
  await page.keyboard.press('Alt+Shift+o');
  // Sending to another system asks first (issue 30); Enter on the confirm button sends.
  const spoerg = page.getByRole('dialog', { name: /^Overfør batch #\d+ til økonomisystemet\?$/ });
  await expect(spoerg.getByRole('button', { name: 'Overfør' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('overfoer-svar')).toContainText('1 overført, 1 fejlet');
  await expect(panel.getByRole('heading')).toContainText('Delvist overført');
  await expect(panel.getByRole('heading')).not.toContainText('Afventer overførsel');

  // The refused invoice: its reason; the payer fixed (10 digits) and retried: the old error is gone.
  await fane(page, 'Fejlede overførsler').click();
  const fejlet = page
    .getByRole('grid', { name: 'Fejlede overførsler' })
    .locator('tbody tr.dt-row')
    .filter({ hasText: afvist!.virksomhedsnavn });
  await fejlet.click();
  const fejlPanel = page.getByRole('region', { name: `Fejlet overførsel til ${afvist!.virksomhedsnavn}` });
  await expect(fejlPanel.getByTestId('fejl-aarsag')).toContainText('CPR');
  const betaler = await a.get<{ virksomhedVersion: number; cvrNr: string | null }>(
    `fakturering/fakturaer/${afvist!.id}/betaler`,
  );
  await a.put(`fakturering/fakturaer/${afvist!.id}/betaler`, {
    betalerTypeKode: 'CPR',
    betalingsReference: '0101701234',
    cvrNr: betaler.cvrNr,
    virksomhedVersion: betaler.virksomhedVersion,
  });
  await page.keyboard.press('Alt+Shift+r');
  await expect(page.getByText(/er overført som nr\. F-/)).toBeVisible();
  await expect(fejlPanel).toHaveCount(0);
  await expect(fejlet).toHaveCount(0);

  // The overview: the batch is transferred; credited, it shows the credited amount.
  await fane(page, 'Fakturaoversigt').click();
  await expect(aar).toHaveValue('2026');
  const oversigt = page.getByRole('grid', { name: 'Overførte batches' });
  const raekke = oversigt.locator('tbody tr.dt-row').filter({ hasText: `#${batch.id}` });
  await expect(raekke).toContainText('Overført');
  await raekke.click();
  await page.keyboard.press('Alt+Shift+k');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Årsag/ }).fill('Forkert timetal');
  await dialog.getByRole('button', { name: 'Kreditér batch' }).click();
  await expect(page.getByTestId('kredit-svar')).toBeVisible();
  const kroner = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const total = afvist!.totalOere + ok!.totalOere;
  const beloeb = kroner.format(total / 100);
  await expect(raekke).toContainText('Krediteret');
  await expect(raekke).toContainText(beloeb);
  const bp = page.getByRole('region', { name: `Batch ${batch.id}` }).getByTestId('batch-beloeb');
  await expect(bp).toContainText(new RegExp(`krediteret: [−-]${beloeb.replace(/\./g, '\\.')} kr\\.`));
  await expect(bp).toContainText('netto: 0,00 kr.');
});
