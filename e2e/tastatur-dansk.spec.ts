import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAlone, signIn } from './helpers';

/**
 * A Danish keyboard, as Chromium receives it from the system: the key's position (`code`) is where
 * a Danish keyboard has it, the key is what it types. '?' is Shift and the key right of 0 (code
 * Minus, which types '+' alone); '/' is Shift+7; '<' and '>' are the key left of Z (IntlBackslash),
 * where '\' takes AltGr. Sent through the DevTools protocol, so `event.code` is not the US position
 * Playwright's keyboard would give.
 */
const CTRL = 2;
const SHIFT = 8;

interface DanskTast {
  key: string;
  code: string;
  /** Windows virtual key code of the Danish key. */
  vk: number;
  modifiers: number;
}

const SPOERGSMAALSTEGN: DanskTast = { key: '?', code: 'Minus', vk: 187, modifiers: SHIFT };
const SKRAASTREG: DanskTast = { key: '/', code: 'Digit7', vk: 55, modifiers: SHIFT };
const CTRL_MINDRE_END: DanskTast = { key: '<', code: 'IntlBackslash', vk: 226, modifiers: CTRL };
const CTRL_STOERRE_END: DanskTast = { key: '>', code: 'IntlBackslash', vk: 226, modifiers: CTRL | SHIFT };

async function tryk(cdp: CDPSession, t: DanskTast): Promise<void> {
  // A character key types its text (keyDown with text); with Ctrl it types nothing (rawKeyDown).
  const text = t.modifiers & CTRL ? undefined : t.key;
  const base = {
    key: t.key,
    code: t.code,
    windowsVirtualKeyCode: t.vk,
    nativeVirtualKeyCode: t.vk,
    modifiers: t.modifiers,
  };
  await cdp.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', ...base, text });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
}

/** What the page's own listener saw: the proof the event carried the Danish position. */
async function lyt(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { sete: string[] }).sete = [];
    document.addEventListener(
      'keydown',
      (e) => (window as unknown as { sete: string[] }).sete.push(`${e.key}@${e.code}`),
      true,
    );
  });
}
const sete = (page: Page) => page.evaluate(() => (window as unknown as { sete: string[] }).sete);

test("a Danish keyboard: '?' (Shift++) opens the shortcut sheet, which shows the split keys without AltGr", async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openAlone(page, '/vandanlaeg/1/stamoplysninger');
  await expect(page.locator('[data-testid="tile"].focused')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await lyt(page);

  await tryk(cdp, SPOERGSMAALSTEGN);
  const sheet = page.getByRole('dialog', { name: 'Tastaturgenveje' });
  await expect(sheet).toBeVisible();
  expect(await sete(page)).toContain('?@Minus');
  await expect(sheet.getByRole('row', { name: /Del feltet til højre/ })).toContainText('Ctrl+<');
  await expect(sheet.getByRole('row', { name: /Del feltet nedad/ })).toContainText('Ctrl+>');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // The palette shows the second key beside the first.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('del feltet');
  await expect(page.getByRole('option', { name: /Del feltet til højre/ })).toContainText('Ctrl+<');
  await page.keyboard.press('Escape');
});

test('a Danish keyboard: Ctrl+< splits a tile to the right, Ctrl+> (Ctrl+Shift+<) splits it downwards', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openAlone(page, '/vandanlaeg/1/stamoplysninger');
  const tiles = page.getByTestId('tile');
  await expect(tiles).toHaveCount(1);
  const cdp = await page.context().newCDPSession(page);
  await lyt(page);

  await tryk(cdp, CTRL_MINDRE_END);
  await expect(tiles).toHaveCount(2);
  expect(await sete(page)).toContain('<@IntlBackslash');
  // Side by side: a row split in the layout of the address bar.
  await expect.poll(() => new URL(page.url()).searchParams.get('w') ?? '').toMatch(/^r/);

  await tryk(cdp, CTRL_STOERRE_END);
  await expect(tiles).toHaveCount(3);
  expect(await sete(page)).toContain('>@IntlBackslash');
  // The new tile is under the focused one: a column split inside the row.
  await expect.poll(() => new URL(page.url()).searchParams.get('w') ?? '').toMatch(/c/);
});

test("a Danish keyboard: '/' (Shift+7) puts the cursor in a list's search field", async ({ page }) => {
  await signIn(page, 'admin');
  await openAlone(page, '/vandanlaeg');
  const tile = page.locator('[data-testid="tile"].focused');
  await expect(tile.getByRole('row').nth(1)).toBeVisible();
  await tile.getByRole('grid').focus();
  const cdp = await page.context().newCDPSession(page);
  await tryk(cdp, SKRAASTREG);
  await expect(tile.locator('input[type="search"]')).toBeFocused();
  // The '/' was the shortcut, not text in the field.
  await expect(tile.locator('input[type="search"]')).toHaveValue('');
});
