import { expect, type Page, test } from './fixtures';
import { acceptCookiesHvisVist, escapeRe, paletteSelect, signIn, tokenOf } from './helpers';

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Faner' });
const pathname = (page: Page) => new URL(page.url()).pathname;

/**
 * A company of the signed-in user's customer that the palette finds first by the start of its name
 * (so the test does not depend on which of two similar names comes first).
 */
async function firma(page: Page, medTilsyn = false): Promise<{ id: number; navn: string; soeg: string }> {
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const list = await page.request.get(
    `/api/virksomhed/list?kundeId=${claims.customerId}&start=0&take=40&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
    { headers },
  );
  const items = (await list.json()).items as { id: number; navn: string; ophoertDato: string | null }[];
  for (const v of items.filter((i) => !i.ophoertDato)) {
    if (medTilsyn) {
      const tilsyn = await (await page.request.get(`/api/virksomhed/${v.id}/tilsyn`, { headers })).json();
      if (!Array.isArray(tilsyn) || tilsyn.length === 0) continue;
    }
    const soeg = v.navn.slice(0, Math.max(8, v.navn.length - 4));
    const hits = (
      await (await page.request.get(`/api/soeg?tekst=${encodeURIComponent(soeg)}`, { headers })).json()
    ).resultater as { id: number }[];
    if (hits[0]?.id === v.id) return { id: v.id, navn: v.navn, soeg };
  }
  throw new Error('no company with a distinctive name');
}

/**
 * As virksomhed: Ctrl+K, part of a company's name, Enter: the company opens on stamoplysninger in
 * the tile, named in the tile header. Answers the company.
 */
async function aabnFirmaFraPaletten(page: Page): Promise<{ id: number; navn: string; soeg: string }> {
  await signIn(page, 'virksomhed');
  await acceptCookiesHvisVist(page);
  const v = await firma(page);
  await paletteSelect(page, v.soeg, new RegExp(escapeRe(v.navn)));
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/stamoplysninger`);
  await expect(page.locator('.tile-title')).toHaveText(`${v.navn} · Stamoplysninger`);
  return v;
}

