import { expect, type Locator, type Page, test } from './fixtures';
import { acceptCookiesHvisVist, escapeRe, openAlone, paletteSelect, signIn, tokenOf } from './helpers';

/**
 * Keyboard flow never drops the user: after every keyboard action focus is where the next key is
 * expected (the opened tile's rows or first field, back in the form after a dialog), the page itself
 * never scrolls, and narrow tiles keep their form usable.
 */

const pathname = (page: Page) => new URL(page.url()).pathname;
const tiles = (page: Page) => page.getByTestId('tile');
const focusedTile = (page: Page) => page.locator('[data-testid="tile"].focused');

async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(`/api/${path}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(r.ok()).toBe(true);
  return (await r.json()) as T;
}

/** A company of the active customer that the palette finds first by the start of its name. */
async function firma(page: Page): Promise<{ id: number; navn: string; soeg: string }> {
  const token = await tokenOf(page);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const { items } = await api<{ items: { id: number; navn: string; ophoertDato: string | null }[] }>(
    page,
    `virksomhed/list?kundeId=${claims.customerId}&start=0&take=40&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
  );
  for (const v of items.filter((i) => !i.ophoertDato)) {
    const soeg = v.navn.slice(0, Math.max(8, v.navn.length - 4));
    const { resultater } = await api<{ resultater: { id: number }[] }>(
      page,
      `soeg?tekst=${encodeURIComponent(soeg)}`,
    );
    if (resultater[0]?.id === v.id) return { id: v.id, navn: v.navn, soeg };
  }
  throw new Error('no company with a distinctive name');
}

/**
 * The journeys change the user's saved settings (layout, side panel, active customer); afterwards
 * they are put back as they were, so later journeys start from the same workspace as before.
 */
let restoreSettings: (() => Promise<void>) | null = null;
async function keepSettings(page: Page) {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const { opsaetning } = await api<{ opsaetning: string }>(page, 'Bruger/HentOpsaetning');
  restoreSettings = async () => {
    // Closed first, so that no save of the layout from the page comes after.
    await page.close();
    const r = await page.request.put('/api/Bruger/GemOpsaetning', { headers, data: { opsaetning } });
    expect(r.ok()).toBe(true);
  };
}
test.afterEach(async () => {
  await restoreSettings?.();
  restoreSettings = null;
});

/** Signs in as `username`, keeps their settings to put back afterwards, and accepts cookies. */
async function start(page: Page, username: string) {
  await signIn(page, username);
  await keepSettings(page);
  await acceptCookiesHvisVist(page);
}

/** The element that has focus is the first enabled field of the form. */
async function expectFirstFieldFocused(form: Locator) {
  await expect
    .poll(() =>
      form.evaluate((f) => {
        const first = f.querySelector(
          'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
        );
        return !!first && document.activeElement === first;
      }),
    )
    .toBe(true);
}

