import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHORT_TOKEN_PORT } from '../playwright.config';
import { basisKrop } from '../tests/helpers/virksomhed-formular';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { type APIRequestContext, chromium, expect, type Page, test } from './fixtures';
import { acceptCookiesHvisVist, escapeRe, signIn, tokenOf } from './helpers';

/**
 * Drafts (issue 34): what a case worker typed in a form survives an expired token, a browser crash
 * and a change of the record by someone else. Through the real interface, against the real server;
 * the record is changed behind the user's back through the API.
 */

const KLADDE_DB = 'miljoetilsyn-kladder';

interface Firma {
  id: number;
  navn: string;
}

const auth = async (page: Page) => ({ authorization: `Bearer ${await tokenOf(page)}` });

/** An active company of the signed-in user's customer, the n-th by name (each test its own). */
async function firma(page: Page, base: string, n: number): Promise<Firma> {
  const token = await tokenOf(page);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const list = await page.request.get(
    `${base}/api/virksomhed/list?kundeId=${claims.customerId}&start=0&take=40&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
    { headers: await auth(page) },
  );
  const items = ((await list.json()).items as (Firma & { ophoertDato: string | null })[]).filter(
    (i) => !i.ophoertDato,
  );
  const v = items[n];
  if (!v) throw new Error('too few companies');
  return { id: v.id, navn: v.navn };
}

/** The company as the API answers it. */
async function detalje(
  request: APIRequestContext,
  base: string,
  headers: Record<string, string>,
  id: number,
) {
  const r = await request.get(`${base}/api/virksomhed/${id}`, { headers });
  expect(r.ok()).toBe(true);
  return (await r.json()) as {
    version: number;
    basis: Record<string, unknown>;
    lokalitet: Record<string, unknown>;
  };
}

/** Someone else saves the company's master data with `changes` (PUT …/basis with the current version). */
async function aendrViaApi(page: Page, base: string, id: number, changes: Record<string, unknown>) {
  const headers = await auth(page);
  const d = await detalje(page.request, base, headers, id);
  const r = await page.request.put(`${base}/api/virksomhed/${id}/basis`, {
    headers,
    data: basisKrop(d, changes),
  });
  expect(r.status(), await r.text()).toBe(200);
}

/** The drafts the browser holds (read without creating the database when there is none). */
function kladderIBrowseren(page: Page): Promise<{ identitet: string; vaerdier: Record<string, unknown> }[]> {
  return page.evaluate(async (navn) => {
    if (!(await indexedDB.databases()).some((d) => d.name === navn)) return [];
    return new Promise((resolve) => {
      const req = indexedDB.open(navn);
      req.onsuccess = () => {
        const db = req.result;
        const all = db.transaction('kladder').objectStore('kladder').getAll();
        all.onsuccess = () => {
          db.close();
          resolve(all.result);
        };
      };
      req.onerror = () => resolve([]);
    });
  }, KLADDE_DB);
}

/** Waits until the draft of the company holds `bemaerkning` (written within a second of typing). */
async function kladdeSkrevet(page: Page, id: number, bemaerkning: string) {
  await expect
    .poll(
      async () => (await kladderIBrowseren(page)).find((k) => k.identitet === `virksomhed:${id}`)?.vaerdier,
    )
    .toMatchObject({ bemaerkning });
}

const stamform = (page: Page) => page.getByRole('form', { name: 'Stamoplysninger' });
const bemaerkningFelt = (page: Page) =>
  stamform(page).getByRole('textbox', { name: 'Bemærkning', exact: true });
const kladdeBesked = (page: Page) => page.getByRole('status', { name: 'Ikke-gemt kladde' });

/** The company's Stamoplysninger as the only tile. */
async function aabnStamoplysninger(page: Page, base: string, id: number) {
  const path = `/virksomheder/${id}/stamoplysninger`;
  await page.goto(`${base}${path}?v=1&t=${path}&f=0`);
  await expect(page.getByTestId('tile')).toHaveCount(1);
  await expect(bemaerkningFelt(page)).toBeEditable();
}

/** Signed in as 'virksomhed' on `base`: the n-th company's Stamoplysninger as the only tile. */
async function stamoplysningerSomVirksomhed(page: Page, base: string, n: number): Promise<Firma> {
  await signIn(page, 'virksomhed', base);
  await acceptCookiesHvisVist(page);
  const v = await firma(page, base, n);
  await aabnStamoplysninger(page, base, v.id);
  return v;
}

test('typed, the token expired, signed in again: the draft comes back, is restored and saved with Ctrl+S', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const base = `http://localhost:${SHORT_TOKEN_PORT}`;
  const v = await stamoplysningerSomVirksomhed(page, base, 3);
  const asked = new URL(page.url()).pathname;

  const tekst = `Kladde før udløb ${Date.now() % 100000}`;
  await bemaerkningFelt(page).fill(tekst);
  await kladdeSkrevet(page, v.id, tekst);

  // The token expires; Ctrl+S then meets the expired token and the user is signed out.
  const exp = await page.evaluate(() => {
    const token = localStorage.getItem('usertoken') ?? '';
    const part = token.split('.')[1] ?? '';
    return Number(JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))).exp);
  });
  await expect.poll(() => Date.now() / 1000 > exp + 1, { timeout: 30_000, intervals: [500] }).toBe(true);
  await bemaerkningFelt(page).press('Control+s');
  await page.waitForURL('**/logout');
  await expect(page.getByRole('heading', { name: 'Du er logget ud' })).toBeVisible();

  // Signing in on the sign-on page brings back the same layout, and the form offers the draft.
  await page.goto(`${base}/sso/`);
  await page.getByRole('button', { name: 'virksomhed', exact: true }).click();
  await page.waitForURL((url) => url.pathname === asked);
  await expect(kladdeBesked(page)).toContainText(/Du har en ikke-gemt kladde fra \d{2}:\d{2}/);
  await expect(bemaerkningFelt(page)).not.toHaveValue(tekst);

  // Gendan by the keyboard: the form holds the draft and is unsaved; Ctrl+S saves it.
  await kladdeBesked(page).getByRole('button', { name: 'Gendan' }).focus();
  await page.keyboard.press('Enter');
  await expect(bemaerkningFelt(page)).toHaveValue(tekst);
  await expect(kladdeBesked(page)).toHaveCount(0);
  await expect(stamform(page).getByText('Ikke gemte ændringer')).toBeVisible();
  await bemaerkningFelt(page).press('Control+s');
  // The toast follows the server's 200 (this server's tokens live 12 s: the next call may already
  // sign the user out again, so the test asks the server nothing more).
  await expect(page.getByText('Stamoplysningerne er gemt')).toBeVisible();
  // Saved: the draft is gone.
  await expect.poll(async () => (await kladderIBrowseren(page)).length).toBe(0);
});

