import { expect, type Page } from '@playwright/test';

/** Signs in through the built-in sign-on service with one click on a demo user; lands on home. */
export async function signIn(page: Page, username: string, baseURL?: string): Promise<void> {
  await page.goto(`${baseURL ?? ''}/sso/`);
  await page.getByRole('button', { name: username, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('active-user')).toHaveText(username);
}

/** The stored session token, for calling the API from a test. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('usertoken'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** The pathname + search of the page. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/**
 * Starts from a workspace of one tile showing `path`. A user's workspace is saved and restored, so
 * a test that assumes one tile says so (a link with a layout is reproduced exactly).
 */
export async function openAlone(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?v=1&t=${path}&f=0`);
  await expect(page.getByTestId('tile')).toHaveCount(1);
}

/** A text as a regular expression that matches it literally. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Ctrl+K, the text, then the arrow keys until the option matching `option` is selected (recent
 * items and similar names may come first). The caller presses Enter or Ctrl+Enter.
 */
export async function paletteSelect(page: Page, text: string, option: RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(text);
  const list = page.locator('[cmdk-list]');
  await expect(list.getByRole('option', { name: option }).first()).toBeVisible();
  for (let i = 0; i < 20; i++) {
    const selected = await list.getByRole('option', { selected: true }).textContent();
    if (selected && option.test(selected)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(list.getByRole('option', { selected: true })).toContainText(option);
}

/**
 * Leaves the user's saved workspace as one Home tile (saved 1.5 s after a change), so the specs
 * after this one start from where they expect, not from this test's tiles.
 */
export async function efterladEnFlise(page: Page) {
  await openAlone(page, '/');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/Bruger/HentOpsaetning', { headers })).text()).includes(
          'v=1&t=/&f=0',
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
}

/** The cookie note (shown in every fresh browser) would cover the buttons: waits for it and accepts it. */
export async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accepter' });
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(accept).toBeHidden();
}

/** Accepts the cookie note if it is showing now (a context that may have accepted it already). */
export async function acceptCookiesHvisVist(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accepter' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}
