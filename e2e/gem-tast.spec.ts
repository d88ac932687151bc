import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAlone, signIn, tokenOf } from './helpers';

/**
 * Ctrl+S saves every form (issue 30): in each kind of form, a field is edited, Control+s pressed,
 * and after a reload the field holds the saved value. The browser's own 'save page' never opens (a
 * download would fail the page's expectations; the key's default is prevented, see the unit test).
 */

async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(`/api/${path}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(r.ok(), `${path}: ${r.status()}`).toBe(true);
  return (await r.json()) as T;
}

const focusedTile = (page: Page) => page.locator('[data-testid="tile"].focused');
const unik = () => `Gem-tast ${Date.now() % 1_000_000}`;

/** Edits the field, presses Control+s with the cursor in it, waits until the save has answered. */
async function gemMedTast(page: Page, field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.focus();
  const svar = page.waitForResponse(
    (r) =>
      ['POST', 'PUT'].includes(r.request().method()) &&
      r.url().includes('/api/') &&
      // not the workspace layout's own save
      !r.url().includes('Opsaetning'),
  );
  await page.keyboard.press('Control+s');
  const r = await svar;
  expect(r.ok(), `${r.request().method()} ${r.url()}: ${r.status()} ${await r.text()}`).toBe(true);
}

/** A water plant with a borehole, an intake with water levels and pumped quantities. */
async function vandanlaeg(page: Page): Promise<{ id: number; boringId: number }> {
  const { resultater } = await api<{ resultater: { id: number; type: string }[] }>(
    page,
    `soeg?tekst=${encodeURIComponent('Vandværk')}&antal=50`,
  );
  for (const p of resultater.filter((h) => h.type === 'vandanlaeg').sort((a, b) => a.id - b.id)) {
    const boringer = await api<{ id: number; indtag: { id: number }[] }[]>(page, `Boring/list/${p.id}`);
    const maengder = await api<unknown[]>(page, `OppumpedeVandmaengder/list/${p.id}`);
    if (boringer.length > 0 && maengder.length > 0) return { id: p.id, boringId: boringer[0]!.id };
  }
  throw new Error('no water plant with boreholes and quantities');
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('Ctrl+S saves a borehole, a water level and a pumped-quantity period', async ({ page }) => {
  const plant = await vandanlaeg(page);

  // Borehole.
  const boringSti = `/vandanlaeg/${plant.id}/indtag/${plant.boringId}`;
  await openAlone(page, boringSti);
  const boring = focusedTile(page).getByRole('form', { name: 'Boring' });
  const navn = unik();
  await gemMedTast(page, boring.getByLabel('Navn', { exact: true }), navn);
  await page.reload();
  await expect(
    focusedTile(page).getByRole('form', { name: 'Boring' }).getByLabel('Navn', { exact: true }),
  ).toHaveValue(navn);

  // Water level: a new one on the first intake, then its remark edited and saved by Ctrl+S.
  const tile = focusedTile(page);
  await tile.getByRole('button', { name: 'Ny pejling' }).first().click();
  const ny = tile.getByRole('form', { name: 'Pejling' });
  await ny.getByLabel('Pejledato').fill('02-03-2026');
  await ny.getByLabel('Vandstand under terræn').fill('12,5');
  const bemaerkning = unik();
  await gemMedTast(page, ny.getByLabel('Bemærkning'), bemaerkning);
  await page.reload();
  await focusedTile(page).getByRole('button', { name: 'Ret pejlingen 02-03-2026' }).first().click();
  await expect(focusedTile(page).getByRole('form', { name: 'Pejling' }).getByLabel('Bemærkning')).toHaveValue(
    bemaerkning,
  );

  // Pumped-quantity period: the first period of the list.
  await openAlone(page, `/vandanlaeg/${plant.id}/maengder`);
  const grid = focusedTile(page).getByRole('grid', { name: 'Oppumpede vandmængder' });
  const periode = focusedTile(page).getByRole('form', { name: 'Oppumpet vandmængde' });
  // A period that saves as it is (some demo periods have an end reading below the start reading).
  const tal = (s: string) => (s.trim() === '' ? null : Number(s.replace(/\./g, '').replace(',', '.')));
  for (let i = 1; i < 20; i++) {
    // A click while the list redraws (an earlier test's new period arriving) may be lost: click again.
    await expect(async () => {
      await grid.getByRole('row').nth(i).click();
      await expect(periode).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    const a = tal(await periode.getByLabel('Målerstand start').inputValue());
    const b = tal(await periode.getByLabel('Målerstand slut').inputValue());
    const skift = await periode.getByLabel('Måleren er skiftet i perioden').isChecked();
    if (skift || a === null || b === null || b >= a) break;
  }
  const start = await periode.getByLabel('Startdato').inputValue();
  const tekst = unik();
  await gemMedTast(page, periode.getByLabel('Bemærkning', { exact: true }), tekst);
  await page.reload();
  await focusedTile(page)
    .getByRole('grid', { name: 'Oppumpede vandmængder' })
    .getByRole('row', { name: new RegExp(start) })
    .first()
    .click();
  await expect(
    focusedTile(page)
      .getByRole('form', { name: 'Oppumpet vandmængde' })
      .getByLabel('Bemærkning', { exact: true }),
  ).toHaveValue(tekst);
});

test("Ctrl+S saves a company's inspection (a record tab) and a SAT company's result form", async ({
  page,
}) => {
  const token = await tokenOf(page);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const { items } = await api<{ items: { id: number }[] }>(
    page,
    `virksomhed/list?kundeId=${claims.customerId}&start=0&take=5&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
  );
  const v = items[0]!;

  // A new inspection, saved by Ctrl+S; then its remark changed and saved by Ctrl+S again.
  await openAlone(page, `/virksomheder/${v.id}/tilsyn`);
  await expect(page.getByRole('grid', { name: 'Tilsyn' })).toBeFocused();
  await page.keyboard.press('Alt+n');
  const form = focusedTile(page).getByRole('form', { name: 'Tilsyn' });
  await form.getByRole('textbox', { name: 'Titel' }).fill(unik());
  await form.getByLabel('Tilsynsdato').fill('03-11-2026');
  await form.getByRole('combobox', { name: 'Tilsynstype' }).selectOption({ label: 'Fysisk tilsyn' });
  await form.getByRole('combobox', { name: 'Tilsynskategori' }).selectOption({ label: 'Kampagnetilsyn' });
  await form.getByLabel('Baggrund for tilsyn').selectOption({ label: 'Kampagne' });
  await gemMedTast(page, form.getByLabel('Bemærkning'), unik());
  await expect
    .poll(() => new URL(page.url()).pathname)
    .toMatch(new RegExp(`^/virksomheder/${v.id}/tilsyn/\\d+$`));
  const tekst = unik();
  await gemMedTast(
    page,
    focusedTile(page).getByRole('form', { name: 'Tilsyn' }).getByLabel('Bemærkning'),
    tekst,
  );
  await page.reload();
  await expect(focusedTile(page).getByRole('form', { name: 'Tilsyn' }).getByLabel('Bemærkning')).toHaveValue(
    tekst,
  );

  // A SAT company's own form.
  await openAlone(page, '/affaldstilsyn');
  await expect(focusedTile(page).locator('tbody tr.dt-row').first()).toBeVisible();
  await focusedTile(page).locator('tbody tr.dt-row').first().click();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/affaldstilsyn\/\d+/);
  // The SAT result form (the company part is read-only, from the registers).
  const resultat = () => focusedTile(page).getByRole('form', { name: 'Resultat' });
  const vaerdi = unik();
  await gemMedTast(page, resultat().getByRole('textbox', { name: 'Titel' }), vaerdi);
  await page.reload();
  await expect(resultat().getByRole('textbox', { name: 'Titel' })).toHaveValue(vaerdi);
});
