import path from 'node:path';
import type { Route } from '@playwright/test';
import { expect, type Locator, type Page, test } from './fixtures';
import { acceptCookies, openAlone, signIn, tokenOf } from './helpers';

const tiles = (page: Page) => page.getByTestId('tile');

/** A screenshot in the test's output, and in E2E_SCREENSHOT_DIR when set. */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name) });
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, name) });
}

/**
 * The real server's answers to GET job/{id} pass through unchanged, but the first answer that says
 * the job stopped is held until `slip()`: the view shows the last running state meanwhile, so the
 * test sees the progress bar however fast the small demo data set is planned.
 */
async function holdJobSlut(page: Page) {
  let slip!: () => void;
  const sluppet = new Promise<void>((ok) => {
    slip = ok;
  });
  const set: { status: string; done: number; total: number }[] = [];
  await page.route(/\/api\/job\/\d+$/, async (route: Route) => {
    const svar = await route.fetch();
    const job = (await svar.json()) as { status: string; done: number; total: number };
    set.push(job);
    if (job.status !== 'koerer') await sluppet;
    await route.fulfill({ response: svar });
  });
  return { slip, set };
}

/**
 * The year's plan generated as a job (issue 32), by keyboard: Alt+Shift+G on a planning period starts
 * it (confirmed with Enter when a plan exists), the header shows a progress bar (role="progressbar",
 * aria-valuenow in percent) while it runs and the result in words when it is done; the focus stays on
 * the tile. (A second start while it runs, refused in Danish with 409, is tests/api/jobs.test.ts's.)
 */

/**
 * Confirms the question the start may ask (a plan or drafts exist) by keyboard: waits for either the
 * question or the job's bar; the question opens with focus on 'Fortryd' (ui/ConfirmModal.tsx), so Tab
 * moves to the confirming button before Enter.
 */
async function bekraeftHvisSpurgt(page: Page, bekraeft: Locator, bar: Locator) {
  await expect(bekraeft.or(bar)).toBeVisible();
  if (!(await bekraeft.isVisible())) return;
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')))
    .toBe(true);
  for (let i = 0; i < 3 && !(await bekraeft.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(bekraeft).toBeFocused();
  await page.keyboard.press('Enter');
}

test('planlaegger: the plan is generated as a job with a progress bar and its result', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'planlaegger');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const claims = JSON.parse(Buffer.from((await tokenOf(page)).split('.')[1]!, 'base64url').toString('utf8'));
  const perioder = (await (
    await page.request.get(`/api/PlanlaegningsPeriode/planlaegningYears/${claims.customerId}`, { headers })
  ).json()) as { id: number; aar: number; version: number }[];
  const nyeste = [...perioder].sort((a, b) => b.aar - a.aar)[0]!;
  await openAlone(page, `/planlaegningsperioder/${nyeste.id}/oversigt`);
  await acceptCookies(page);
  await expect(tiles(page)).toHaveAttribute('data-path', new RegExp(`^/planlaegningsperioder/${nyeste.id}/`));
  const knap = page.getByRole('button', { name: /^(Generér tilsynsplan|Genererer …)$/ });
  await expect(knap).toBeEnabled();

  const hold = await holdJobSlut(page);
  await tiles(page).first().focus();
  await page.keyboard.press('Alt+Shift+g');
  const bekraeft = page.getByRole('button', { name: 'Generér', exact: true });
  const bar = page.getByRole('progressbar', { name: 'Genererer tilsynsplanen' });
  await bekraeftHvisSpurgt(page, bekraeft, bar);

  await expect(bar).toBeVisible();
  // The start's answer already counts the companies: the bar has a value from the first moment.
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
  const pct = Number(await bar.getAttribute('aria-valuenow'));
  expect(pct).toBeGreaterThanOrEqual(0);
  expect(pct).toBeLessThanOrEqual(100);
  await expect(
    page.getByText(/Genererer tilsynsplanen: \d+ % – [\d.]+ af [\d.]+ virksomheder/),
  ).toBeVisible();
  await expect(knap).toBeDisabled();
  await expect(knap).toHaveText(/Genererer …/);

  await screenshot(page, 'job-fremskridt-1440x900.png');

  hold.slip();
  await expect(bar).toBeHidden();
  const resultat = page.getByRole('status').filter({ hasText: 'Tilsynsplanen for' });
  await expect(resultat.first()).toHaveText(
    /^Tilsynsplanen for \d{4} er genereret: [\d.]+ planlagte tilsyn$/,
  );
  await expect(knap).toBeEnabled();
  await expect(page.getByTestId('plan-genereret')).toContainText(/^Genereret \d\d-\d\d-\d{4}/);
  // Every answer the view got was the server's: a running job's progress never went back.
  const done = hold.set.filter((j) => j.status === 'koerer').map((j) => j.done);
  expect(done).toEqual([...done].sort((a, b) => a - b));
  expect(hold.set.at(-1)!.status).toBe('faerdig');
  await screenshot(page, 'job-resultat-1440x900.png');
  // The focus stayed in the tile: the next key goes to it, not to the page.
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="tile"]') !== null)).toBe(
    true,
  );
});

/**
 * The year's invoice proposals built as a job, by keyboard (Alt+Shift+F, Enter in the question when
 * drafts exist): a progress bar over the customer's companies while it runs, then the run's result in
 * words.
 */
test('oekonomi: the invoice proposals are built as a job with a progress bar and its result', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.clock.setFixedTime(new Date('2026-11-28T10:00:00+01:00'));
  await signIn(page, 'oekonomi');
  await openAlone(page, '/fakturering');
  await acceptCookies(page);
  await expect(tiles(page)).toHaveAttribute('data-path', '/fakturering/fakturaforslagliste');
  await page.getByRole('grid').or(page.getByTestId('fak-tom')).first().waitFor();
  await expect(page.getByRole('combobox', { name: 'Afregningsår' })).toHaveValue('2026');

  const hold = await holdJobSlut(page);
  await tiles(page).first().focus();
  await page.keyboard.press('Alt+Shift+f');
  const dan = page.getByRole('dialog').getByRole('button', { name: 'Dan fakturaforslag' });
  const bar = page.getByRole('progressbar', { name: 'Danner fakturaforslag for 2026' });
  await bekraeftHvisSpurgt(page, dan, bar);

  await expect(bar).toBeVisible();
  await expect(
    page.getByText(/Danner fakturaforslag for 2026: (\d+ % – [\d.]+ af [\d.]+ virksomheder|Starter …)/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Danner …$/ })).toBeDisabled();
  await screenshot(page, 'job-fakturaforslag-1440x900.png');

  hold.slip();
  await expect(bar).toBeHidden();
  await expect(page.getByTestId('dan-svar')).toHaveText(
    /^Dannet: [\d.]+ forslag med [\d.]+ linjer, i alt [\d.]+,\d\d kr\./,
  );
  expect(hold.set.at(-1)!.status).toBe('faerdig');
  // The last running answer counted the customer's companies.
  expect(hold.set.every((j) => j.status !== 'koerer' || j.total > 0)).toBe(true);
});
