import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from './fixtures';
import { openAlone, signIn } from './helpers';

/**
 * Issue 9: the keyboard flow never drops the validator. After G the cursor goes to the next
 * undecided row (a second G never approves the top entry nobody looked at); Ctrl+Z undoes the last
 * decision and puts the cursor on the restored entry.
 */
const PLANT = '/validering/oppumpedemaengeranlaeg';

/** The queue's rows as shown, and which one has the cursor. */
async function rowsOf(tile: Locator) {
  return tile
    .locator('.vl-tabel tbody tr.dt-row')
    .evaluateAll((trs) =>
      trs.map((tr) => ({ text: tr.textContent ?? '', cursor: tr.classList.contains('cursor') })),
    );
}
const cursorText = async (tile: Locator) => (await rowsOf(tile)).find((r) => r.cursor)?.text ?? null;
const pendingCount = async (tile: Locator) => {
  const text = (await tile.getByTestId('koe-status').textContent()) ?? '';
  return Number(/^([\d.]+) afventer/.exec(text)?.[1]?.replace(/\./g, '') ?? Number.NaN);
};

async function screenshot(page: Page, name: string) {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file });
  // A copy outside the test output (which the next run clears), for looking at it afterwards.
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(file, path.join(dir, name));
  }
}

test('j j g moves the cursor to the next undecided row; Ctrl+Z restores the entry with the cursor on it', async ({
  page,
}) => {
  await signIn(page, 'vand');
  await openAlone(page, PLANT);
  const tile = page.getByTestId('tile').first();
  await expect(tile.getByTestId('koe-status')).toContainText('afventer');
  const grid = tile.locator('.vl-tabel table[role="grid"]');
  await expect(grid).toBeFocused();
  const before = await pendingCount(tile);
  const rows = await rowsOf(tile);
  expect(rows.length).toBeGreaterThan(5);
  expect(rows[0]!.cursor).toBe(true);

  // j j: the third row.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect.poll(() => cursorText(tile)).toBe(rows[2]!.text);

  // g approves it; the cursor goes on to the next undecided row, not back to row 1.
  await page.keyboard.press('g');
  await expect(tile.getByTestId('koe-besked')).toContainText('1 mængde godkendt');
  const toast = page.getByTestId('toast').filter({ hasText: 'godkendt' });
  await expect(toast.getByRole('button', { name: 'Fortryd' })).toBeVisible();
  await expect.poll(() => pendingCount(tile)).toBe(before - 1);
  await expect.poll(async () => (await rowsOf(tile)).map((r) => r.text)).not.toContain(rows[2]!.text);
  await expect.poll(() => cursorText(tile)).toBe(rows[3]!.text);
  expect((await rowsOf(tile))[0]!.cursor).toBe(false);
  await screenshot(page, 'koe-efter-beslutning-1440x900.png');

  // The palette and the ? sheet name the undo with its shortcut.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('fortryd seneste');
  const option = page.getByRole('option', { name: /Fortryd seneste beslutning/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Ctrl+Z');
  await page.keyboard.press('Escape');
  await expect(option).toBeHidden();
  await expect(grid).toBeFocused();
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'Tastaturgenveje' });
  await expect(sheet.getByRole('row', { name: /Fortryd seneste beslutning/ })).toContainText('Ctrl+Z');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(grid).toBeFocused();

  // A second g approves the row the cursor is on (the fourth), and the top row stays pending.
  await page.keyboard.press('g');
  await expect.poll(() => pendingCount(tile)).toBe(before - 2);
  await expect.poll(() => cursorText(tile)).toBe(rows[4]!.text);
  expect((await rowsOf(tile))[0]!.text).toBe(rows[0]!.text);

  // Ctrl+Z: the last decision is undone; the entry awaits again and the cursor is on it.
  await page.keyboard.press('Control+z');
  await expect(tile.getByTestId('koe-besked')).toContainText(
    'Beslutningen er fortrudt: 1 mængde afventer igen',
  );
  await expect.poll(() => pendingCount(tile)).toBe(before - 1);
  await expect.poll(() => cursorText(tile)).toBe(rows[3]!.text);
  // Ctrl+Z again: the decision before it.
  await page.keyboard.press('Control+z');
  await expect.poll(() => pendingCount(tile)).toBe(before);
  await expect.poll(() => cursorText(tile)).toBe(rows[2]!.text);
  expect((await rowsOf(tile)).map((r) => r.text)).toEqual(rows.map((r) => r.text));

  // Nothing left to undo: Ctrl+Z changes nothing.
  await page.keyboard.press('Control+z');
  await expect.poll(() => pendingCount(tile)).toBe(before);
  await expect.poll(() => cursorText(tile)).toBe(rows[2]!.text);

  // The toast's own button undoes its decision.
  await page.keyboard.press('g');
  await expect.poll(() => pendingCount(tile)).toBe(before - 1);
  await page
    .getByTestId('toast')
    .filter({ hasText: '1 mængde godkendt' })
    .last()
    .getByRole('button', { name: 'Fortryd' })
    .click();
  await expect.poll(() => pendingCount(tile)).toBe(before);
  await expect.poll(() => cursorText(tile)).toBe(rows[2]!.text);
  // The keyboard is back in the queue.
  await expect(grid).toBeFocused();
});
