import { expect, type Page, test } from './fixtures';
import { acceptCookies, openAlone, signIn, tokenOf } from './helpers';

const tiles = (page: Page) => page.getByTestId('tile');

/**
 * The planning journey as `planlaegger`, by keyboard: open a planning year from the list, generate
 * the year's plan (Alt+Shift+G, confirmed), see the goal status per category, and open a planned
 * company beside the plan (Ctrl+Enter) after reading the reason the plan gives for it.
 */
test('planlaegger: generate the plan, see the reasons, open a planned company beside', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'planlaegger');
  await openAlone(page, '/planlaegningsperioder');
  await acceptCookies(page);

  // The year to plan: the newest period (the list is newest first); Enter opens its Tilsynsplan.
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const claims = JSON.parse(Buffer.from((await tokenOf(page)).split('.')[1]!, 'base64url').toString('utf8'));
  const perioder = (await (
    await page.request.get(`/api/PlanlaegningsPeriode/planlaegningYears/${claims.customerId}`, { headers })
  ).json()) as { id: number; aar: number }[];
  const nyeste = [...perioder].sort((a, b) => b.aar - a.aar)[0]!;
  const raekke = tiles(page)
    .locator('tbody tr')
    .filter({ hasText: String(nyeste.aar) })
    .first();
  await raekke.click();
  await page.keyboard.press('Enter');
  await expect(tiles(page)).toHaveAttribute(
    'data-path',
    new RegExp(`^/planlaegningsperioder/${nyeste.id}/oversigt`),
  );

  // Alt+Shift+G generates; a year that has a plan asks first.
  await expect(page.getByRole('button', { name: /Generér tilsynsplan/ })).toBeEnabled();
  await page.keyboard.press('Alt+Shift+g');
  const bekraeft = page.getByRole('button', { name: 'Generér', exact: true });
  if (await bekraeft.isVisible({ timeout: 2000 }).catch(() => false)) await bekraeft.click();
  await expect(page.getByTestId('plan-genereret')).toContainText(/^Genereret \d\d-\d\d-\d{4}/);
  for (const k of ['1a', '1b', '2']) await expect(page.getByTestId(`kategori-${k}`)).toBeVisible();
  // The two yearly goals: category 1 (1a + 1b together) and category 2.
  for (const m of ['1', '2']) await expect(page.getByTestId(`maal-${m}`)).toHaveText(/Nået|Mangler \d+/);

  // The first planned inspection: its reason is in words; Ctrl+Enter opens the company beside.
  const tabel = page.getByRole('grid', { name: 'Planlagte tilsyn' });
  const foerste = tabel.locator('tbody tr.dt-row').first();
  await expect(foerste).toBeVisible();
  const plan = (await (
    await page.request.get(
      `/api/planlaegning/${nyeste.id}/oversigt?take=1&sortByColumn=virksomhedsnavn&sortDirection=ASC`,
      { headers },
    )
  ).json()) as {
    planlagte: {
      items: { virksomhedId: number; virksomhedsnavn: string; begrundelse: string; type: string }[];
    };
  };
  const p = plan.planlagte.items[0]!;
  await expect(foerste).toContainText(p.virksomhedsnavn);
  await expect(foerste).toContainText(p.begrundelse.slice(0, 30));
  expect(p.begrundelse).toMatch(/basistilsyn|prioriteret/);
  await foerste.click();
  await page.keyboard.press('Control+Enter');
  await expect(tiles(page)).toHaveCount(2);
  const sti = p.type === 'landbrug' ? '/landbrug/' : '/virksomheder/';
  const beside = page.locator(`[data-testid="tile"][data-path^="${sti}${p.virksomhedId}/"]`);
  await expect(beside).toBeVisible();
  await expect(beside.getByRole('textbox', { name: /^Navn/ })).toHaveValue(p.virksomhedsnavn);
});