test('as virksomhed: open a company from the palette, create an inspection, and its link opens it in a fresh browser', async ({
  page,
  browser,
  baseURL,
}) => {
  // Ctrl+K, part of the name, Enter: the company opens on stamoplysninger, named in the tile header.
  const v = await aabnFirmaFraPaletten(page);
  await expect(page.getByRole('textbox', { name: 'Navn', exact: true })).toHaveValue(v.navn);

  // The tilsyn tab: Alt+N opens a new inspection; fill it in with the keyboard and save with Ctrl+S.
  await tabs(page).getByRole('link', { name: 'Tilsyn', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/tilsyn`);
  await expect(page.getByRole('grid', { name: 'Tilsyn' })).toBeVisible();
  await page.keyboard.press('Alt+n');
  const titel = `Kampagnetilsyn olieudskillere ${Date.now() % 100000}`;
  const form = page.getByRole('form', { name: 'Tilsyn' });
  await form.getByRole('textbox', { name: 'Titel' }).fill(titel);
  await form.getByRole('combobox', { name: 'Tilsynstype' }).selectOption({ label: 'Fysisk tilsyn' });
  await form.getByRole('combobox', { name: 'Tilsynskategori' }).selectOption({ label: 'Kampagnetilsyn' });
  await form.getByLabel('Baggrund for tilsyn').selectOption({ label: 'Kampagne' });
  await form.getByLabel('Tilsynsdato').fill('03-11-2026');
  await form.getByLabel('Bemærkning').fill('Olieudskilleren var tømt; kvittering fremvist.');
  await page.keyboard.press('Control+s');

  // Saved: the tile moves to the new record's address and the list holds it, selected.
  await expect.poll(() => pathname(page)).toMatch(new RegExp(`^/virksomheder/${v.id}/tilsyn/\\d+$`));
  const link = pathname(page);
  await expect(page.getByRole('gridcell', { name: titel })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: titel }).locator('xpath=..')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: titel })).toBeVisible();

  // The link, in a fresh browser context signed in as the same user, opens exactly that inspection.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page2 = await other.newPage();
  await signIn(page2, 'virksomhed', baseURL);
  await page2.goto(`${baseURL}${link}`);
  await expect.poll(() => pathname(page2)).toBe(link);
  const form2 = page2.getByRole('form', { name: 'Tilsyn' });
  await expect(form2.getByRole('textbox', { name: 'Titel' })).toHaveValue(titel);
  await expect(form2.getByRole('combobox', { name: 'Tilsynstype' })).toHaveValue(/\d+/);
  await expect(form2.getByLabel('Tilsynsdato')).toHaveValue('03-11-2026');
  await expect(page2.getByRole('gridcell', { name: titel }).locator('xpath=..')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await other.close();
});

test('as laeser: the same company is read-only', async ({ page }) => {
  await signIn(page, 'virksomhed');
  const v = await firma(page, true);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'laeser');
  await acceptCookiesHvisVist(page);

  await page.goto(`/virksomheder/${v.id}/stamoplysninger`);
  const navn = page.getByRole('textbox', { name: 'Navn', exact: true });
  await expect(navn).toHaveValue(v.navn);
  await expect(navn).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Kategori', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Gem' })).toHaveCount(0);
  await expect(page.getByText('Kun læseadgang')).toBeVisible();

  await tabs(page).getByRole('link', { name: 'Tilsyn', exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Tilsyn' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ny/ })).toHaveCount(0);
  // The company has inspections (chosen so): the first opens read-only.
  const first = page.getByRole('grid', { name: 'Tilsyn' }).locator('tbody tr').first();
  await expect(first.locator('[role="gridcell"]').first()).toBeVisible();
  await first.click();
  await expect(
    page.getByRole('form', { name: 'Tilsyn' }).getByRole('textbox', { name: 'Titel' }),
  ).toBeDisabled();
});

test('as virksomhed: leaving stamoplysninger with an edit asks first; staying keeps it, going on discards it', async ({
  page,
}) => {
  await signIn(page, 'virksomhed');
  await acceptCookiesHvisVist(page);
  const v = await firma(page);
  await page.goto(`/virksomheder/${v.id}/stamoplysninger`);
  const felt = page.getByLabel('Betalingsreference', { exact: true });
  await expect(felt).toBeEnabled();
  const original = await felt.inputValue();
  await felt.fill('REF-E2E-1');

  const modal = page.getByRole('dialog', { name: 'Ændringer i formularen' });
  await tabs(page).getByRole('link', { name: 'Håndhævelser', exact: true }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Bliv på formularen' }).click();
  await expect(modal).toBeHidden();
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/stamoplysninger`);
  await expect(felt).toHaveValue('REF-E2E-1');

  await tabs(page).getByRole('link', { name: 'Håndhævelser', exact: true }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Gå videre uden at gemme' }).click();
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${v.id}/haandhaevelser`);

  // Nothing was saved: back on stamoplysninger the field holds what it held.
  await tabs(page).getByRole('link', { name: 'Stamoplysninger', exact: true }).click();
  await expect(page.getByLabel('Betalingsreference', { exact: true })).toHaveValue(original);
  await expect(page.getByText(new RegExp(escapeRe('REF-E2E-1')))).toHaveCount(0);
});

test('as virksomhed: a tile that leaves a company for another page drops the company’s name from its header', async ({
  page,
}) => {
  await aabnFirmaFraPaletten(page);

  // The same tile to the follow-up list: its own title, not the company's name left behind.
  await paletteSelect(page, 'Opfølgning', /^(?!.*økonomi).*Opfølgning/);
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe('/frister/opfoelgning');
  await expect(page.getByTestId('tile')).toHaveCount(1);
  await expect(page.locator('.tile-title')).toHaveText('Frister · Opfølgning');
});
