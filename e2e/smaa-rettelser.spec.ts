import { expect, type Page, test } from './fixtures';
import { acceptCookiesHvisVist, openAlone, signIn, tokenOf } from './helpers';

/** Issue 30, 'Smaller': what a case worker trips over, each through the real interface. */

const tile = (page: Page) => page.getByTestId('tile');

async function api(page: Page) {
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    customerId: number;
  };
  return {
    kundeId: claims.customerId,
    get: async <T>(path: string): Promise<T> => (await page.request.get(`/api/${path}`, { headers })).json(),
  };
}

test('vand: a clicked notification is read', async ({ page }) => {
  await signIn(page, 'vand');
  await acceptCookiesHvisVist(page);
  const a = await api(page);
  const liste = await a.get<{ id: number; beskrivelse: string; laest: boolean }[]>('notification/list');
  const ulaest = liste.find((n) => !n.laest);
  expect(ulaest, 'the demo has an unread notification').toBeTruthy();
  const { ulaeste } = await a.get<{ ulaeste: number }>('notification/antal');

  const bell = page.getByTestId('notification-bell');
  await bell.click();
  const punkt = page.locator('.notification-list li').filter({ hasText: ulaest!.beskrivelse }).first();
  await expect(punkt).toContainText('Ulæst');
  await punkt.locator('.notification-item').click();

  await expect
    .poll(
      async () =>
        (await a.get<{ id: number; laest: boolean }[]>('notification/list')).find((n) => n.id === ulaest!.id)
          ?.laest,
    )
    .toBe(true);
  await expect
    .poll(async () => (await a.get<{ ulaeste: number }>('notification/antal')).ulaeste)
    .toBe(ulaeste - 1);
  await bell.click();
  await expect(
    page.locator('.notification-list li').filter({ hasText: ulaest!.beskrivelse }).first(),
  ).not.toContainText('Ulæst');
});

test('vand: an expired permit is marked in the water plant list', async ({ page }) => {
  await signIn(page, 'vand');
  await acceptCookiesHvisVist(page);
  const a = await api(page);
  const udloebet = await a.get<{ items: { anlaegsnavn: string; udloebsdato: string }[] }>(
    `Vandanlaeg/HentVandanlaegListe?kundeid=${a.kundeId}&take=1&filteredColumns=udloebet:true`,
  );
  const gyldig = await a.get<{ items: { anlaegsnavn: string; udloebsdato: string | null }[] }>(
    `Vandanlaeg/HentVandanlaegListe?kundeid=${a.kundeId}&take=50&filteredColumns=udloebet:false`,
  );
  const plant = udloebet.items[0];
  const iKraft = gyldig.items.find((p) => p.udloebsdato !== null);
  expect(plant, 'the demo has a plant whose permit has expired').toBeTruthy();
  expect(iKraft).toBeTruthy();

  await openAlone(page, '/vandanlaeg');
  const grid = page.getByRole('grid', { name: 'Vandanlæg' });
  const filter = tile(page).getByLabel('Filter');
  await filter.fill(plant!.anlaegsnavn);
  const raekke = grid.locator('tbody tr.dt-row').filter({ hasText: plant!.anlaegsnavn }).first();
  await expect(raekke).toContainText('Udløbet tilladelse');
  await filter.fill(iKraft!.anlaegsnavn);
  const anden = grid.locator('tbody tr.dt-row').filter({ hasText: iKraft!.anlaegsnavn }).first();
  await expect(anden).toBeVisible();
  await expect(anden).not.toContainText('Udløbet tilladelse');
});

test("planlaegger: a priority list reads the cursor row's reason whole", async ({ page }) => {
  await signIn(page, 'planlaegger');
  await acceptCookiesHvisVist(page);
  const a = await api(page);
  const perioder = await a.get<{ id: number; aar: number }[]>(
    `PlanlaegningsPeriode/planlaegningYears/${a.kundeId}`,
  );
  const nyeste = [...perioder].sort((x, y) => y.aar - x.aar)[0]!;
  await openAlone(page, `/planlaegningsperioder/${nyeste.id}/oversigt`);
  await expect(page.getByRole('button', { name: /Generér tilsynsplan/ })).toBeEnabled();
  await page.keyboard.press('Alt+Shift+g');
  const bekraeft = page.getByRole('button', { name: 'Generér', exact: true });
  if (await bekraeft.isVisible({ timeout: 2000 }).catch(() => false)) await bekraeft.click();
  await expect(page.getByTestId('plan-genereret')).toBeVisible();

  await tile(page).getByRole('link', { name: 'Kategori 2' }).click();
  const grid = page.getByRole('grid', { name: 'Prioriteringsliste kategori 2' });
  const foerste = grid.locator('tbody tr.dt-row').first();
  await foerste.click();
  const hel = page.getByTestId('begrundelse-hel');
  const celle = async (raekke: ReturnType<typeof grid.locator>) =>
    ((await raekke.locator('.plan-begrundelse').textContent()) ?? '').trim();
  const tekst = await celle(foerste);
  expect(tekst.length).toBeGreaterThan(20);
  await expect(hel).toContainText(tekst);
  // The keyboard reads the reason of the row it is on, whole.
  await page.keyboard.press('End');
  const sidste = grid.locator('tbody tr.dt-row').last();
  await expect(hel).toContainText(await celle(sidste));
});
