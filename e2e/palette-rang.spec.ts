import { expect, type Page, test } from './fixtures';
import { openAlone, signIn, tokenOf } from './helpers';

/** The server's search, as the palette asks it. */
async function soeg(page: Page, tekst: string): Promise<{ navn: string; type: string }[]> {
  const r = await page.request.get(`/api/soeg?tekst=${encodeURIComponent(tekst)}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  return (await r.json()).resultater;
}

/** Ctrl+K and the text; waits until the server's results for it are in the list. */
async function skrivIPaletten(page: Page, tekst: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(tekst);
  await expect(page.locator('[cmdk-list]')).toHaveAttribute('data-results-for', tekst);
}

test("'validering' + Enter opens a validation page, not the water plant with a similar name", async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openAlone(page, '/');
  // The server does answer with entities for the word (a plant whose name is like it).
  const hits = await soeg(page, 'validering');
  expect(hits.length).toBeGreaterThan(0);

  await skrivIPaletten(page, 'validering');
  const list = page.locator('[cmdk-list]');
  await expect(list.getByRole('option', { name: hits[0]!.navn }).first()).toBeVisible();
  await expect(list.getByRole('option', { selected: true })).toHaveText(/^Validering: /);
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/validering\//);
  await expect(page.locator('[data-testid="tile"].focused')).toHaveAttribute('data-path', /^\/validering\//);
});

test("'jupiter' selects 'Frister: Jupiter-status' first, before pages that only have it in their path", async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openAlone(page, '/');
  await skrivIPaletten(page, 'jupiter');
  const list = page.locator('[cmdk-list]');
  const options = list.getByRole('option');
  await expect(options.first()).toHaveText(/^Frister: Jupiter-status/);
  await expect(list.getByRole('option', { selected: true })).toHaveText(/^Frister: Jupiter-status/);
  // 'Validering: Kontaktpersoner' matches only by its path (:jupiterkontaktpersonid): it comes last.
  const labels = await options.allTextContents();
  const frister = labels.findIndex((l) => l.startsWith('Frister: Jupiter-status'));
  const kontakt = labels.findIndex((l) => l.startsWith('Validering: Kontaktpersoner'));
  expect(kontakt).toBeGreaterThan(frister);
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/frister/jupiterstatus');
});
