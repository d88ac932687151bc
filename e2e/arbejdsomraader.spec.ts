import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { acceptCookiesHvisVist, escapeRe, openAlone, paletteSelect, pathOf } from './helpers';

/**
 * Named workspaces (issue 34), through the real interface: the layout (tiles, their paths with a
 * report's filters, sizes, focused tile) is saved under a name from the palette, opened in a fresh
 * browser as the same user, renamed, deleted, made the start layout (a new sign-in lands on it), and
 * opened by its link, also through the sign-on when signed out; another user's link opens nothing.
 */

const USER = 'vand';
const RAPPORT = '/rapport/vandoppumpet?kolonner=aarstal,anlaegsnavn,antal&filter=aarstal:between(2024|2025)';
/** Validation queue left (45 %), the report right (55 %), the report focused. */
const LAYOUT = new URLSearchParams([
  ['v', '1'],
  ['t', '/validering/vandproever'],
  ['t', RAPPORT],
  ['w', 'r45-55(0,1)'],
  ['f', '1'],
]).toString();
const FILTER_CHIP = 'Årstal: 2024–2025';

async function tokenFor(request: APIRequestContext, username: string): Promise<string> {
  const r = await request.post('/api/login', { data: { username, password: 'demo' } });
  expect(r.ok()).toBe(true);
  return String((await r.json()).data);
}

interface Gemt {
  id: number;
  navn: string;
  layout: string;
  start: boolean;
  version: number;
}

async function gemte(request: APIRequestContext, username: string): Promise<Gemt[]> {
  const token = await tokenFor(request, username);
  const r = await request.get('/api/arbejdsomraader', { headers: { authorization: `Bearer ${token}` } });
  expect(r.ok()).toBe(true);
  return (await r.json()) as Gemt[];
}

/** The user's settings and named workspaces as they were, put back after the test. */
async function restoreAfter(request: APIRequestContext, username: string) {
  const token = await tokenFor(request, username);
  const headers = { authorization: `Bearer ${token}` };
  const before = (await (await request.get('/api/Bruger/HentOpsaetning', { headers })).json()).opsaetning;
  const foer = new Set((await gemte(request, username)).map((a) => a.id));
  return async () => {
    const h = { authorization: `Bearer ${await tokenFor(request, username)}` };
    for (const a of await gemte(request, username)) {
      if (!foer.has(a.id))
        await request.delete(`/api/arbejdsomraader/${a.id}?version=${a.version}`, { headers: h });
    }
    await request.put('/api/Bruger/GemOpsaetning', { headers: h, data: { opsaetning: before } });
  };
}

/**
 * One click on the demo user at the built-in sign-on service. (The shared helper waits for home's
 * address, which a user with a saved or start layout leaves at once.)
 */
async function signIn(page: Page, username: string) {
  await page.goto('/sso/');
  await page.getByRole('button', { name: username, exact: true }).click();
  await expect(page.getByTestId('active-user')).toHaveText(username);
}

