import { SHORT_TOKEN_PORT } from '../playwright.config';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

test('vand sees the notification bell but no Systemadministration', async ({ page }) => {
  await signIn(page, 'vand');
  const bell = page.getByRole('button', { name: /notifikationer/i });
  await expect(bell).toBeVisible();
  await bell.click();
  // Jupiter notifications link to their pages.
  await expect(page.getByRole('link', { name: /jupiter/i }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Brugermenu for vand' }).click();
  await expect(page.getByRole('menuitem', { name: 'Indstillinger' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Systemadministration' })).toHaveCount(0);
});

test('admin sees Systemadministration and reaches the customer modules', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Brugermenu for admin' }).click();
  await page.getByRole('menuitem', { name: 'Systemadministration' }).click();
  await expect(page).toHaveURL(/\/systemadmin\/kundemoduler/);
  await expect(page.getByRole('cell', { name: 'Jammerbugt Kommune' })).toBeVisible();
});

test('laeser has no bell and is refused /admin', async ({ page }) => {
  await signIn(page, 'laeser');
  await expect(page.getByRole('button', { name: /notifikationer/i })).toHaveCount(0);
  await page.goto('/admin');
  await page.waitForURL('**/ingenadgang');
  await expect(page.getByRole('heading', { name: 'Ingen adgang' })).toBeVisible();
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await signIn(page, 'vand');
  await page.goto('/nothing-here');
  await page.waitForURL('**/404');
  await expect(page.getByRole('heading', { name: 'Siden findes ikke' })).toBeVisible();
});

test('multi switches customer and lands on home in the other customer', async ({ page }) => {
  await signIn(page, 'multi');
  await expect(page).toHaveTitle('Miljøtilsyn - Skive Kommune');
  await page.getByRole('button', { name: /Skive Kommune/ }).click();
  await page.getByRole('menuitemradio', { name: /Herning Kommune/ }).click();
  await expect(page.getByTestId('active-kunde')).toHaveText('Herning Kommune');
  await expect(page).toHaveTitle('Miljøtilsyn - Herning Kommune');
  expect(new URL(page.url()).pathname).toBe('/');
});

test('a server error and a refused call open the right modals', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/systemadmin/kundemoduler');
  await page.getByRole('button', { name: 'Serverfejl (500)' }).click();
  const error = page.getByRole('dialog');
  await expect(error).toContainText(/Fejl - \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
  await expect(error).toContainText(
    'Der opstod en uventet fejl, prøv igen. Kontakt support hvis problemet fortsætter.',
  );
  // A system admin also gets the technical detail.
  await expect(error.getByText('Vis stacktrace')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Manglende rettighed (403)' }).click();
  const forbidden = page.getByRole('dialog');
  await expect(forbidden).toContainText('Der er ikke de fornødne rettigheder til denne handling.');
  await expect(forbidden.getByText('Afprøvning af manglende rettighed', { exact: true })).toBeVisible();
  await expect(forbidden.getByText('Kræver rettigheden EKSEMPEL', { exact: true })).toBeVisible();
});

test('an expired token brings the user back to the page they asked for after signing in again', async ({
  page,
}) => {
  const base = `http://localhost:${SHORT_TOKEN_PORT}`;
  await signIn(page, 'vand', base);
  await page.goto(`${base}/vandanlaeg`);
  await expect(page.getByTestId('tile').first()).toBeVisible();
  const asked = new URL(page.url()).pathname;
  // Let the token expire (its own exp claim has passed), then make the application call the API.
  const exp = await page.evaluate(() => {
    const token = localStorage.getItem('usertoken') ?? '';
    const part = token.split('.')[1] ?? '';
    return Number(JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))).exp);
  });
  expect(exp).toBeGreaterThan(0);
  await expect.poll(() => Date.now() / 1000 > exp + 1, { timeout: 30_000, intervals: [500] }).toBe(true);
  await page.getByRole('button', { name: /notifikationer/i }).click();
  await page.waitForURL('**/logout');
  await expect(page.getByRole('heading', { name: 'Du er logget ud' })).toBeVisible();
  await page.goto(`${base}/sso/`);
  await page.getByRole('button', { name: 'vand', exact: true }).click();
  await page.waitForURL((url) => url.pathname === asked);
  await expect(page.getByTestId('active-user')).toHaveText('vand');
});