test('palette Enter: a list opens with its first row under the cursor, a company with its first field', async ({
  page,
}) => {
  await start(page, 'virksomhed');
  await openAlone(page, '/');
  const v = await firma(page);

  await paletteSelect(page, 'Virksomheder', /^Virksomheder/);
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe('/virksomheder');
  const grid = page.getByRole('grid', { name: 'Virksomheder' });
  await expect(grid).toBeFocused();
  const firstRow = grid.locator('tbody tr.dt-row').first();
  await expect(firstRow).toBeVisible();
  await expect(grid).toHaveAttribute('aria-activedescendant', (await firstRow.getAttribute('id'))!);

  await paletteSelect(page, v.soeg, new RegExp(escapeRe(v.navn)));
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/stamoplysninger`);
  const form = page.getByRole('form', { name: 'Stamoplysninger' });
  await expect(form.getByRole('textbox', { name: 'Navn', exact: true })).toHaveValue(v.navn);
  await expectFirstFieldFocused(form);

  // Ctrl+Enter on the company that is open already opens it again beside, like any other.
  await paletteSelect(page, v.soeg, new RegExp(escapeRe(v.navn)));
  await page.keyboard.press('Control+Enter');
  await expect(tiles(page)).toHaveCount(2);
  await expect(
    page.locator(`[data-testid="tile"][data-path="/virksomheder/${v.id}/stamoplysninger"]`),
  ).toHaveCount(2);
  await expectFirstFieldFocused(focusedTile(page).getByRole('form', { name: 'Stamoplysninger' }));
});

test('the shortcut sheet, Alt+N, Ctrl+S and the unsaved-changes dialog keep the keyboard where it was', async ({
  page,
}) => {
  await start(page, 'virksomhed');
  const v = await firma(page);

  // Alt+N on a record tab: the new form's first field.
  await openAlone(page, `/virksomheder/${v.id}/tilsyn`);
  const grid = page.getByRole('grid', { name: 'Tilsyn' });
  await expect(grid).toBeFocused();

  // '?' shows the shortcut sheet; Escape closes it and the keyboard is back in the list.
  await page.keyboard.press('Shift+?');
  await expect(page.getByRole('dialog', { name: 'Tastaturgenveje' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(grid).toBeFocused();

  await page.keyboard.press('Alt+n');
  const form = page.getByRole('form', { name: 'Tilsyn' });
  await expectFirstFieldFocused(form);

  // Fill it in; Ctrl+S saves, the tile moves to the new record, and the cursor stays in its field.
  await page.keyboard.type(`Tastaturtilsyn ${Date.now() % 100000}`);
  await form.getByRole('combobox', { name: 'Tilsynstype' }).selectOption({ label: 'Fysisk tilsyn' });
  await form.getByRole('combobox', { name: 'Tilsynskategori' }).selectOption({ label: 'Kampagnetilsyn' });
  await form.getByLabel('Baggrund for tilsyn').selectOption({ label: 'Kampagne' });
  await form.getByLabel('Tilsynsdato').fill('03-11-2026');
  const bemaerkning = form.getByLabel('Bemærkning');
  await bemaerkning.fill('Gemt med Ctrl+S.');
  await expect(bemaerkning).toBeFocused();
  await page.keyboard.press('Control+s');
  await expect.poll(() => pathname(page)).toMatch(new RegExp(`^/virksomheder/${v.id}/tilsyn/\\d+$`));
  await expect(page.getByRole('form', { name: 'Tilsyn' }).getByLabel('Bemærkning')).toBeFocused();

  // Stamoplysninger: Ctrl+S keeps the cursor in the field that was edited.
  await openAlone(page, `/virksomheder/${v.id}/stamoplysninger`);
  const felt = page.getByLabel('Betalingsreference', { exact: true });
  await expect(felt).toBeEnabled();
  await felt.fill(`REF-${Date.now() % 100000}`);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Ikke gemte ændringer')).toBeHidden();
  await expect(felt).toBeFocused();

  // The unsaved-changes dialog gives the keyboard back to the field it interrupted: by a tab key ...
  await felt.fill('REF-IKKE-GEMT');
  const modal = page.getByRole('dialog', { name: 'Ændringer i formularen' });
  await page.keyboard.press('Alt+PageDown');
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(felt).toBeFocused();
  // ... and by the palette, which has closed before the dialog opens.
  await paletteSelect(page, 'Virksomheder', /^Virksomheder/);
  await page.keyboard.press('Enter');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Bliv på formularen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(felt).toBeFocused();
  await expect(felt).toHaveValue('REF-IKKE-GEMT');

  // Leave nothing unsaved behind.
  await page.getByRole('button', { name: 'Fortryd ændringer' }).click();
  await expect(felt).not.toHaveValue('REF-IKKE-GEMT');
});

test('Alt+M maximises without scrolling the page; the top bar and the tile header stay in view', async ({
  page,
}) => {
  await start(page, 'virksomhed');
  const v = await firma(page);
  const stam = `/virksomheder/${v.id}/stamoplysninger`;
  await page.goto(`${stam}?v=1&t=/virksomheder&t=${stam}&w=r50-50(0,1)&f=1`);
  await expect(tiles(page)).toHaveCount(2);
  const form = page.getByRole('form', { name: 'Stamoplysninger' });
  await expectFirstFieldFocused(form);

  await page.keyboard.press('Alt+m');
  await expect(tiles(page)).toHaveCount(1);
  // The long form scrolls inside the tile; the document is exactly the window.
  await expectFirstFieldFocused(form);
  const size = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollHeight,
    height: window.innerHeight,
  }));
  expect(size.scroll).toBeLessThanOrEqual(size.height);
  for (const box of [
    await page.locator('header.topbar').boundingBox(),
    await page.locator('.tile-header').boundingBox(),
  ]) {
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
  }
  await page.keyboard.press('Alt+m');
  await expect(tiles(page)).toHaveCount(2);
  await expectFirstFieldFocused(form);
});

test('in a quarter-wide tile the side panel sits below the form and the tabs wrap whole; in a half-wide tile the tab strip shows and follows its overflow', async ({
  page,
}, testInfo) => {
  await start(page, 'virksomhed');
  const v = await firma(page);
  const stam = `/virksomheder/${v.id}/stamoplysninger`;
  await page.goto(`${stam}?v=1&t=${stam}&t=/virksomheder&t=/&t=/&w=r25-25-25-25(0,1,2,3)&f=0`);
  await expect(tiles(page)).toHaveCount(4);
  const tile = focusedTile(page);
  await expect(tile).toHaveAttribute('data-path', stam);
  const form = tile.getByRole('form', { name: 'Stamoplysninger' });
  await expectFirstFieldFocused(form);

  // The log panel (Alt+B) opens below the form, not over it.
  const logToggle = tile.getByRole('button', { name: 'Logbog', exact: true });
  if ((await logToggle.getAttribute('aria-pressed')) !== 'true') await page.keyboard.press('Alt+b');
  const panel = tile.getByRole('complementary', { name: 'Logbog' });
  await expect(panel).toBeVisible();
  const content = (await tile.locator('.ramme-content').boundingBox())!;
  const side = (await panel.boundingBox())!;
  const overlap =
    Math.max(0, Math.min(content.x + content.width, side.x + side.width) - Math.max(content.x, side.x)) *
    Math.max(0, Math.min(content.y + content.height, side.y + side.height) - Math.max(content.y, side.y));
  expect(overlap).toBe(0);
  expect(side.y).toBeGreaterThanOrEqual(content.y + content.height - 1);
  // The form keeps the tile's width.
  expect(content.width).toBeGreaterThan(300);
  expect((await form.boundingBox())!.width).toBeGreaterThan(280);

  // A narrow tile wraps its tabs: each whole inside the strip, no overflow; Alt+PageUp to the last
  // tab and back.
  const strip = tile.locator('.tile-tabs-wrap');
  const nav = tile.getByRole('navigation', { name: 'Faner' });
  const navBox = (await nav.boundingBox())!;
  for (const t of await tile.locator('.tile-tab').all()) {
    const b = (await t.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(navBox.x);
    expect(b.x + b.width).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
  }
  await expect(strip).not.toHaveAttribute('data-overflow-right', 'true');
  await page.keyboard.press('Alt+PageUp');
  await expect.poll(() => pathname(page)).not.toBe(stam);
  await expect(tile.locator('.tile-tab.active')).toBeInViewport();
  await page.keyboard.press('Alt+PageDown');
  await expect.poll(() => pathname(page)).toBe(stam);
  await expectFirstFieldFocused(form);
  await page.screenshot({ path: testInfo.outputPath('smalt-felt.png') });

  // Alt+B closes the panel again.
  await page.keyboard.press('Alt+b');
  await expect(panel).toBeHidden();

  // Half the screen is not narrow: the tabs stay on one line and scroll. The strip says so, and
  // Alt+PageUp to the last tab brings it into view.
  await page.goto(`${stam}?v=1&t=${stam}&t=/virksomheder&w=r50-50(0,1)&f=0`);
  await expect(tiles(page)).toHaveCount(2);
  const halv = focusedTile(page);
  const halvStrip = halv.locator('.tile-tabs-wrap');
  await expect(halvStrip).toHaveAttribute('data-overflow-right', 'true');
  await page.keyboard.press('Alt+PageUp');
  await expect.poll(() => pathname(page)).not.toBe(stam);
  await expect(halvStrip).toHaveAttribute('data-overflow-left', 'true');
  const halvNav = (await halv.getByRole('navigation', { name: 'Faner' }).boundingBox())!;
  const tab = (await halv.locator('.tile-tab.active').boundingBox())!;
  expect(tab.x).toBeGreaterThanOrEqual(halvNav.x);
  expect(tab.x + tab.width).toBeLessThanOrEqual(halvNav.x + halvNav.width);
});

test('home lists recent records and favourites; Enter opens in the tile, Ctrl+Enter beside', async ({
  page,
}, testInfo) => {
  await start(page, 'virksomhed');
  await openAlone(page, '/');
  const v = await firma(page);
  await paletteSelect(page, v.soeg, new RegExp(escapeRe(v.navn)));
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/stamoplysninger`);
  await expect(page.locator('.tile-title')).toContainText(v.navn);

  // The logo goes home: the list of recent records has the keyboard, newest first.
  await page.getByRole('link', { name: 'Miljøtilsyn' }).first().click();
  await expect.poll(() => pathname(page)).toBe('/');
  const recent = page.getByRole('region', { name: 'Senest åbnet' });
  const first = recent.getByRole('link').first();
  await expect(first).toContainText(v.navn);
  await expect(first).toBeFocused();
  await expect(page.getByText('Ctrl+K')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('hjem.png') });

  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/stamoplysninger`);
  await expect(tiles(page)).toHaveCount(1);

  await openAlone(page, '/');
  await expect(first).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(tiles(page)).toHaveCount(2);
  await expect(focusedTile(page)).toHaveAttribute('data-path', `/virksomheder/${v.id}/stamoplysninger`);
});

test('switching customer goes home, and the other customer’s tiles do not come back', async ({ page }) => {
  await start(page, 'multi');
  const v = await firma(page);
  const stam = `/virksomheder/${v.id}/stamoplysninger`;
  await page.goto(`${stam}?v=1&t=${stam}&t=/virksomheder&w=r50-50(0,1)&f=0`);
  await expect(page.locator('.tile-title').first()).toContainText(v.navn);
  // The workspace is saved (after 1.5 s) before the switch.
  await expect
    .poll(async () => (await api<{ opsaetning: string }>(page, 'Bruger/HentOpsaetning')).opsaetning, {
      timeout: 15_000,
    })
    .toContain(stam);

  const before = (await page.getByTestId('active-kunde').textContent())!;
  await page.getByRole('button', { name: /Skift kunde/ }).click();
  await page.getByRole('menuitemradio', { checked: false }).first().click();
  await expect(page.getByTestId('active-kunde')).not.toHaveText(before);
  await expect.poll(() => pathname(page)).toBe('/');
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page)).toHaveAttribute('data-path', '/');
  await expect(page.getByText('Virksomheden blev ikke fundet')).toHaveCount(0);

  // A reload (or the next sign-in) in this customer does not bring them back either.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Velkommen/ })).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
  await expect(page.getByText('Virksomheden blev ikke fundet')).toHaveCount(0);
});

test('switching customer with an unsaved edit asks first; staying keeps the customer and the edit', async ({
  page,
}) => {
  // The session asks the workspace's tiles through what the app's composition root hands it (App.tsx).
  await start(page, 'multi');
  const v = await firma(page);
  await page.goto(`/virksomheder/${v.id}/stamoplysninger`);
  const felt = page.getByLabel('Betalingsreference', { exact: true });
  await expect(felt).toBeEnabled();
  await felt.fill('REF-E2E-SKIFT');

  const before = (await page.getByTestId('active-kunde').textContent())!;
  await page.getByRole('button', { name: /Skift kunde/ }).click();
  await page.getByRole('menuitemradio', { checked: false }).first().click();
  const modal = page.getByRole('dialog', { name: 'Ændringer i formularen' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Bliv på formularen' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('active-kunde')).toHaveText(before);
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/stamoplysninger`);
  await expect(felt).toHaveValue('REF-E2E-SKIFT');
});