/** A fresh browser (no storage shared with the first): another PC. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The workspace on screen: the tiles' paths in reading order and the focused tile's path. */
async function expectTiles(page: Page, paths: string[], focused: string) {
  const tiles = page.getByTestId('tile');
  await expect(tiles).toHaveCount(paths.length);
  await expect
    .poll(() => tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-path'))))
    .toEqual(paths);
  await expect(page.locator('[data-testid="tile"].focused')).toHaveAttribute('data-path', focused);
}

/** The saved layout is on screen: both tiles, the report focused with its filter, the 45/55 split. */
async function expectMorgenLayout(page: Page) {
  await expectTiles(page, ['/validering/vandproever', RAPPORT], RAPPORT);
  await expect(page.getByRole('button', { name: FILTER_CHIP, exact: true })).toBeVisible();
  await expect.poll(() => new URLSearchParams(new URL(page.url()).search).get('w')).toBe('r45-55(0,1)');
  const [venstre, hoejre] = await page
    .getByTestId('tile')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
  expect(venstre! / (venstre! + hoejre!)).toBeGreaterThan(0.4);
  expect(venstre! / (venstre! + hoejre!)).toBeLessThan(0.5);
}

/** Runs a palette command by its label, from the keyboard. */
async function palette(page: Page, tekst: string, label: string) {
  await paletteSelect(page, tekst, new RegExp(`^${escapeRe(label)}`));
  await page.keyboard.press('Enter');
  await expect(page.locator('[cmdk-dialog]')).toHaveCount(0);
}

/** 'Gem arbejdsområde …' with a name typed in its dialog and Enter. */
async function gemSom(page: Page, navn: string, start = false) {
  await palette(page, 'gem arbejdsområde', 'Gem arbejdsområde …');
  const dialog = page.getByRole('dialog', { name: 'Gem arbejdsområde' });
  await expect(dialog.getByLabel('Navn')).toBeFocused();
  await page.keyboard.type(navn);
  if (start) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
  }
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Arbejdsområdet '${navn}' er gemt`)).toBeVisible();
}

const homeLink = (page: Page, navn: string): Locator =>
  page
    .getByRole('region', { name: 'Arbejdsområder' })
    .getByRole('link', { name: new RegExp(`^${escapeRe(navn)}`) });

test('a named workspace is saved, opened on another PC, renamed, deleted, made the start layout and opened by its link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const restore = await restoreAfter(request, USER);
  const sider: Page[] = [];
  try {
    // 1. Set the workspace up and save it under a name, from the keyboard.
    await signIn(page, USER);
    await acceptCookiesHvisVist(page);
    await page.goto(`/rapport/vandoppumpet?${LAYOUT}`);
    await expectMorgenLayout(page);
    await gemSom(page, 'Morgenvalidering');
    // A second one, of one tile, to delete later.
    await openAlone(page, '/vandanlaeg');
    await gemSom(page, 'Eftermiddag');
    expect((await gemte(request, USER)).map((a) => a.navn)).toEqual(['Eftermiddag', 'Morgenvalidering']);

    // 2. Another PC: a fresh browser, signed in as the same user, opens it from the palette.
    const b = await freshPage(browser);
    sider.push(b);
    await signIn(b, USER);
    await acceptCookiesHvisVist(b);
    await openAlone(b, '/');
    // Home lists them beside the recent items and favourites.
    await expect(homeLink(b, 'Morgenvalidering')).toContainText('2 felter');
    await expect(homeLink(b, 'Eftermiddag')).toContainText('1 felt');
    if (process.env.E2E_SCREENSHOTS_DOCS === '1' || process.env.E2E_SCREENSHOTS === '1') {
      await b.screenshot({ path: screenshotPath('arbejdsomraader-hjem.png') });
    }
    await palette(b, 'arbejdsområde morgen', 'Arbejdsområde: Morgenvalidering');
    await expectMorgenLayout(b);
    // Back returns to the workspace that was open (home).
    await b.goBack();
    await expectTiles(b, ['/'], '/');
    // From home by the keyboard: Enter on the list's link.
    await homeLink(b, 'Morgenvalidering').focus();
    await b.keyboard.press('Enter');
    await expectMorgenLayout(b);

    // 3. Rename: the dialog holds the old name; a name already used is refused in Danish.
    await palette(b, 'omdøb eftermiddag', 'Omdøb arbejdsområde: Eftermiddag …');
    const omdoeb = b.getByRole('dialog', { name: "Omdøb arbejdsområde 'Eftermiddag'" });
    await expect(omdoeb.getByLabel('Navn')).toHaveValue('Eftermiddag');
    await b.keyboard.press('Control+a');
    await b.keyboard.type('morgenvalidering');
    await b.keyboard.press('Enter');
    await expect(omdoeb.getByRole('alert')).toHaveText(
      "Der findes allerede et arbejdsområde med navnet 'morgenvalidering'",
    );
    if (process.env.E2E_SCREENSHOTS_DOCS === '1' || process.env.E2E_SCREENSHOTS === '1') {
      await b.screenshot({ path: screenshotPath('arbejdsomraader-omdoeb.png') });
    }
    await b.keyboard.press('Escape');
    await expect(omdoeb).toHaveCount(0);
    await palette(b, 'omdøb morgen', 'Omdøb arbejdsområde: Morgenvalidering …');
    const omdoeb2 = b.getByRole('dialog', { name: "Omdøb arbejdsområde 'Morgenvalidering'" });
    await b.keyboard.press('Control+a');
    await b.keyboard.type('Morgenrunde');
    await b.keyboard.press('Enter');
    await expect(omdoeb2).toHaveCount(0);
    await expect(b.getByText("Arbejdsområdet hedder nu 'Morgenrunde'")).toBeVisible();
    await b.keyboard.press('Control+k');
    await b.keyboard.type('arbejdsområde:');
    const liste = b.locator('[cmdk-list]');
    await expect(liste.getByRole('option', { name: /^Arbejdsområde: Morgenrunde/ })).toBeVisible();
    await expect(liste.getByRole('option', { name: /^Arbejdsområde: Morgenvalidering/ })).toHaveCount(0);
    await b.keyboard.press('Escape');

    // 4. Delete: asked first; Enter confirms; gone from the palette, home and the server.
    await palette(b, 'slet eftermiddag', 'Slet arbejdsområde: Eftermiddag …');
    const slet = b.getByTestId('arbejdsomraade-slet');
    await expect(slet).toContainText("Arbejdsområdet 'Eftermiddag' slettes");
    await expect(slet.getByRole('button', { name: 'Slet' })).toBeFocused();
    await b.keyboard.press('Enter');
    await expect(b.getByText("Arbejdsområdet 'Eftermiddag' er slettet")).toBeVisible();
    expect((await gemte(request, USER)).map((a) => a.navn)).toEqual(['Morgenrunde']);
    await openAlone(b, '/');
    await expect(homeLink(b, 'Morgenrunde')).toBeVisible();
    await expect(homeLink(b, 'Eftermiddag')).toHaveCount(0);

    // 5. Start layout: a new sign-in lands on it, not on the last layout (home, one tile).
    await palette(b, 'startarbejdsområde morgenrunde', 'Brug som startarbejdsområde: Morgenrunde');
    await expect(b.getByText("'Morgenrunde' åbner nu, når du logger ind")).toBeVisible();
    await expect(homeLink(b, 'Morgenrunde')).toContainText('Start');
    // The last layout saved is home alone (1.5 s after the change).
    const h = { authorization: `Bearer ${await tokenFor(request, USER)}` };
    await expect
      .poll(async () =>
        (await (await request.get('/api/Bruger/HentOpsaetning', { headers: h })).text()).includes(
          'v=1&t=/&f=0',
        ),
      )
      .toBe(true);
    const c = await freshPage(browser);
    sider.push(c);
    await signIn(c, USER);
    await expectMorgenLayout(c);
    // A reload is no new sign-in: what is open stays open.
    await openAlone(c, '/vandanlaeg');
    await c.reload();
    await expectTiles(c, ['/vandanlaeg'], '/vandanlaeg');
    // 6. Its link opens it: signed in, and signed out through the sign-on form.
    const [morgen] = await gemte(request, USER);
    expect(morgen!.start).toBe(true);
    const link = `/?arbejdsomraade=${morgen!.id}`;
    await openAlone(b, '/');
    await b.goto(link);
    await expectMorgenLayout(b);
    expect(pathOf(b)).not.toContain('arbejdsomraade=');
    const d = await freshPage(browser);
    sider.push(d);
    await d.goto(link);
    await d.waitForURL((url) => url.pathname === '/login');
    await d.waitForURL(/\/sso\/?$/, { timeout: 8000 });
    await d.getByLabel('Brugernavn').fill(USER);
    await d.getByLabel('Adgangskode').fill('demo');
    await d.getByRole('button', { name: 'Log ind', exact: true }).click();
    await expect(d.getByTestId('active-user')).toHaveText(USER);
    // The link wins over the start layout; going home afterwards (the logo) shows home there.
    await expectMorgenLayout(d);
    await d.getByRole('link', { name: 'Miljøtilsyn' }).first().click();
    await expect(d.locator('[data-testid="tile"].focused')).toHaveAttribute('data-path', '/');
    await expect(d.getByTestId('tile')).toHaveCount(2);

    // The mark taken away again, from the keyboard.
    await palette(d, 'fjern startarbejdsområde', 'Fjern som startarbejdsområde: Morgenrunde');
    await expect(d.getByText("'Morgenrunde' er ikke længere dit startarbejdsområde")).toBeVisible();
    expect((await gemte(request, USER)).every((a) => !a.start)).toBe(true);

    // Another user's link opens nothing of it: a message, and home.
    const e = await freshPage(browser);
    sider.push(e);
    await signIn(e, 'laeser');
    await e.goto(link);
    await expect(e.getByText(/Arbejdsområdet blev ikke fundet/)).toBeVisible();
    await expect(e.getByTestId('tile').first()).toBeVisible();
    await expect(e.locator('[data-testid="tile"][data-path^="/rapport"]')).toHaveCount(0);
    await expect.poll(() => pathOf(e)).not.toContain('arbejdsomraade=');
  } finally {
    for (const s of sider) await s.context().close();
    await page.goto('about:blank');
    await restore();
  }
});

function screenshotPath(fil: string): string {
  return process.env.E2E_SCREENSHOTS_DOCS === '1' ? `docs/screenshots/${fil}` : test.info().outputPath(fil);
}
