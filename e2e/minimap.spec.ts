import { expect, type Page, test } from './fixtures';
import { acceptCookies, openAlone, signIn, tokenOf } from './helpers';

/**
 * Map links (issue 15): as `kommuneadmin`, the 'Test' of a link shows the URL built for a real water
 * plant's coordinate (x and y substituted, the bbox encoded) and opens it in a new window; as `vand`,
 * a water plant's tile shows the small local map (a canvas, the coordinate as text, + zooms) with the
 * customer's links beside it. Each journey closes its tiles at the end (the workspace is saved).
 */

async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(`/api/${path}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(r.ok(), `${path}: ${r.status()}`).toBe(true);
  return r.json() as Promise<T>;
}

/** Closes every tile: closing the last one leaves the home tile. */
async function lukFliser(page: Page) {
  const fliser = page.getByTestId('tile');
  for (let i = 0; i < 10; i++) {
    if ((await fliser.count()) === 1 && (await fliser.first().getAttribute('data-path')) === '/') return;
    await page
      .getByRole('button', { name: /^Luk felt/ })
      .first()
      .click();
  }
  await expect(fliser).toHaveCount(1);
  await expect(fliser.first()).toHaveAttribute('data-path', '/');
}

interface Kobling {
  id: number;
  visningssted: string;
  navn: string;
  url: string;
  aktiv: boolean;
}

/** The active customer's id, from the token's customerId claim. */
async function kundeIdAf(page: Page): Promise<number> {
  const token = await tokenOf(page);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    customerId: string;
  };
  return Number(claims.customerId);
}

/** A coordinate as a link carries it: metres with at most 2 decimals. */
const iUrl = (n: number) => String(Math.round(n * 100) / 100);

test('kommuneadmin: Test builds the link for a real plant, shows it and opens it', async ({
  page,
  context,
}) => {
  await signIn(page, 'kommuneadmin');
  const kundeId = await kundeIdAf(page);
  await openAlone(page, '/admin/minimapkoblinger');
  await acceptCookies(page);
  const tile = page.getByTestId('tile');
  const grid = tile.getByRole('grid', { name: 'Minimapkoblinger' });
  await expect(grid.getByText('Skive Kommunes kort').first()).toBeVisible();

  const links = await api<Kobling[]>(page, `minimaps/minimapurl/${kundeId}`);
  const kort = links.find((l) => l.visningssted === 'vandanlaeg' && l.url.includes('{x}'))!;
  const plants = await api<{ id: number; navn: string; x: number; y: number }[]>(
    page,
    'minimaps/proevepunkter?visningssted=vandanlaeg',
  );
  const plant = plants[0]!;

  await openAlone(page, `/admin/minimapkoblinger/${kort.id}`);
  const form = tile.getByRole('form', { name: `Minimapkobling ${kort.navn}` });
  await expect(form.getByRole('textbox', { name: /^URL-skabelon/ })).toHaveValue(kort.url);
  await expect(form.getByRole('combobox', { name: 'Prøv på' })).toHaveValue(String(plant.id));

  const forventet = kort.url
    .replace('{x}', iUrl(plant.x))
    .replace('{y}', iUrl(plant.y))
    .replace('{zoom}', '12');
  const vist = form.getByTestId('minimap-test-url');
  await expect(vist).toHaveText(forventet);
  expect(forventet).not.toMatch(/\{|\}/);
  await page.screenshot({ path: '/work/scratch/minimap-admin.png' });

  // The outside map is never reached from here: the new window gets a stand-in page.
  await context.route(/^https:\/\/kort\.skive\.dk\//, (r) =>
    r.fulfill({ contentType: 'text/html', body: '<title>Kort</title><p>Kort</p>' }),
  );
  const [ny] = await Promise.all([
    context.waitForEvent('page'),
    form.getByRole('button', { name: 'Test', exact: true }).click(),
  ]);
  await ny.waitForLoadState();
  expect(ny.url()).toBe(forventet);
  await ny.close();

  // A template with {bbox}, typed (not saved): the square around the plant, its commas encoded.
  const url = form.getByRole('textbox', { name: /^URL-skabelon/ });
  await url.fill('https://kort.skive.dk/wms?bbox={bbox}&navn=æ ø');
  await expect(vist).toContainText('mellemrum');
  await url.fill('https://kort.skive.dk/wms?bbox={bbox}');
  const bbox = [plant.x - 250, plant.y - 250, plant.x + 250, plant.y + 250].map(iUrl).join('%2C');
  await expect(vist).toHaveText(`https://kort.skive.dk/wms?bbox=${bbox}`);
  await form.getByRole('button', { name: 'Fortryd ændringer' }).click();
  await expect(url).toHaveValue(kort.url);

  await lukFliser(page);
});

