import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';

/** Chromium as the benches run it (the flags of e2e/chromium.ts). */
export const startChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/**
 * A page of `browser` (1440 × 900) signed in on the server at `url` as the demo user `bruger` through
 * the built-in sign-on page; answers the page and the user's token.
 */
export async function logIndViaSso(
  browser: Browser,
  url: string,
  bruger: string,
): Promise<{ page: Page; token: string }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${url}/sso/`);
  await page.getByRole('button', { name: bruger, exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const token = await page.evaluate(() => localStorage.getItem('usertoken'));
  if (!token) throw new Error(`no token after signing in as ${bruger}`);
  return { page, token };
}
