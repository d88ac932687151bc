import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures';
import { openAlone, pathOf, signIn, tokenOf } from './helpers';

interface Hit {
  id: number;
  type: string;
  navn: string;
  nummer: string | null;
}

async function search(page: Page, tekst: string): Promise<Hit[]> {
  const r = await page.request.get(`/api/soeg?tekst=${encodeURIComponent(tekst)}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  return (await r.json()).resultater;
}

const focusedTile = (page: Page) => page.locator('[data-testid="tile"].focused');

test('keyboard only: open a company and a water plant beside it, move focus, the URL follows', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  await openAlone(page, '/');
  const company = (await search(page, 'Autoværksted')).find((h) => h.type === 'virksomhed')!;
  const plant = (await search(page, 'Vandværk')).find((h) => h.type === 'vandanlaeg' && h.nummer)!;
  const companyPath = `/virksomheder/${company.id}/stamoplysninger`;
  const plantPath = `/vandanlaeg/${plant.id}/stamoplysninger`;

  // Ctrl+K, part of the company's name, Enter: it opens on stamoplysninger in the focused tile.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(company.navn.slice(0, Math.max(6, company.navn.length - 3)));
  await expect(page.getByRole('option', { name: new RegExp(company.navn) }).first()).toBeVisible();
  while (!(await page.getByRole('option', { selected: true }).textContent())?.includes(company.navn)) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe(companyPath);
  await expect(page.getByTestId('tile')).toHaveCount(1);

  // Ctrl+K, the plant's Jupiter id, Ctrl+Enter: it opens in a new tile beside.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(plant.nummer!);
  await expect(page.getByRole('option', { name: new RegExp(plant.navn) }).first()).toBeVisible();
  await expect(page.getByRole('option', { selected: true })).toContainText(plant.navn);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('tile')).toHaveCount(2);
  await expect.poll(() => new URL(page.url()).pathname).toBe(plantPath);
  await expect(focusedTile(page)).toHaveAttribute('data-path', plantPath);

  // F6 moves focus to the other tile; the address bar follows.
  await page.keyboard.press('F6');
  await expect.poll(() => new URL(page.url()).pathname).toBe(companyPath);
  await expect(focusedTile(page)).toHaveAttribute('data-path', companyPath);
  const shared = pathOf(page);
  expect(shared).toContain('w=r50-50(0,1)');

  // The link reproduces the layout, tabs and focus for the same user in a fresh browser.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page2 = await other.newPage();
  await signIn(page2, 'admin');
  await page2.goto(shared);
  await expect(page2.getByTestId('tile')).toHaveCount(2);
  await expect(focusedTile(page2)).toHaveAttribute('data-path', companyPath);
  await expect(page2.locator(`[data-testid="tile"][data-path="${plantPath}"]`)).toBeVisible();
  expect(pathOf(page2)).toBe(shared);
  await other.close();

  // Back returns to the previous tile navigation: the company alone.
  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname).toBe(companyPath);
  await expect(page.getByTestId('tile')).toHaveCount(1);
});

test('tiles split, maximise and close by keyboard; tabs move with Alt+PageDown', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/vandanlaeg/1/stamoplysninger');
  await expect(focusedTile(page)).toBeVisible();
  await page.keyboard.press('Alt+PageDown');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/vandanlaeg/1/indtag');
  // The user's saved workspace may hold other tiles: count from here.
  const tiles = page.getByTestId('tile');
  const n = await tiles.count();
  await page.keyboard.press('Control+\\');
  await expect(tiles).toHaveCount(n + 1);
  // The new tile is focused right of the old one; moving it left by keyboard swaps their places.
  const focusIndex = () => Number(new URL(page.url()).searchParams.get('f'));
  const before = focusIndex();
  await page.keyboard.press('Control+Alt+Shift+ArrowLeft');
  await expect.poll(focusIndex).toBe(before - 1);
  await page.keyboard.press('Alt+m');
  await expect(tiles).toHaveCount(1);
  await page.keyboard.press('Alt+m');
  await expect(tiles).toHaveCount(n + 1);
  await page.keyboard.press('Alt+w');
  await expect(tiles).toHaveCount(n);
  await page.keyboard.press('Shift+?');
  await expect(page.getByRole('dialog', { name: 'Tastaturgenveje' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('no serious or critical accessibility violation with three tiles and the palette open', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.goto(
    '/virksomheder?v=1&t=/virksomheder&t=/vandanlaeg/1/maengder&t=/rapport/tilsyn&w=r50-50(0,c50-50(1,2))&f=0',
  );
  await expect(page.getByTestId('tile')).toHaveCount(3);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the layout is saved per user and restored after signing in again', async ({ page }) => {
  await signIn(page, 'landbrug');
  await page.goto('/frister/opfoelgning?v=1&t=/landbrug&t=/frister/opfoelgning&w=r40-60(0,1)&f=1');
  await expect(page.getByTestId('tile')).toHaveCount(2);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/frister/opfoelgning');
  // Saved 1.5 s after the last change: wait until the server holds it.
  const token = await tokenOf(page);
  await expect
    .poll(async () => {
      const r = await page.request.get('/api/Bruger/HentOpsaetning', {
        headers: { authorization: `Bearer ${token}` },
      });
      return String(JSON.parse((await r.json()).opsaetning).workspaceLayout ?? '');
    })
    .toContain('/frister/opfoelgning');
  await page.getByRole('button', { name: 'Brugermenu for landbrug' }).click();
  await page.getByRole('menuitem', { name: 'Log ud' }).click();
  await page.waitForURL('**/logout');
  // Signing in lands on home, where the saved workspace comes back as it was.
  await page.goto('/sso/');
  await page.getByRole('button', { name: 'landbrug', exact: true }).click();
  await expect(page.getByTestId('active-user')).toHaveText('landbrug');
  await expect(page.getByTestId('tile')).toHaveCount(2);
  await expect
    .poll(() => pathOf(page))
    .toBe('/frister/opfoelgning?v=1&t=/landbrug&t=/frister/opfoelgning&w=r40-60(0,1)&f=1');
});
