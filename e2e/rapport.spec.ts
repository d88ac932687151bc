import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { expect, test } from './fixtures';
import { acceptCookies, openAlone, signIn, tokenOf } from './helpers';

/**
 * The report journey as `vand`, by keyboard: open 'Oppumpet vand', filter it to two years and one
 * plant (Alt+F), choose the columns (Alt+K), export XLSX (Alt+E) and read the file back, then open
 * the tile's link in a fresh browser context and see the same report.
 */
test('vand: filter a report, choose columns, export XLSX, and share the link', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'vand');
  await openAlone(page, '/rapport/vandoppumpet');
  await acceptCookies(page);
  const grid = page.getByRole('grid', { name: 'Oppumpet vand' });
  await expect(grid.locator('tbody tr.dt-row').first()).toBeVisible();
  // A time series: the chart is drawn beside the table.
  await expect(page.getByTestId('rapport-graf').locator('canvas')).toBeVisible();

  // A plant with pumped quantities in its two latest years.
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const grupper = (await (
    await page.request.get(
      '/api/rapport/vandoppumpet?kolonner=anlaegsnavn,aarstal,antal&sortByColumn=aarstal&sortDirection=DESC&take=500',
      {
        headers,
      },
    )
  ).json()) as { items: { anlaegsnavn: string; aarstal: number; antal: number }[] };
  const [nyeste] = grupper.items;
  const aar = nyeste!.aarstal;
  const plant = nyeste!.anlaegsnavn;

  // Alt+F: the year range (between), then again for the plant (contains).
  await page.keyboard.press('Alt+f');
  let dialog = page.getByTestId('rapport-filter-modal');
  await dialog.getByLabel('Tilgængelige filtre').selectOption('aarstal');
  await dialog.getByLabel('Betingelse').selectOption('between');
  await dialog.getByLabel('Fra').fill(String(aar - 1));
  await dialog.getByLabel('Til', { exact: true }).fill(String(aar));
  await dialog.getByRole('button', { name: 'Anvend filter' }).click();
  await expect(page.getByRole('button', { name: `Årstal: ${aar - 1}–${aar}`, exact: true })).toBeVisible();

  await page.keyboard.press('Alt+f');
  dialog = page.getByTestId('rapport-filter-modal');
  await dialog.getByLabel('Tilgængelige filtre').selectOption('anlaegsnavn');
  await dialog.getByLabel('Værdi').fill(plant);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('button', { name: `Anlægsnavn indeholder »${plant}«`, exact: true }),
  ).toBeVisible();

  // Alt+K: add 'Måned' and move it up beside the year; 'Antal' groups the rows.
  await page.keyboard.press('Alt+k');
  const kolonner = page.getByTestId('rapport-kolonne-modal');
  await kolonner.getByRole('checkbox', { name: /Måned/ }).check();
  await kolonner.getByRole('button', { name: 'Flyt Måned op' }).click();
  await kolonner.getByRole('button', { name: 'Flyt Måned op' }).click();
  // The grouped rows come from a new query: wait for it, so the rows counted are the new ones.
  const nyeRaekker = page.waitForResponse(
    (r) => r.url().includes('/api/rapport/vandoppumpet') && r.url().includes('maaned') && r.ok(),
  );
  await kolonner.getByRole('button', { name: 'Anvend' }).click();
  await nyeRaekker;
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Årstal',
    'Anlægsnavn',
    'Måned',
    'Oppumpet i alt (m³)',
    'Antal',
  ]);
  const rows = grid.locator('tbody tr.dt-row');
  await expect(rows.first()).toContainText(plant);
  const antalRaekker = await rows.count();
  expect(antalRaekker).toBeGreaterThan(0);

  // The whole view is in the URL.
  const sti = new URL(page.url());
  expect(sti.pathname).toBe('/rapport/vandoppumpet');
  expect(sti.searchParams.get('kolonner')).toBe('aarstal,anlaegsnavn,maaned,totalVandmaengdeOppumpet,antal');
  expect(sti.searchParams.get('filter')).toContain(`aarstal:between(${aar - 1}|${aar})`);

  // Alt+E: export XLSX; the file holds the filters above the table and real number cells.
  await page.keyboard.press('Alt+e');
  const eksport = page.getByTestId('rapport-eksport-modal');
  const download = page.waitForEvent('download');
  await eksport.getByRole('button', { name: 'Eksportér' }).click();
  const fil = await download;
  expect(fil.suggestedFilename()).toMatch(/^Oppumpet vand \d{4}-\d{2}-\d{2}\.xlsx$/);
  const ark = (await readSheet(readFileSync((await fil.path())!))) as unknown[][];
  expect(ark[0]![0]).toBe('Oppumpet vand');
  expect(String(ark.find((r) => String(r[0]).startsWith('Filtre:'))?.[0])).toContain(
    `Årstal: ${aar - 1}–${aar}`,
  );
  const hoved = ark.findIndex((r) => r[0] === 'Årstal');
  expect(ark[hoved]).toEqual(['Årstal', 'Anlægsnavn', 'Måned', 'Oppumpet i alt (m³)', 'Antal']);
  const data = ark.slice(hoved + 1);
  expect(data.length).toBe(antalRaekker);
  for (const r of data) {
    expect(typeof r[0]).toBe('number');
    expect(r[1]).toBe(plant);
    expect(typeof r[3]).toBe('number');
  }

  // The link in a fresh browser (another session): the same report, filters and columns.
  const link = page.url();
  const andet = await browser.newContext();
  const side = await andet.newPage();
  await signIn(side, 'vand');
  await side.goto(link);
  const grid2 = side.getByRole('grid', { name: 'Oppumpet vand' });
  await expect(grid2.getByRole('columnheader')).toHaveText([
    'Årstal',
    'Anlægsnavn',
    'Måned',
    'Oppumpet i alt (m³)',
    'Antal',
  ]);
  await expect(side.getByRole('button', { name: `Årstal: ${aar - 1}–${aar}`, exact: true })).toBeVisible();
  await expect(grid2.locator('tbody tr.dt-row')).toHaveCount(antalRaekker);
  await andet.close();

  // The user's workspace is saved and comes back at the next sign-in: close the report (Alt+W), so
  // later journeys as `vand` start on the home page.
  await page.locator('[data-testid="tile"] [role="grid"]').first().click();
  await page.keyboard.press('Alt+w');
  await expect(page.locator('[data-testid="tile"][data-path^="/rapport"]')).toHaveCount(0);
  await expect
    .poll(async () => {
      const r = await page.request.get('/api/Bruger/HentOpsaetning', { headers });
      return String(JSON.parse((await r.json()).opsaetning).workspaceLayout ?? '');
    })
    .not.toContain('/rapport');
});
