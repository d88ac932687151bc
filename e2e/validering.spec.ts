import { expect, type Locator, type Page, test } from './fixtures';
import { paletteSelect, signIn, tokenOf } from './helpers';

const focusedTile = (page: Page) => page.locator('[data-testid="tile"].focused');
const PLANT = '/validering/oppumpedemaengeranlaeg';

/** Ctrl+K, the text, until the wanted option is selected, then Enter (or Ctrl+Enter: beside). */
async function openFromPalette(page: Page, text: string, label: RegExp, beside: boolean) {
  await paletteSelect(page, text, label);
  await page.keyboard.press(beside ? 'Control+Enter' : 'Enter');
}

/** The queue's rows as shown: the plant, the period and whether the median test flagged it. */
async function rowsOf(tile: Locator) {
  return tile.locator('.vl-tabel tbody tr.dt-row').evaluateAll((trs) =>
    trs.map((tr) => ({
      text: tr.textContent ?? '',
      plant: tr.querySelector('.vl-anlaeg')?.textContent ?? '',
      flagged: tr.querySelector('[data-testid="median-flag"]') !== null,
      cursor: tr.classList.contains('cursor'),
    })),
  );
}

/** Moves the queue's cursor to row `index` by keyboard: Home, then j. */
async function cursorTo(page: Page, tile: Locator, index: number) {
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('j');
  await expect.poll(async () => (await rowsOf(tile)).findIndex((r) => r.cursor)).toBe(index);
}

const pendingCount = async (tile: Locator) => {
  const text = (await tile.getByTestId('koe-status').textContent()) ?? '';
  return Number(/^([\d.]+) afventer/.exec(text)?.[1]?.replace(/\./g, '') ?? Number.NaN);
};

test('as vand: two queues side by side, median test, approve the neighbours and discard the outlier by keyboard; a second validator sees it live', async ({
  page,
  browser,
  baseURL,
}) => {
  // A second validator with the plant-level queue open in another browser.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page2 = await other.newPage();
  await signIn(page2, 'vand', baseURL);
  await page2.goto(PLANT);
  const tile2 = page2.getByTestId('tile').first();
  await expect(tile2.getByTestId('koe-status')).toContainText('afventer');
  const before2 = await pendingCount(tile2);

  await signIn(page, 'vand');
  await openFromPalette(page, 'Oppumpede mængder, anlæg', /Oppumpede mængder, anlæg/, false);
  await expect(page.getByTestId('validering-anlaeg')).toBeVisible();
  // The water-level readings beside it: Ctrl+Enter.
  await openFromPalette(page, 'Pejlinger', /Validering: Pejlinger/, true);
  await expect(page.getByTestId('tile')).toHaveCount(2);
  await expect(page.getByTestId('validering-pejling')).toBeVisible();
  await expect(focusedTile(page)).toHaveAttribute('data-path', '/validering/pejlinger');
  await expect(focusedTile(page).getByTestId('koe-status')).toContainText('afventer');

  // F6: to the plant-level queue; its table takes the keyboard.
  await page.keyboard.press('F6');
  await expect(focusedTile(page)).toHaveAttribute('data-path', PLANT);
  const tile = focusedTile(page);
  await expect(tile.getByTestId('koe-status')).toContainText('afventer');
  const before = await pendingCount(tile);
  expect(before).toBe(before2);
  await expect(tile.locator('table[role="grid"]').first()).toBeFocused();

  // m: the median test marks the outliers.
  await page.keyboard.press('m');
  await expect(tile.getByTestId('koe-status')).toContainText('markeret');
  const rows = await rowsOf(tile);
  expect(rows.some((r) => r.flagged)).toBe(true);
  // An outlier whose plant has another pending period right beside it.
  const f = rows.findIndex(
    (r, i) =>
      r.flagged &&
      ((rows[i - 1] && !rows[i - 1]!.flagged && rows[i - 1]!.plant === r.plant) ||
        (rows[i + 1] && !rows[i + 1]!.flagged && rows[i + 1]!.plant === r.plant)),
  );
  expect(f).toBeGreaterThanOrEqual(0);
  const outlier = rows[f]!;
  const neighbours = [f - 1, f + 1].filter((i) => rows[i] && !rows[i]!.flagged);
  const samePlant = neighbours.map((i) => rows[i]!).find((r) => r.plant === outlier.plant)!;
  // The plant's id, for its discarded list at the end.
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const kundeId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).customerId;
  const koe = await page.request.get(`/api/OppumpedeVandmaengderValidering/list/${kundeId}`, { headers });
  const plantId = (
    (await koe.json()) as { items: { anlaegsnavn: string; anlaegsnr: string | null; vandanlaegId: number }[] }
  ).items.find(
    (i) => `${i.anlaegsnavn}${i.anlaegsnr ? ` ${i.anlaegsnr}` : ''}` === outlier.plant,
  )!.vandanlaegId;

  // Select the neighbours with j/k and space, approve with g; the bulk action asks first.
  for (const i of neighbours) {
    await cursorTo(page, tile, i);
    await page.keyboard.press(' ');
  }
  await expect(tile.locator('tbody tr.dt-row.selected')).toHaveCount(neighbours.length);
  await page.keyboard.press('g');
  // More than one entry asks first; a single entry is approved at once.
  const dialog = page.getByRole('dialog', { name: 'Godkend valgte' });
  if (neighbours.length > 1) {
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Enter');
  }
  await expect(dialog).toBeHidden();
  await expect(tile.getByTestId('koe-besked')).toContainText('godkendt');
  await expect.poll(() => pendingCount(tile)).toBe(before - neighbours.length);

  // The second validator's queue follows without a reload (how fast: `npm run bench`).
  await expect.poll(() => pendingCount(tile2)).toBe(before - neighbours.length);

  // The outlier: its plant's approved list now holds the approved neighbour; f discards it.
  const now = await rowsOf(tile);
  const at = now.findIndex((r) => r.text === outlier.text);
  expect(at).toBeGreaterThanOrEqual(0);
  await cursorTo(page, tile, at);
  const godkendte = tile.getByTestId('godkendte');
  const period = /\d{2}-\d{2}-\d{4} – \d{2}-\d{2}-\d{4}/.exec(samePlant.text)![0];
  await expect(godkendte.locator('tbody tr').filter({ hasText: period })).toHaveCount(1);
  await expect(godkendte.locator('tbody tr').filter({ hasText: period })).toContainText('Vera Vandløb');
  await page.keyboard.press('f');
  await expect(tile.getByTestId('koe-besked')).toContainText('1 mængde forkastet');
  await expect.poll(() => pendingCount(tile)).toBe(before - neighbours.length - 1);
  await expect.poll(() => pendingCount(tile2)).toBe(before - neighbours.length - 1);

  // It is kept as discarded, with who discarded it. The queue shows a plant's discarded entries (h)
  // only beside a pending entry of the plant, and this plant has none left: ask the plant's list.
  const [d, m, y] = /\d{2}-\d{2}-\d{4}/.exec(outlier.text)![0].split('-');
  const alle = await page.request.get(`/api/OppumpedeVandmaengderValidering/list/forkastede/${plantId}`, {
    headers,
  });
  expect(alle.ok()).toBe(true);
  const forkastet = (
    (await alle.json()) as { startdato: string; status: number; besluttetAf: string }[]
  ).filter((p) => p.startdato === `${y}-${m}-${d}`);
  expect(forkastet).toEqual([expect.objectContaining({ status: 2, besluttetAf: 'Vera Vandløb' })]);
  await other.close();
});

