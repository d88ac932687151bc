import { formatOere } from '../src/contract/format';
import { expect, type Page, test } from './fixtures';
import { acceptCookies, openAlone, signIn, tokenOf } from './helpers';

const tile = (page: Page) => page.getByTestId('tile');

interface Raekke {
  id: number;
  virksomhedsnavn: string;
  betalerTypeKode: string | null;
  betalingsReference: string | null;
  cvrNr: string | null;
  totalOere: number;
  status: string;
  kreditererFakturaId: number | null;
  krediteretAfFakturaId: number | null;
}

/**
 * The invoicing journey as `oekonomi` (Skive has the economy integration), by keyboard where the
 * screens offer it: build the proposals of settlement year 2026, approve two (one whose payer data
 * the economy system refuses), transfer the batch and see one fail, fix the payer and retry, credit
 * the batch with a reason, transfer the credit notes, and see invoice + credit note reconcile to zero.
 */
test('oekonomi: proposals, approve, a failed transfer fixed and retried, a batch credited', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(new Date('2026-11-28T10:00:00+01:00'));
  await signIn(page, 'oekonomi');
  await openAlone(page, '/fakturering');
  await acceptCookies(page);
  await expect(tile(page)).toHaveAttribute('data-path', '/fakturering/fakturaforslagliste');
  // The customer has the economy integration: the failed-transfers tab is there.
  await expect(tile(page).getByRole('link', { name: 'Fejlede overførsler' })).toBeVisible();

  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const api = async <T>(path: string): Promise<T> =>
    (await page.request.get(`/api/${path}`, { headers })).json();

  // Settlement year 2026 (1 November 2025 – 1 November 2026): in November the tab opens on it.
  await page.getByRole('grid').or(page.getByTestId('fak-tom')).first().waitFor();
  await expect(page.getByRole('combobox', { name: 'Afregningsår' })).toHaveValue('2026');
  await page.keyboard.press('Alt+Shift+f');
  const dan = page.getByRole('dialog').getByRole('button', { name: 'Dan fakturaforslag' });
  if (await dan.isVisible({ timeout: 1500 }).catch(() => false)) await dan.click();
  await expect(page.getByTestId('dan-svar')).toContainText('forslag');

  // Two proposals: a company whose EAN has 12 digits (refused) and one with a valid CVR payer.
  const forslag = (
    await api<{ items: Raekke[] }>(
      'fakturering/fakturaer?take=500&filteredColumns=status:forslag&filteredColumns=aar:2026',
    )
  ).items;
  const afvist = forslag.find((r) => r.betalerTypeKode === 'EAN' && r.betalingsReference?.length !== 13);
  const ok = forslag.find((r) => r.betalerTypeKode === 'CVR' && /^\d{8}$/.test(r.cvrNr ?? ''));
  expect(afvist, 'the seed gives a payer the economy system refuses').toBeTruthy();
  expect(ok).toBeTruthy();
  const grid = page.getByRole('grid', { name: 'Fakturaforslag' });
  for (const r of [afvist!, ok!]) {
    await page.getByLabel('Filter').fill(r.virksomhedsnavn);
    const row = grid.locator('tbody tr.dt-row').filter({ hasText: r.virksomhedsnavn }).first();
    await row.click();
    await page.keyboard.press('Space');
    await expect(row).toHaveAttribute('aria-selected', 'true');
  }
  await page.getByLabel('Filter').fill('');
  await page.keyboard.press('Alt+Shift+g');
  await page.getByRole('dialog').getByRole('button', { name: 'Godkend 2' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Approved: transfer the batch; the refused payer fails with the economy system's reason.
  await tile(page).getByRole('link', { name: 'Godkendte fakturaforslag' }).click();
  await expect(tile(page)).toHaveAttribute('data-path', '/fakturering/godkendtefakturaforslag');
  await page.getByRole('grid', { name: 'Godkendte batches' }).locator('tbody tr.dt-row').first().click();
  await page.keyboard.press('Alt+Shift+o');
  // It asks first: how many invoices and the total in kr.; the confirm button has focus.
  const spoerg = page.getByRole('dialog', { name: /^Overfør batch #\d+ til økonomisystemet\?$/ });
  await expect(spoerg.getByTestId('overfoer-spoergsmaal')).toContainText(
    `2 fakturaer for i alt ${formatOere(afvist!.totalOere + ok!.totalOere)} sendes til økonomisystemet.`,
  );
  await expect(spoerg.getByRole('button', { name: 'Overfør' })).toBeFocused();
  // Escape: nothing is sent, both invoices still await transfer, focus back in the tile.
  await page.keyboard.press('Escape');
  await expect(spoerg).toHaveCount(0);
  await expect(page.getByTestId('overfoer-svar')).toHaveCount(0);
  const ventende = await api<{ items: Raekke[] }>(
    'fakturering/fakturaer?take=500&filteredColumns=status:godkendt',
  );
  expect(ventende.items.filter((r) => r.id === afvist!.id || r.id === ok!.id)).toHaveLength(2);
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="tile"]'))).toBe(true);
  // Enter on the focused confirm button sends.
  await page.keyboard.press('Alt+Shift+o');
  await expect(spoerg.getByRole('button', { name: 'Overfør' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('overfoer-svar')).toContainText('1 overført, 1 fejlet');
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="tile"]')))
    .toBe(true);

  // Failed transfers: the reason, the payer fixed (13 digits) and saved, then Prøv igen.
  await tile(page).getByRole('link', { name: 'Fejlede overførsler' }).click();
  const fejlet = page.getByRole('grid', { name: 'Fejlede overførsler' }).locator('tbody tr.dt-row').filter({
    hasText: afvist!.virksomhedsnavn,
  });
  await fejlet.click();
  await expect(page.getByTestId('fejl-aarsag')).toContainText('13 cifre');
  await page.keyboard.press('Alt+Shift+b');
  const reference = page.getByRole('textbox', { name: /Betalingsreference/ });
  await reference.fill('5798000012345');
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/er gemt\. Prøv overførslen igen/)).toBeVisible();
  await fejlet.click();
  await page.keyboard.press('Alt+Shift+r');
  await expect(fejlet).toHaveCount(0);

  // Both invoices are transferred now; the retry did not make a second invoice.
  const efter = await api<{ items: Raekke[] }>(
    `fakturering/fakturaer?take=10&filteredColumns=status:overfoert`,
  );
  const overfoerte = efter.items.filter((r) => r.id === afvist!.id || r.id === ok!.id);
  expect(overfoerte).toHaveLength(2);

  // The overview: credit the batch; an empty reason is refused, a reason makes the credit batch.
  await tile(page).getByRole('link', { name: 'Fakturaoversigt' }).click();
  await page.getByRole('grid').first().locator('tbody tr.dt-row').first().click();
  await page.keyboard.press('Alt+Shift+k');
  const kredit = page.getByRole('dialog');
  await kredit.getByRole('button', { name: 'Kreditér batch' }).click();
  await expect(kredit).toContainText('Angiv en årsag til krediteringen');
  await kredit.getByRole('textbox', { name: /Årsag/ }).fill('Forkert timesats anvendt');
  await kredit.getByRole('button', { name: 'Kreditér batch' }).click();
  await expect(page.getByTestId('kredit-svar')).toBeVisible();

  // The credit notes go to the economy system like any batch.
  await tile(page).getByRole('link', { name: 'Godkendte fakturaforslag' }).click();
  await page.getByRole('grid', { name: 'Godkendte batches' }).locator('tbody tr.dt-row').first().click();
  await page.keyboard.press('Alt+Shift+o');
  await page.getByRole('dialog').getByRole('button', { name: 'Overfør' }).click();
  await expect(page.getByTestId('overfoer-svar')).toContainText('2 overført, 0 fejlet');

  // Each invoice and its credit note sum to zero, to the øre.
  for (const r of [afvist!, ok!]) {
    const original = await api<Raekke & { linjer: { beloebOere: number }[] }>(
      `fakturering/fakturaer/${r.id}`,
    );
    expect(original.status).toBe('krediteret');
    const kn = await api<Raekke & { linjer: { beloebOere: number }[] }>(
      `fakturering/fakturaer/${original.krediteretAfFakturaId}`,
    );
    expect(kn.totalOere + original.totalOere).toBe(0);
    expect(kn.linjer.map((l) => -l.beloebOere)).toEqual(original.linjer.map((l) => l.beloebOere));
  }
  // And the overview's figures reconcile: invoiced minus credited is the net.
  await tile(page).getByRole('link', { name: 'Fakturaoversigt' }).click();
  const tal = async (id: string) =>
    Number((await page.getByTestId(id).textContent())!.replace(/[^\d,-]/g, '').replace(',', '.'));
  // (Three answers, each shown once it has come ('…' before); figures kept from the earlier visit
  // are refetched, so the sum is awaited.)
  for (const id of ['sum-faktureret', 'sum-krediteret', 'sum-netto']) {
    await expect(page.getByTestId(id)).toHaveText(/\d/);
  }
  await expect
    .poll(
      async () =>
        Math.round((await tal('sum-faktureret')) * 100) -
        Math.round(Math.abs(await tal('sum-krediteret')) * 100) -
        Math.round((await tal('sum-netto')) * 100),
    )
    .toBe(0);
  // A wholly credited batch offers no second credit: the state table (contract/faktura-status.ts)
  // disables the button, while a transferred batch of the list keeps it.
  await page
    .getByRole('grid')
    .first()
    .locator('tbody tr.dt-row', { hasText: 'Fakturering' })
    .filter({ hasText: 'Krediteret' })
    .first()
    .click();
  await expect(tile(page).getByRole('button', { name: 'Kreditér batch' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('fakturaoversigt-krediteret.png') });
});
