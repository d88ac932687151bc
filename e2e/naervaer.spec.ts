import { type PgCluster, startPgCluster } from '../tests/helpers/postgres-cluster';
import { type ToProcesser, toProcesser } from '../tests/helpers/server-prosess';
import { expect, type Locator, type Page, test } from './fixtures';
import { acceptCookiesHvisVist, openAlone, signIn, tokenOf } from './helpers';

/**
 * Presence (nærvær, issue 34 part 3): two validators in one queue see each other's cursor live, and
 * deciding an entry the other stands on asks first; a record being edited by one user says so on the
 * other's tile. Two browser contexts against the one real server.
 */

const KOE = '/validering/pejlinger';

const raekker = (tile: Locator) => tile.locator('.vl-tabel tbody tr.dt-row');

/** The index of the cursor row, -1 when none. */
const markoerIndex = (tile: Locator) =>
  raekker(tile).evaluateAll((trs) => trs.findIndex((tr) => tr.classList.contains('cursor')));

const afventer = async (tile: Locator) => {
  const text = (await tile.getByTestId('koe-status').textContent()) ?? '';
  return Number(/^([\d.]+) afventer/.exec(text)?.[1]?.replace(/\./g, '') ?? Number.NaN);
};

/** Moves the queue's cursor to row `index` by keyboard: Home, then j. */
async function markoerTil(page: Page, tile: Locator, index: number) {
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('j');
  await expect.poll(() => markoerIndex(tile)).toBe(index);
}