test('typed, the browser crashed: in a new browser, signed in, the palette lists the draft and it is restored', async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL!;
  const profil = mkdtempSync(join(tmpdir(), 'kladde-profil-'));
  const start = () =>
    chromium.launchPersistentContext(profil, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
      locale: 'da-DK',
      timezoneId: 'Europe/Copenhagen',
    });
  try {
    let browser = await start();
    let page = browser.pages()[0] ?? (await browser.newPage());
    const v = await stamoplysningerSomVirksomhed(page, base, 4);
    const tekst = `Kladde før nedbrud ${Date.now() % 100000}`;
    await bemaerkningFelt(page).fill(tekst);
    await kladdeSkrevet(page, v.id, tekst);

    // The crash: the browser goes away without saving anything.
    await browser.close();

    browser = await start();
    page = browser.pages()[0] ?? (await browser.newPage());
    // The session did not survive the crash (the profile's token is dropped): the user signs in again.
    await page.goto(`${base}/sso/`);
    await page.evaluate(() => localStorage.removeItem('usertoken'));
    await signIn(page, 'virksomhed', base);
    // Ctrl+K, 'kladder': the draft is listed; Enter opens it where it belongs.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('kladder');
    const option = page.locator('[cmdk-list]').getByRole('option', {
      name: new RegExp(`^Kladder: ${escapeRe(v.navn)} · Stamoplysninger, fra \\d{2}:\\d{2}`),
    });
    await expect(option).toBeVisible();
    await option.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/virksomheder/${v.id}/stamoplysninger`);
    await expect(kladdeBesked(page)).toBeVisible();
    await kladdeBesked(page).getByRole('button', { name: 'Gendan' }).click();
    await expect(bemaerkningFelt(page)).toHaveValue(tekst);
    await bemaerkningFelt(page).press('Control+s');
    await expect(page.getByText('Stamoplysningerne er gemt')).toBeVisible();
    expect((await detalje(page.request, base, await auth(page), v.id)).basis.bemaerkning).toBe(tekst);
    await expect.poll(async () => (await kladderIBrowseren(page)).length).toBe(0);
    await browser.close();
  } finally {
    rmSync(profil, { recursive: true, force: true });
  }
});

test('a draft against a record changed meanwhile shows both values field by field; the user picks by keyboard', async ({
  page,
  baseURL,
}) => {
  const base = baseURL!;
  const v = await stamoplysningerSomVirksomhed(page, base, 5);
  const n = Date.now() % 100000;
  const minTekst = `Min kladde ${n}`;
  await bemaerkningFelt(page).fill(minTekst);
  await kladdeSkrevet(page, v.id, minTekst);

  // The tile is closed without saving (the guard asks; the user goes on).
  await page.getByRole('button', { name: 'Luk felt' }).click();
  await page
    .getByTestId('unsaved-changes-modal')
    .getByRole('button', { name: 'Gå videre uden at gemme' })
    .click();
  await expect(stamform(page)).toHaveCount(0);

  // Meanwhile someone else changes the same field and another one.
  const andenTekst = `Kollegas bemærkning ${n}`;
  const reference = `REF-${n}`;
  await aendrViaApi(page, base, v.id, { bemaerkning: andenTekst, betalingsReference: reference });

  await aabnStamoplysninger(page, base, v.id);
  await expect(bemaerkningFelt(page)).toHaveValue(andenTekst);
  await expect(kladdeBesked(page)).toContainText('Posten er ændret siden');
  await kladdeBesked(page).getByRole('button', { name: 'Gendan' }).click();

  // Side by side: the field changed on both sides waits for the user's choice; nothing is overwritten.
  const sammenligning = page.getByRole('region', { name: 'Kladde og gemte værdier' });
  await expect(sammenligning).toBeVisible();
  const raekke = sammenligning.getByRole('row', { name: /Bemærkning/ });
  await expect(raekke).toContainText(minTekst);
  await expect(raekke).toContainText(andenTekst);
  await expect(raekke).toContainText('ændret begge steder');
  await expect(sammenligning.getByRole('button', { name: 'Brug valgte værdier' })).toBeDisabled();
  await expect(bemaerkningFelt(page)).toHaveValue(andenTekst);

  // Keyboard: focus the draft's value for Bemærkning, Space picks it, Enter applies the choice.
  await sammenligning.getByRole('radio', { name: 'Bemærkning: din kladde' }).focus();
  await page.keyboard.press('Space');
  await expect(sammenligning.getByRole('button', { name: 'Brug valgte værdier' })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(sammenligning).toHaveCount(0);
  await expect(bemaerkningFelt(page)).toHaveValue(minTekst);
  await expect(stamform(page).getByText('Ikke gemte ændringer')).toBeVisible();

  // Saved against the current version: the user's choice and the other change both stand.
  await bemaerkningFelt(page).press('Control+s');
  await expect(page.getByText('Stamoplysningerne er gemt')).toBeVisible();
  const gemt = await detalje(page.request, base, await auth(page), v.id);
  expect(gemt.basis.bemaerkning).toBe(minTekst);
  expect(gemt.basis.betalingsReference).toBe(reference);
  await expect.poll(async () => (await kladderIBrowseren(page)).length).toBe(0);
});

test('a save without a connection keeps the draft and says so; back online, Ctrl+S saves', async ({
  page,
  baseURL,
}) => {
  const base = baseURL!;
  const v = await stamoplysningerSomVirksomhed(page, base, 6);
  const tekst = `Skrevet uden net ${Date.now() % 100000}`;

  // The connection is gone for the save: its request never gets an answer. (Taking the whole browser
  // offline also fails the page's background calls, whose error dialog would cover the form.)
  const gem = `**/api/virksomhed/${v.id}/basis`;
  await page.route(gem, (route) => route.abort('internetdisconnected'));
  await bemaerkningFelt(page).fill(tekst);
  await bemaerkningFelt(page).press('Control+s');
  await expect(stamform(page).getByRole('alert')).toContainText(
    'Ingen forbindelse til serveren: ændringerne er ikke gemt',
  );
  await expect(bemaerkningFelt(page)).toHaveValue(tekst);
  // The draft was written at once.
  await kladdeSkrevet(page, v.id, tekst);

  // The connection comes back: the browser says so ('online'), the form tells the user.
  await page.unroute(gem);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(stamform(page).getByRole('status')).toContainText(
    'Forbindelsen er tilbage. Tryk Ctrl+S for at gemme',
  );
  await bemaerkningFelt(page).press('Control+s');
  await expect(page.getByText('Stamoplysningerne er gemt')).toBeVisible();
  expect((await detalje(page.request, base, await auth(page), v.id)).basis.bemaerkning).toBe(tekst);
  await expect.poll(async () => (await kladderIBrowseren(page)).length).toBe(0);
});