test('the palette lists the queue commands with their shortcuts; a reader cannot decide', async ({
  page,
}) => {
  await signIn(page, 'laeser');
  await page.goto('/validering/pejlinger');
  const tile = page.getByTestId('tile').first();
  await expect(tile.getByTestId('koe-status')).toContainText('afventer');
  await expect(tile.getByText('Kun læseadgang')).toBeVisible();
  await expect(tile.getByRole('button', { name: 'Godkend', exact: true })).toBeDisabled();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('mediantest');
  const option = page.getByRole('option', { name: /Kør mediantest/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText('M');
  await page.keyboard.press('Enter');
  await expect(tile.getByTestId('koe-status')).toContainText('markeret');
});

test('e-mail status: the year must be 1755–9999, reminders go out with progress', async ({ page }) => {
  await signIn(page, 'vand');
  await page.goto('/validering/emailvandanlaeg');
  const tile = page.getByTestId('tile').first();
  const aar = tile.getByLabel('År', { exact: true });
  await aar.fill('1700');
  await expect(tile.getByRole('alert')).toHaveText('Året angivet er ikke validt');
  await aar.fill('2025');
  await expect(tile.getByRole('alert')).toHaveCount(0);
  await tile.getByLabel('Status', { exact: true }).selectOption('indberettet');
  await expect(tile.locator('tbody tr.dt-row').first()).toBeVisible();
  // Two plants whose reporters have an e-mail address.
  const medEmail = await tile
    .locator('tbody tr.dt-row')
    .evaluateAll((trs) =>
      trs.flatMap((tr, i) => ((tr.textContent ?? '').includes('Ingen e-mail') ? [] : [i])),
    );
  expect(medEmail.length).toBeGreaterThanOrEqual(2);
  for (const i of medEmail.slice(0, 2))
    await tile.locator('tbody tr.dt-row').nth(i).locator('input[type="checkbox"]').check();
  await tile.getByRole('button', { name: /Send påmindelse/ }).click();
  await page.getByRole('dialog', { name: 'Send påmindelse' }).getByRole('button', { name: 'Send' }).click();
  await expect(tile.getByTestId('mail-resultat')).toContainText('Påmindelse sendt til 2 vandanlæg');
  await expect(
    tile.locator('tbody tr.dt-row').filter({ hasText: /\d{2}-\d{2}-\d{4} \d{2}:\d{2}/ }),
  ).toHaveCount(2);
});
