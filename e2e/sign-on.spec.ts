import { expect, test } from './fixtures';

test('sign-on journey: /login waits, goes to the sign-on page, and lands on home signed in', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByText('Du sendes videre til fælleslogin')).toBeVisible();
  // After 3000 ms without a token the browser is sent to the sign-on service.
  await page.waitForURL(/\/sso\/?$/, { timeout: 8000 });
  await expect(page.getByRole('heading', { name: 'Fælleslogin' })).toBeVisible();

  await page.getByLabel('Brugernavn').fill('vand');
  await page.getByLabel('Adgangskode').fill('demo');
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();

  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Velkommen, vand' })).toBeVisible();
  await expect(page.getByTestId('active-kunde')).toHaveText('Skive Kommune');
  await expect(page).toHaveTitle('Miljøtilsyn - Skive Kommune');
});

test('a wrong password stays on the sign-on page with a Danish message', async ({ page }) => {
  await page.goto('/sso/');
  await page.getByLabel('Brugernavn').fill('vand');
  await page.getByLabel('Adgangskode').fill('forkert');
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Forkert brugernavn eller adgangskode');
});

test('an unknown sign-on id leads to /stserror with the server text', async ({ page }) => {
  await page.goto('/stslogin?userid=findes-ikke');
  await page.waitForURL('**/stserror');
  await expect(page.getByRole('alert')).toContainText('Log-ind-id er ukendt');
});

test('a protected path without a token goes to /login', async ({ page }) => {
  await page.goto('/virksomheder');
  await page.waitForURL('**/login');
});
