import { expect, type Page, test } from './fixtures';
import { acceptCookiesHvisVist, openAlone, signIn, tokenOf } from './helpers';

/**
 * The phrase library in use (issue 15): as 'virksomhed', a phrase goes into an inspection's remark
 * from the palette ('Indsæt frase …'), at the caret, through the form (unsaved until Ctrl+S); after a
 * reload the saved text is there. As 'kommuneadmin', the library's address follows the selection.
 */

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await tokenOf(page);
  const r = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.ok()).toBe(true);
  return (await r.json()) as T;
}

const kundeIdAf = async (page: Page) =>
  Number(
    JSON.parse(Buffer.from((await tokenOf(page)).split('.')[1]!, 'base64url').toString('utf8')).customerId,
  );

test('as virksomhed: Ctrl+K › Indsæt frase puts a phrase into an inspection’s remark; saved, it stays', async ({
  page,
}) => {
  await signIn(page, 'virksomhed');
  await acceptCookiesHvisVist(page);
  const kundeId = await kundeIdAf(page);

  // The customer's system message shows under the top bar; closed, it stays closed on a reload.
  const beskeder = await api<{ titel: string }[]>(page, `SystemBesked/HentSystemBeskeder/${kundeId}`);
  expect(beskeder.length).toBeGreaterThan(0);
  const banner = page.getByTestId('systembeskeder');
  await expect(banner).toContainText(beskeder[0]!.titel);
  await page.screenshot({ path: 'test-results/systembesked.png' });
  for (const b of beskeder) await banner.getByRole('button', { name: `Luk beskeden '${b.titel}'` }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('active-user')).toHaveText('virksomhed');
  await expect(page.getByTestId('systembeskeder')).toHaveCount(0);

  // A company with an inspection, and the customer's active TILSYN phrase 'Tilsyn uden bemærkninger'.
  const liste = await api<{ items: { id: number; ophoertDato: string | null }[] }>(
    page,
    `virksomhed/list?kundeId=${kundeId}&start=0&take=40&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
  );
  let maal: { virksomhedId: number; tilsynId: number } | null = null;
  for (const v of liste.items.filter((i) => !i.ophoertDato)) {
    const tilsyn = await api<{ id: number }[]>(page, `virksomhed/${v.id}/tilsyn`);
    if (tilsyn[0]) {
      maal = { virksomhedId: v.id, tilsynId: tilsyn[0].id };
      break;
    }
  }
  expect(maal).not.toBeNull();
  const emner = await api<{ id: number; kode: string }[]>(page, 'emne/list');
  const tilsynEmne = emner.find((e) => e.kode === 'TILSYN')!.id;
  const fraser = await api<{ titel: string; tekst: string; aktiv: boolean }[]>(
    page,
    `frase/list/${kundeId}?emneId=${tilsynEmne}`,
  );
  const frase =
    fraser.find((f) => f.aktiv && f.titel === 'Tilsyn uden bemærkninger') ?? fraser.find((f) => f.aktiv)!;
  expect(frase).toBeTruthy();

  await openAlone(page, `/virksomheder/${maal!.virksomhedId}/tilsyn/${maal!.tilsynId}`);
  const form = page.getByRole('form', { name: 'Tilsyn' });
  const bemaerkning = form.getByLabel('Bemærkning');
  await expect(bemaerkning).toBeVisible();
  const foer = await bemaerkning.inputValue();

  // The caret at the end of the remark; Ctrl+K, 'Indsæt frase', Enter.
  await bemaerkning.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Indsæt frase');
  const option = page.locator('[cmdk-list]').getByRole('option', { name: /Indsæt frase/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Ctrl+Shift+F');
  await page.keyboard.press('Enter');

  // The list of the field's subject; the phrase by part of its title.
  const dialog = page.getByRole('dialog', { name: 'Indsæt frase i Bemærkning' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('frase-emne')).toContainText('Tilsyn (TILSYN)');
  await page.keyboard.type('#hest');
  await expect(dialog.getByRole('alert')).toHaveText('Ukendt emne: #hest');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(frase.titel.slice(0, 14));
  await expect(dialog.getByRole('option', { selected: true })).toContainText(frase.titel);
  await page.screenshot({ path: 'test-results/frase-vaelger.png' });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  const efter = `${foer}${frase.tekst}`;
  await expect(bemaerkning).toHaveValue(efter);
  await expect(bemaerkning).toBeFocused();
  await expect(form.getByText('Ikke gemte ændringer')).toBeVisible();

  await page.keyboard.press('Control+s');
  await expect(form.getByText('Ikke gemte ændringer')).toHaveCount(0);

  // The shortcut opens the same list from the field; Esc closes it and the cursor is back.
  await bemaerkning.focus();
  await page.keyboard.press('Control+Shift+F');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bemaerkning).toBeFocused();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Tilsyn' }).getByLabel('Bemærkning')).toHaveValue(efter);

  // The workspace is saved per user: close the tile (Alt+W) so later journeys start clean.
  await page.getByRole('form', { name: 'Tilsyn' }).getByLabel('Bemærkning').focus();
  await page.keyboard.press('Alt+w');
  await expect(page.locator('[data-testid="tile"][data-path^="/virksomheder"]')).toHaveCount(0);
});

test('as kommuneadmin: the phrase library’s address follows the selected phrase', async ({ page }) => {
  await signIn(page, 'kommuneadmin');
  await acceptCookiesHvisVist(page);
  await openAlone(page, '/admin/frasebibliotek');
  const grid = page.getByRole('grid', { name: 'Fraser' });
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Vis fraser for emne' }).selectOption({ label: 'Håndhævelse' });
  const foerste = grid.locator('tbody tr').first();
  await foerste.click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/frasebibliotek\/\d+$/);
  const form = page.getByRole('form', { name: /^Frase / });
  await expect(form.getByRole('combobox', { name: 'Emne' })).toHaveValue(/\d+/);
  await page.screenshot({ path: 'test-results/frasebibliotek.png' });

  await openAlone(page, '/admin/administrativeoplysninger');
  await expect(page.getByRole('heading', { name: 'Administrative oplysninger' })).toBeVisible();
  const saet = page.getByRole('grid', { name: 'Administrative oplysninger' }).locator('tbody tr').first();
  // The demo customer has a set of details: it opens from the list.
  await expect(saet).toBeVisible();
  await saet.click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/administrativeoplysninger\/\d+$/);
  await expect(page.getByRole('form', { name: /^Administrative oplysninger / })).toBeVisible();
  await page.screenshot({ path: 'test-results/administrative-oplysninger.png' });
  await page.getByRole('grid', { name: 'Administrative oplysninger' }).focus();
  await page.keyboard.press('Alt+w');
  await expect(page.locator('[data-testid="tile"][data-path^="/admin"]')).toHaveCount(0);
});