test('two validators in one queue see each other’s cursor within a second; approving the entry the other stands on asks first', async ({
  page,
  browser,
  baseURL,
}) => {
  // Vera (vand) in this browser, Anne (admin) in another: both validators of Skive.
  await signIn(page, 'vand');
  await acceptCookiesHvisVist(page);
  await openAlone(page, KOE);
  const vera = page.getByTestId('tile').first();
  await expect(vera.getByTestId('koe-status')).toContainText('afventer');
  await expect(vera.locator('table[role="grid"]').first()).toBeFocused();

  // Alone in the queue, Vera's cursor costs nothing: no presence call leaves her browser.
  const meldinger: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/naervaer') meldinger.push(r.url());
  });
  await markoerTil(page, vera, 3);
  await markoerTil(page, vera, 1);
  await page.waitForTimeout(600);
  expect(meldinger).toEqual([]);
  await expect(vera.getByRole('columnheader', { name: 'Kollega' })).toHaveCount(0);

  const anden = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page2 = await anden.newPage();
  await signIn(page2, 'admin', baseURL);
  await acceptCookiesHvisVist(page2);
  await openAlone(page2, KOE);
  const anne = page2.getByTestId('tile').first();
  await expect(anne.getByTestId('koe-status')).toContainText('afventer');

  // They meet: each queue shows the colleagues' column; Vera answered Anne's arrival with her
  // cursor, so Anne sees VV on the entry Vera stands on.
  await expect(vera.getByRole('columnheader', { name: 'Kollega' })).toBeVisible();
  await expect(anne.getByRole('columnheader', { name: 'Kollega' })).toBeVisible();
  await expect(raekker(anne).nth(1).getByTestId('naervaer-markoer')).toHaveText('VV');
  expect(meldinger.length).toBeGreaterThan(0);

  // Vera moves to the third entry by keyboard: Anne sees VV on it within a second.
  await page.locator('table[role="grid"]').first().focus();
  await markoerTil(page, vera, 2);
  const t0 = Date.now();
  await expect(raekker(anne).nth(2).getByTestId('naervaer-markoer')).toHaveText('VV', { timeout: 1000 });
  const ms = Date.now() - t0;
  test.info().annotations.push({ type: 'markør hos kollegaen', description: `${ms} ms` });
  expect(ms).toBeLessThan(1000);
  // And only there.
  await expect(anne.getByTestId('naervaer-markoer')).toHaveCount(1);
  // Vera sees Anne's cursor (AA) on the row Anne's cursor is on.
  await page2.locator('table[role="grid"]').first().focus();
  await markoerTil(page2, anne, 0);
  await expect(raekker(vera).nth(0).getByTestId('naervaer-markoer')).toHaveText('AA', { timeout: 1000 });

  await page.screenshot({ path: test.info().outputPath('naervaer-koe-vera.png') });
  await page2.screenshot({ path: test.info().outputPath('naervaer-koe-anne.png') });

  // Anne moves onto Vera's entry and presses G: asked first, 'Fortryd' focused; Escape decides nothing.
  const foer = await afventer(anne);
  await markoerTil(page2, anne, 2);
  await page2.keyboard.press('g');
  const spoergsmaal = page2.getByTestId('holdt-spoergsmaal');
  await expect(spoergsmaal).toBeVisible();
  await expect(spoergsmaal).toContainText(
    'Vera Vandløb står på denne post lige nu. Vil du godkende den alligevel?',
  );
  await expect(spoergsmaal.getByRole('button', { name: 'Fortryd' })).toBeFocused();
  await page2.screenshot({ path: test.info().outputPath('naervaer-spoergsmaal.png') });
  await page2.keyboard.press('Escape');
  await expect(spoergsmaal).toBeHidden();
  await expect(anne.locator('table[role="grid"]').first()).toBeFocused();
  expect(await afventer(anne)).toBe(foer);

  // G again, Tab to 'Godkend alligevel', Enter: decided; Vera's queue loses it live.
  await page2.keyboard.press('g');
  await expect(spoergsmaal).toBeVisible();
  await page2.keyboard.press('Tab');
  await expect(spoergsmaal.getByRole('button', { name: 'Godkend alligevel' })).toBeFocused();
  await page2.keyboard.press('Enter');
  await expect(spoergsmaal).toBeHidden();
  await expect.poll(() => afventer(anne)).toBe(foer - 1);
  await expect.poll(() => afventer(vera)).toBe(foer - 1);

  // An entry nobody else stands on is decided without the question.
  await markoerTil(page2, anne, 4);
  await page2.keyboard.press('g');
  await expect.poll(() => afventer(anne)).toBe(foer - 2);
  await expect(spoergsmaal).toBeHidden();

  // Anne leaves: Vera's colleagues' column goes at once (her stream said goodbye).
  await anden.close();
  await expect(vera.getByRole('columnheader', { name: 'Kollega' })).toHaveCount(0, { timeout: 3000 });
});

