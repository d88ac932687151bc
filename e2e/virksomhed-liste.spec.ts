import { sammenlignDansk } from '../src/contract/sortering';
import { expect, type Page, test } from './fixtures';
import { openAlone, signIn } from './helpers';

const grid = (page: Page) => page.getByRole('grid', { name: 'Virksomheder' });
const focusedTile = (page: Page) => page.locator('[data-testid="tile"].focused');
/** The text of the first cell of each body row. */
const names = (page: Page) => grid(page).locator('tbody tr.dt-row td:first-child').allTextContents();
const cursorName = async (page: Page) => {
  const id = await grid(page).getAttribute('aria-activedescendant');
  return id ? page.locator(`[id="${id}"] td`).first().textContent() : null;
};

test('as virksomhed: filter, sort, move with the arrows, Enter opens the company in the tile', async ({
  page,
}) => {
  await signIn(page, 'virksomhed');
  await openAlone(page, '/virksomheder');
  await expect(grid(page)).toBeVisible();
  // The total is exact up to 1,000 companies; above that the list says 'Mere end 1.000' (issue 16).
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Viser 50 (af [\d.]+ rækker|rækker · Mere end 1\.000 i alt)/ }),
  ).toBeVisible();

  // '/' (the tile's 'Søg i listen') focuses the filter; typing filters on the server after 250 ms.
  await grid(page).focus();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toBeFocused();
  await page.keyboard.type('auto');
  await expect
    .poll(async () => {
      const rows = await grid(page).locator('tbody tr.dt-row').allTextContents();
      return rows.length > 0 && rows.every((r) => /auto/i.test(r));
    })
    .toBe(true);

  // Sort by name: a click toggles the direction. (The sort is saved per user, so the starting
  // direction is whatever this user left; the default is ascending.)
  const sortButton = grid(page).getByRole('button', { name: 'Navn' });
  const header = page.getByRole('columnheader', { name: 'Navn' });
  if ((await header.getAttribute('aria-sort')) === 'descending') {
    await sortButton.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  }
  await sortButton.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const n = await names(page);
      return n.length > 1 && n.join('|') === [...n].sort(sammenlignDansk).reverse().join('|');
    })
    .toBe(true);

  // ArrowDown from the filter enters the table; the arrows move the cursor.
  await page.getByRole('searchbox', { name: 'Filter' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(grid(page)).toBeFocused();
  const list = await names(page);
  expect(await cursorName(page)).toBe(list[0]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await cursorName(page)).toBe(list[2]);
  await page.keyboard.press('ArrowUp');
  expect(await cursorName(page)).toBe(list[1]);

  // Enter opens it in the same tile, on stamoplysninger.
  const rowId = (await grid(page).getAttribute('aria-activedescendant'))!.replace(/^.*-row-/, '');
  await page.keyboard.press('Enter');
  const path = `/virksomheder/${rowId}/stamoplysninger`;
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
  await expect(page.getByTestId('tile')).toHaveCount(1);
  await expect(focusedTile(page)).toHaveAttribute('data-path', path);
});

test('as virksomhed: create a company from the register simulator and find it with the palette', async ({
  page,
}) => {
  await signIn(page, 'virksomhed');
  await openAlone(page, '/virksomheder');
  await expect(grid(page)).toBeVisible();

  // Alt+N opens 'Opret virksomhed fra CVR' with the search focused.
  await grid(page).focus();
  await page.keyboard.press('Alt+n');
  const dialog = page.getByRole('dialog', { name: 'Opret virksomhed fra CVR' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox', { name: 'Filter' })).toBeFocused();
  await page.keyboard.type('maskin');
  const units = dialog.getByRole('grid', { name: 'Produktionsenheder i CVR' });
  await expect
    .poll(async () => {
      const rows = await units.locator('tbody tr.dt-row').allTextContents();
      return rows.length > 0 && rows.every((r) => /maskin/i.test(r));
    })
    .toBe(true);

  // Into the list, tick the first unit with Space, create.
  await page.keyboard.press('ArrowDown');
  await expect(units).toBeFocused();
  const first = units.locator('tbody tr.dt-row').first();
  const navn = (await first.locator('td').nth(1).textContent())!.trim();
  const pNr = (await first.locator('td').nth(3).textContent())!.trim();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('1 valgt')).toBeVisible();
  await dialog.getByRole('button', { name: /^Opret/ }).click();

  // The new company opens in the tile; the list knows it.
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/virksomheder\/\d+\/stamoplysninger$/);
  await expect(dialog).toBeHidden();
  const id = new URL(page.url()).pathname.split('/')[2];

  // Ctrl+K, type its name: the palette finds it.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(navn);
  const option = page
    .getByRole('option', { name: new RegExp(navn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first();
  await expect(option).toBeVisible();

  // And the list finds it by its P-number.
  await page.keyboard.press('Escape');
  await page.goto('/virksomheder');
  await page.getByRole('searchbox', { name: 'Filter' }).fill(pNr);
  await expect.poll(() => grid(page).locator('tbody tr.dt-row').count()).toBe(1);
  await expect(grid(page).locator('tbody tr.dt-row').first()).toContainText(navn);
  await expect(grid(page).locator(`tbody tr[id$="-row-${id}"]`)).toHaveCount(1);
});
