import { expect, type Page, test } from './fixtures';
import { openAlone, signIn } from './helpers';

const tiles = (page: Page) => page.getByTestId('tile');

/**
 * The follow-up list as `virksomhed`: everyone's deadlines, only the overdue ones, find the anchor's
 * inspection of 15-03-2025 with its report and DMA deadlines, and Enter opens the inspection on the
 * company's Tilsyn tab in the tile.
 */
test('virksomhed: the overdue follow-up list opens the inspection with Enter', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'virksomhed');
  await openAlone(page, '/frister/opfoelgning');
  const accept = page.getByRole('button', { name: 'Accepter' });
  if (await accept.isVisible({ timeout: 2000 }).catch(() => false)) await accept.click();

  const tabel = page.getByRole('grid', { name: 'Frister til opfølgning' });
  await expect(tabel.locator('tbody tr.dt-row').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Sagsbehandler' }).selectOption('alle');
  await page.getByRole('checkbox', { name: 'Kun overskredne' }).check();
  await page.getByPlaceholder('Søg på virksomhed, titel eller sagsbehandler').fill('rapport afventer');

  const rapport = tabel
    .locator('tbody tr.dt-row')
    .filter({ hasText: 'Rapport til virksomhed senest 15-05-2025' });
  await expect(rapport).toHaveCount(1);
  await expect(rapport).toContainText('Overskredet');
  await expect(
    tabel.locator('tbody tr.dt-row').filter({ hasText: 'Offentliggør på DMA senest 15-07-2025' }),
  ).toHaveCount(1);
  // Every row shown is overdue (status in words, not colour alone).
  const statusser = await tabel.locator('tbody tr.dt-row .frist-maerke').allTextContents();
  expect(statusser.length).toBeGreaterThan(0);
  expect(new Set(statusser)).toEqual(new Set(['Overskredet']));
  await page.screenshot({ path: 'test-results/frister-opfoelgning.png' });

  await rapport.click();
  await page.keyboard.press('Enter');
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page)).toHaveAttribute('data-path', /^\/virksomheder\/\d+\/tilsyn\/\d+/);
  await expect(page.getByText('Basistilsyn 2025 (rapport afventer)').first()).toBeVisible();

  // Close the tile (the workspace then shows Hjem alone), so the user's saved workspace is clean.
  await page.getByRole('button', { name: 'Luk felt' }).click();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page)).toHaveAttribute('data-path', '/');
});