/** A company of Skive that is not closed, by the API. */
async function firma(page: Page): Promise<{ id: number; navn: string }> {
  const token = await tokenOf(page);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const list = await page.request.get(
    `/api/virksomhed/list?kundeId=${claims.customerId}&start=0&take=10&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const items = (await list.json()).items as { id: number; navn: string; ophoertDato: string | null }[];
  const v = items.find((i) => !i.ophoertDato);
  if (!v) throw new Error('no open company');
  return v;
}

test('a company being edited by one user shows it on the other user’s tile, and stops when the edit is dropped', async ({
  page,
  browser,
  baseURL,
}) => {
  // Vibeke (virksomhed) edits stamoplysninger; Karsten (kommuneadmin) has the company open.
  await signIn(page, 'virksomhed');
  await acceptCookiesHvisVist(page);
  const v = await firma(page);
  await openAlone(page, `/virksomheder/${v.id}/stamoplysninger`);
  const felt = page.getByLabel('Betalingsreference', { exact: true });
  await expect(felt).toBeEnabled();
  await felt.fill('REF-NAERVAER');
  await expect(page.getByRole('button', { name: 'Fortryd ændringer' })).toBeEnabled();

  const anden = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page2 = await anden.newPage();
  await signIn(page2, 'kommuneadmin', baseURL);
  await acceptCookiesHvisVist(page2);
  // Karsten opens it after the edit began: the greeting is answered with it.
  await openAlone(page2, `/virksomheder/${v.id}/tilsyn`);
  const tekst = page2.getByTestId('redigeres-af');
  await expect(tekst).toHaveText('Vibeke Virksomhedsen redigerer stamoplysninger');
  await page2.screenshot({ path: test.info().outputPath('naervaer-redigerer.png') });
  // Vibeke sees nothing about herself.
  await expect(page.getByTestId('redigeres-af')).toHaveCount(0);

  // Vibeke drops the edit: the text goes on Karsten's tile.
  await page.getByRole('button', { name: 'Fortryd ændringer' }).click();
  await expect(tekst).toHaveCount(0);

  // A new edit shows again; closing Vibeke's page ends it too.
  await felt.fill('REF-NAERVAER-2');
  await expect(tekst).toHaveText('Vibeke Virksomhedsen redigerer stamoplysninger');
  await page.close();
  await expect(tekst).toHaveCount(0, { timeout: 3000 });
  await anden.close();
});

/**
 * The same meeting with each validator on a server process of its own, both on one PostgreSQL
 * database (a throwaway cluster): presence crosses between the processes through LISTEN/NOTIFY.
 * Skipped where PostgreSQL is not installed. The first process seeds the demo data.
 */
test.describe('two server processes on one PostgreSQL', () => {
  test.describe.configure({ timeout: 240_000 });
  let klynge: PgCluster | undefined;
  let processer: ToProcesser | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    klynge = await startPgCluster();
    if (!klynge) return;
    processer = await toProcesser(klynge.url, 'mw_e2e_naervaer', {}, true);
  });

  test.afterAll(async () => {
    await processer?.stop();
    klynge?.stop();
  });

  test('a validator on each process sees the other’s cursor within a second', async ({ browser }) => {
    test.skip(!klynge, 'PostgreSQL er ikke installeret her');
    const { a, b } = processer!;
    const ctxA = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: a.base });
    const ctxB = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: b.base });
    try {
      const pageA = await ctxA.newPage();
      await signIn(pageA, 'vand', a.base);
      await acceptCookiesHvisVist(pageA);
      await openAlone(pageA, KOE);
      const vera = pageA.getByTestId('tile').first();
      await expect(vera.getByTestId('koe-status')).toContainText('afventer', { timeout: 20_000 });

      const pageB = await ctxB.newPage();
      await signIn(pageB, 'admin', b.base);
      await acceptCookiesHvisVist(pageB);
      await openAlone(pageB, KOE);
      const anne = pageB.getByTestId('tile').first();
      await expect(anne.getByTestId('koe-status')).toContainText('afventer', { timeout: 20_000 });

      // They meet across the processes: each queue shows the colleagues' column.
      await expect(vera.getByRole('columnheader', { name: 'Kollega' })).toBeVisible({ timeout: 10_000 });
      await expect(anne.getByRole('columnheader', { name: 'Kollega' })).toBeVisible({ timeout: 10_000 });

      // Vera (on A) moves by keyboard: Anne (on B) sees VV on that entry within a second.
      await pageA.locator('table[role="grid"]').first().focus();
      await markoerTil(pageA, vera, 2);
      const t0 = Date.now();
      await expect(raekker(anne).nth(2).getByTestId('naervaer-markoer')).toHaveText('VV', { timeout: 1000 });
      expect(Date.now() - t0).toBeLessThan(1000);
      // And Anne's cursor (on B) reaches Vera (on A).
      await pageB.locator('table[role="grid"]').first().focus();
      await markoerTil(pageB, anne, 0);
      await expect(raekker(vera).nth(0).getByTestId('naervaer-markoer')).toHaveText('AA', { timeout: 1000 });
    } finally {
      await ctxA.close();
      await ctxB.close();
    }
  });
});