test('vand: a water plant tile shows the small map, its coordinate and the links', async ({ page }) => {
  const udefra: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname !== 'localhost') udefra.push(r.url());
  });
  await signIn(page, 'vand');
  await openAlone(page, '/');
  await acceptCookies(page);
  const kundeId = await kundeIdAf(page);
  const hits = (
    await api<{ resultater: { id: number; type: string; navn: string }[] }>(
      page,
      `soeg?tekst=${encodeURIComponent('Vandværk')}&antal=50`,
    )
  ).resultater.filter((h) => h.type === 'vandanlaeg');
  let plant: { id: number; x: number; y: number } | undefined;
  for (const h of hits.sort((a, b) => a.id - b.id)) {
    const p = await api<{ koordinat: { x: number; y: number } | null }>(page, `Vandanlaeg/${h.id}`);
    if (p.koordinat && p.koordinat.x > 445_058 && p.koordinat.y > 6_066_492) {
      plant = { id: h.id, ...p.koordinat };
      break;
    }
  }
  expect(plant, 'a water plant with a coordinate').toBeDefined();
  const links = await api<Kobling[]>(page, `minimaps/forvisningssted/${kundeId}?visningssted=vandanlaeg`);

  await openAlone(page, `/vandanlaeg/${plant!.id}/stamoplysninger`);
  const kort = page.getByTestId('minikort');
  await kort.scrollIntoViewIfNeeded();
  await expect(kort.locator('canvas').first()).toBeAttached();
  const fmt = (n: number) => new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 }).format(n);
  await expect(kort.getByTestId('minikort-koordinat')).toHaveText(
    `x ${fmt(plant!.x)} · y ${fmt(plant!.y)} (EPSG:25832)`,
  );
  for (const l of links) {
    const a = kort.getByRole('link', { name: `Åbn i ${l.navn}` });
    await expect(a).toHaveAttribute('target', '_blank');
    if (l.url.includes('{x}'))
      await expect(a).toHaveAttribute('href', new RegExp(`x=${iUrl(plant!.x)}&y=${iUrl(plant!.y)}`));
  }

  // + on the focused map zooms in: the grid gets finer.
  const gitter = kort.getByTestId('minikort-gitter');
  await expect(gitter).toHaveText('Gitter 200 m');
  await kort.getByTestId('minikort-ol').focus();
  await page.keyboard.press('+');
  await expect(gitter).toHaveText('Gitter 100 m');
  await page.keyboard.press('-');
  await expect(gitter).toHaveText('Gitter 200 m');
  await page.screenshot({ path: '/work/scratch/minimap-vand.png' });

  // No tile server: every request of the page went to this server.
  expect(udefra).toEqual([]);
  await lukFliser(page);
});

test('virksomhed: a company tile shows the small map with the company links', async ({ page }) => {
  await signIn(page, 'virksomhed');
  await openAlone(page, '/');
  await acceptCookies(page);
  const kundeId = await kundeIdAf(page);
  const liste = await api<{ items: { id: number }[] }>(
    page,
    `virksomhed/list?kundeId=${kundeId}&start=0&take=40&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
  );
  let firma: { id: number; x: number; y: number } | undefined;
  for (const i of liste.items) {
    const v = await api<{ lokalitet: { x: number | null; y: number | null } }>(page, `virksomhed/${i.id}`);
    if (v.lokalitet.x !== null && v.lokalitet.y !== null && v.lokalitet.x > 445_058) {
      firma = { id: i.id, x: v.lokalitet.x, y: v.lokalitet.y };
      break;
    }
  }
  expect(firma, 'a company with a coordinate').toBeDefined();
  const links = await api<Kobling[]>(page, `minimaps/forvisningssted/${kundeId}?visningssted=virksomhed`);
  expect(links.length).toBeGreaterThan(0);

  await openAlone(page, `/virksomheder/${firma!.id}/stamoplysninger`);
  const kort = page.getByTestId('minikort');
  await kort.scrollIntoViewIfNeeded();
  await expect(kort.locator('canvas').first()).toBeAttached();
  for (const l of links)
    await expect(kort.getByRole('link', { name: `Åbn i ${l.navn}` })).toHaveAttribute(
      'href',
      new RegExp(`x=${iUrl(firma!.x)}&y=${iUrl(firma!.y)}`),
    );
  await page.screenshot({ path: '/work/scratch/minimap-virksomhed.png' });
  await lukFliser(page);
});
