import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAlone, signIn, tokenOf } from './helpers';

/**
 * Sending to another system and locking someone out ask first, with what will happen (issue 30):
 * 'Indberet til Jupiter' names the plant and counts what is sent, 'Suspender' names the user and
 * says their sessions end. The confirm button has focus: Escape sends nothing, Enter sends. Focus
 * stays in the tile afterwards. (The economy transfer's question is in fakturering.spec.ts.)
 */

const tile = (page: Page) => page.locator('[data-testid="tile"].focused');

/** Focus is on a control inside the focused tile (or the tile region), never on the page. */
async function fokusIFeltet(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const a = document.activeElement;
        return !!a && a !== document.body && !!a.closest('[data-testid="tile"].focused');
      }),
    )
    .toBe(true);
}

async function api<T>(page: Page, method: 'GET' | 'POST', path: string): Promise<T> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const r =
    method === 'GET'
      ? await page.request.get(`/api/${path}`, { headers })
      : await page.request.post(`/api/${path}`, { headers });
  expect(r.ok(), `${path}: ${r.status()}`).toBe(true);
  return (await r.json()) as T;
}

interface Indhold {
  boringer: number;
  indtag: number;
  maengder: number;
  tilladelser: number;
}

test('Indberet til Jupiter asks with the plant and what is sent: Escape sends nothing, Enter sends', async ({
  page,
}) => {
  await signIn(page, 'vand');
  const hits = (
    await api<{ resultater: { id: number; type: string; navn: string }[] }>(
      page,
      'GET',
      `soeg?tekst=${encodeURIComponent('Vandværk')}&antal=50`,
    )
  ).resultater.filter((h) => h.type === 'vandanlaeg');
  let plant: { id: number; navn: string; indhold: Indhold } | null = null;
  for (const h of hits) {
    const klar = await api<{ klar: boolean; indhold?: Indhold }>(
      page,
      'GET',
      `vandanlaeg/${h.id}/jupiter/klar`,
    );
    if (klar.klar && klar.indhold) {
      plant = { id: h.id, navn: h.navn, indhold: klar.indhold };
      break;
    }
  }
  expect(plant, 'a Jupiter-ready plant in the demo data').not.toBeNull();
  const foer = await api<{ historik: unknown[] }>(page, 'GET', `vandanlaeg/${plant!.id}/jupiter/status`);

  await openAlone(page, `/vandanlaeg/${plant!.id}/stamoplysninger`);
  const knap = tile(page).getByRole('button', { name: 'Indberet til Jupiter' });
  await expect(knap).toBeEnabled();
  await knap.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Indberet til Jupiter?' });
  const tekst = dialog.getByTestId('jupiter-spoergsmaal');
  await expect(tekst).toContainText(plant!.navn);
  const n = plant!.indhold;
  await expect(tekst).toContainText(`${n.boringer} ${n.boringer === 1 ? 'boring' : 'boringer'}`);
  await expect(tekst).toContainText(
    `${n.maengder} ${n.maengder === 1 ? 'godkendt mængdeperiode' : 'godkendte mængdeperioder'}`,
  );
  await expect(dialog.getByRole('button', { name: 'Indberet' })).toBeFocused();

  // Escape: nothing is sent; focus back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(knap).toBeFocused();
  await page.waitForTimeout(300);
  const efterFortryd = await api<{ historik: unknown[] }>(
    page,
    'GET',
    `vandanlaeg/${plant!.id}/jupiter/status`,
  );
  expect(efterFortryd.historik.length).toBe(foer.historik.length);

  // Enter on the focused confirm button sends; focus stays in the tile while and after it runs.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Indberet' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(tile(page).getByTestId('jupiter-seneste')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await api<{ historik: unknown[] }>(page, 'GET', `vandanlaeg/${plant!.id}/jupiter/status`)).historik
          .length,
    )
    .toBe(foer.historik.length + 1);
  await fokusIFeltet(page);
});

interface Bruger {
  id: number;
  username: string;
  navn: string;
  suspenderet: boolean;
  erDigSelv: boolean;
  roller: string[];
}
const DEMO = new Set([
  'admin',
  'kommuneadmin',
  'virksomhed',
  'landbrug',
  'vand',
  'affald',
  'oekonomi',
  'planlaegger',
  'laeser',
  'multi',
]);

test('Suspender asks with who and that their sessions end: Escape keeps them active, Enter suspends', async ({
  page,
}) => {
  await signIn(page, 'kommuneadmin');
  const brugere = await api<Bruger[]>(page, 'GET', 'brugeradmin/brugere');
  // A user no other test signs in as, so suspending them stops no one.
  const b = brugere.find(
    (x) => !DEMO.has(x.username) && !x.suspenderet && !x.erDigSelv && !x.roller.includes('KommuneAdmin'),
  );
  expect(b, 'a user to suspend').toBeTruthy();
  await openAlone(page, '/admin/BrugerAdministration');
  await tile(page).getByRole('row').filter({ hasText: b!.navn }).first().click();
  const detalje = tile(page).getByTestId('bruger-detalje');
  await expect(detalje.getByRole('heading', { name: b!.navn })).toBeVisible();

  const suspender = detalje.getByRole('button', { name: 'Suspender' });
  await suspender.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Suspender ${b!.navn}?` });
  await expect(dialog.getByTestId('suspender-spoergsmaal')).toContainText(
    `${b!.navn} (${b!.username}) suspenderes indtil du genaktiverer brugeren.`,
  );
  await expect(dialog.getByTestId('suspender-spoergsmaal')).toContainText(
    'sessioner i kommunen ophører med det samme',
  );
  await expect(dialog.getByRole('button', { name: 'Suspender' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(suspender).toBeFocused();
  const fortrudt = (await api<Bruger[]>(page, 'GET', 'brugeradmin/brugere')).find((x) => x.id === b!.id);
  expect(fortrudt!.suspenderet).toBe(false);

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Suspender' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(detalje.getByRole('button', { name: 'Genaktiver' })).toBeVisible();
  const suspenderet = (await api<Bruger[]>(page, 'GET', 'brugeradmin/brugere')).find((x) => x.id === b!.id);
  expect(suspenderet!.suspenderet).toBe(true);
  // The button that had focus is gone: focus stays in the tile, never on the page.
  await fokusIFeltet(page);

  // Back as it was (reactivating locks no one out and does not ask).
  await detalje.getByRole('button', { name: 'Genaktiver' }).click();
  await expect(detalje.getByRole('button', { name: 'Suspender' })).toBeVisible();
});
