import { expect, test } from './fixtures';
import { acceptCookies, efterladEnFlise, openAlone, signIn, tokenOf } from './helpers';

/**
 * Right formats (issue 30): a water level keeps its time of day in the report, numbers carry the
 * same two decimals in every row, an invalid date typed in a filter says so instead of vanishing,
 * and the Jupiter answer's elements write their dates DD-MM-YYYY.
 */

test('as vand: the readings report shows each reading with its time of day and two decimals; an invalid filter date says so', async ({
  page,
}) => {
  await signIn(page, 'vand');
  await acceptCookies(page);
  await openAlone(page, '/rapport/boringpejling');
  const tile = page.getByTestId('tile');
  const table = tile.locator('table').first();
  await expect(table.locator('tbody tr.dt-row').first()).toBeVisible();
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
  const tid = headers.findIndex((h) => h.startsWith('Pejletidspunkt'));
  const vandstand = headers.findIndex((h) => h.startsWith('Vandstand under terræn'));
  expect(tid).toBeGreaterThanOrEqual(0);
  expect(vandstand).toBeGreaterThanOrEqual(0);
  const rows = table.locator('tbody tr.dt-row');
  const tider = await rows.locator(`td:nth-child(${tid + 1})`).allTextContents();
  expect(tider.length).toBeGreaterThan(5);
  for (const t of tider) expect(t).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  // Not every reading at midnight: the time is the reading's own.
  expect(tider.some((t) => !t.endsWith('00:00:00'))).toBe(true);
  for (const v of await rows.locator(`td:nth-child(${vandstand + 1})`).allTextContents())
    expect(v).toMatch(/^-?[\d.]+,\d{2}$/);

  // A date that does not exist, typed in the filter: kept in the field, and the field says why.
  await page.keyboard.press('Alt+f');
  const dialog = page.getByTestId('rapport-filter-modal');
  await dialog.getByLabel('Tilgængelige filtre').selectOption('pejletidspunkt');
  const fra = dialog.getByLabel('Fra');
  await fra.fill('31-02-2026');
  await fra.press('Tab');
  await expect(fra).toHaveValue('31-02-2026');
  await expect(fra).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Ugyldig dato – brug DD-MM-ÅÅÅÅ')).toBeVisible();
  // Corrected, the message goes and the filter applies.
  await fra.fill('01-01-2020');
  await fra.press('Tab');
  await expect(dialog.getByText('Ugyldig dato – brug DD-MM-ÅÅÅÅ')).toBeHidden();
  await expect(fra).toHaveValue('01-01-2020');
  await page.keyboard.press('Escape');
  await efterladEnFlise(page);
});

test("as vand: the Jupiter answer's elements write their dates DD-MM-YYYY", async ({ page }) => {
  await signIn(page, 'vand');
  await acceptCookies(page);
  // A plant Jupiter accepted before (the demo data), so it is ready to report again.
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const hits = (
    await (
      await page.request.get(`/api/soeg?tekst=${encodeURIComponent('Vandværk')}&antal=50`, { headers })
    ).json()
  ).resultater as { id: number; type: string }[];
  const plants = hits.filter((h) => h.type === 'vandanlaeg').sort((a, b) => a.id - b.id);
  let id: number | null = null;
  for (const p of plants) {
    const klar = await page.request.get(`/api/vandanlaeg/${p.id}/jupiter/klar`, { headers });
    if (klar.ok() && (await klar.json()).klar === true) {
      id = p.id;
      break;
    }
  }
  expect(id, 'a plant ready for Jupiter').not.toBeNull();
  await openAlone(page, `/vandanlaeg/${id}/stamoplysninger`);
  const panel = page.getByTestId('jupiter-panel');
  await panel.getByRole('button', { name: 'Indberet til Jupiter' }).click();
  // Sending asks first where that is built (issue 30, 'Safe external actions').
  const spoerg = page.getByRole('dialog');
  if (await spoerg.isVisible({ timeout: 1500 }).catch(() => false))
    await spoerg.getByRole('button', { name: /Indberet/ }).click();
  const seneste = panel.getByTestId('jupiter-seneste');
  await expect(seneste).toBeVisible();
  // The new answer (the plant's permits and periods among its elements), not the one from before.
  const godkendt = seneste.getByRole('button', { name: /^\d+ elementer godkendt$/ });
  await expect(godkendt).toBeVisible();
  if ((await godkendt.getAttribute('aria-expanded')) !== 'true') await godkendt.click();
  await expect(seneste.locator('li', { hasText: /^(Tilladelse|Oppumpet mængde)/ }).first()).toBeVisible();
  const daterede = (await seneste.locator('li, td').allTextContents()).filter((t) =>
    /^(Tilladelse|Oppumpet mængde)/.test(t),
  );
  expect(daterede.length, 'elements with dates in their names').toBeGreaterThan(0);
  for (const t of daterede) expect(t).toMatch(/\d{2}-\d{2}-\d{4}/);
  const tekst = (await seneste.textContent()) ?? '';
  // No ISO date anywhere in the answer (the send time is DD-MM-YYYY HH:mm too).
  expect(tekst).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  await efterladEnFlise(page);
});
