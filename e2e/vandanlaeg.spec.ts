import { expect, type Locator, type Page, test } from './fixtures';
import { acceptCookies, escapeRe, openAlone, paletteSelect, signIn, tokenOf } from './helpers';

const pathname = (page: Page) => new URL(page.url()).pathname;
const focusedTile = (page: Page) => page.locator('[data-testid="tile"].focused');
const tileAt = (page: Page, path: string) => page.locator(`[data-testid="tile"][data-path="${path}"]`);
const tabsOf = (tile: Locator) => tile.getByRole('navigation', { name: 'Faner' });

interface Plant {
  id: number;
  navn: string;
  /** A DGU number of one of its boreholes as stored, e.g. '38.770'. */
  dgu: string;
  /** The latest plant-level period and its end reading. */
  seneste: {
    naesteStartdato: string;
    naesteSlutdato: string;
    maalerstandSlut: number | null;
  };
}

/** '38.770' as Jupiter prints it: the atlas sheet right-aligned in 3, a dot, the number in 5 (' 38.  770'). */
const polstret = (dgu: string) => {
  const [blad, nr] = dgu.split('.');
  return `${blad!.trim().padStart(3)}.${nr!.trim().padStart(5)}`;
};

/** A number as a Danish user types it: '12.345,5'. */
const dansk = (n: number) => {
  const [heltal, decimaler] = (Math.round(n * 100) / 100).toString().split('.');
  const grupperet = heltal!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return decimaler ? `${grupperet},${decimaler}` : grupperet;
};

/** 'YYYY-MM-DD' as the tabs show it: 'DD-MM-YYYY'. */
const dkDato = (iso: string) => iso.split('-').reverse().join('-');

/**
 * A water plant of the signed-in user's customer with a borehole whose padded DGU number the search
 * finds (the plant first), and quarterly plant-level quantities. The same plant for every user of
 * the customer: the first that fits, by name.
 */
async function findPlant(page: Page): Promise<Plant> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const get = async (url: string) => {
    const r = await page.request.get(url, { headers });
    expect(r.ok(), `${url}: ${r.status()}`).toBe(true);
    return r.json();
  };
  const hits = (await get(`/api/soeg?tekst=${encodeURIComponent('Vandværk')}&antal=50`)).resultater as {
    id: number;
    type: string;
    navn: string;
  }[];
  const plants = hits.filter((h) => h.type === 'vandanlaeg').sort((a, b) => a.id - b.id);
  for (const p of plants) {
    const boringer = (await get(`/api/Boring/list/${p.id}`)) as { dguNr: string }[];
    const b = boringer.find((x) => /^\s*\d+\.\s*\d+\s*$/.test(x.dguNr));
    if (!b) continue;
    const seneste = await get(`/api/OppumpedeVandmaengder/SenesteOppumpedeMaengdeInfo?virksomhedId=${p.id}`);
    if (!seneste) continue;
    const maaneder =
      (Number(seneste.naesteSlutdato.slice(0, 4)) - Number(seneste.naesteStartdato.slice(0, 4))) * 12 +
      Number(seneste.naesteSlutdato.slice(5, 7)) -
      Number(seneste.naesteStartdato.slice(5, 7));
    if (maaneder !== 2) continue;
    const fundet = (await get(`/api/soeg?tekst=${encodeURIComponent(polstret(b.dguNr).trim())}`))
      .resultater as { id: number }[];
    if (fundet[0]?.id !== p.id) continue;
    return { id: p.id, navn: p.navn, dgu: b.dguNr.trim(), seneste };
  }
  throw new Error('no water plant with a findable borehole and quarterly quantities');
}

test('as vand: open a plant by DGU number, add a borehole, report a quarter, approve it in the queue and see Godkendt on the plant', async ({
  page,
}) => {
  await signIn(page, 'vand');
  await openAlone(page, '/');
  await acceptCookies(page);
  const plant = await findPlant(page);
  const stam = `/vandanlaeg/${plant.id}/stamoplysninger`;

  // 1. Ctrl+K and the DGU number as Jupiter prints it (' 38.  770'): the plant, Enter opens it.
  await paletteSelect(page, polstret(plant.dgu), new RegExp(escapeRe(plant.navn)));
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe(stam);
  const tile = tileAt(page, stam);
  await expect(tile.getByRole('textbox', { name: /^Anlægsnavn/ })).toHaveValue(plant.navn);
  await expect(tile.getByText('Kun læseadgang', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/work/scratch/vand-stam.png' });

  // 2. Alt+PageDown: the next tab, 'Boring / indtag'. A new borehole with one intake.
  await page.keyboard.press('Alt+PageDown');
  await expect.poll(() => pathname(page)).toBe(`/vandanlaeg/${plant.id}/indtag`);
  const indtag = focusedTile(page);
  const boringer = indtag.getByRole('grid', { name: 'Boringer' });
  await expect(boringer.getByText(plant.dgu, { exact: true })).toBeVisible();
  const blad = plant.dgu.split('.')[0]!;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const brugte = new Set(
    (
      (await (await page.request.get(`/api/Boring/list/${plant.id}`, { headers })).json()) as {
        dguNr: string;
      }[]
    ).map((b) => b.dguNr.replace(/\s+/g, '')),
  );
  let nr = 4000 + (Date.now() % 5000);
  while (brugte.has(`${blad}.${nr}`)) nr++;
  const nyDgu = `${blad}.${nr}`;

  await indtag.getByRole('button', { name: 'Ny boring' }).click();
  const boringForm = indtag.getByRole('form', { name: 'Boring' });
  await expect(indtag.getByRole('heading', { name: 'Ny boring' })).toBeVisible();
  const dguFelt = boringForm.getByRole('textbox', { name: /^DGU-nr\./ });
  await dguFelt.focus();
  await page.keyboard.type(nyDgu);
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E-boring');
  await boringForm.getByRole('textbox', { name: /^Dybde/ }).fill('42,5');
  await expect(boringForm.getByRole('textbox', { name: 'Indtagsnr., række 1' })).toHaveValue('1');
  await boringForm.getByRole('textbox', { name: 'Filtertop, række 1' }).fill('30,25');
  await boringForm.getByRole('textbox', { name: 'Filterbund, række 1' }).fill('38,75');
  await page.keyboard.press('Enter');
  // Saved: its id is in the path, it is in the list with its intake.
  await expect.poll(() => pathname(page)).toMatch(new RegExp(`^/vandanlaeg/${plant.id}/indtag/\\d+$`));
  const boringId = Number(/\/indtag\/(\d+)$/.exec(pathname(page))![1]);
  const gemt = (
    (await (await page.request.get(`/api/Boring/list/${plant.id}`, { headers })).json()) as {
      id: number;
      dguNr: string;
      dybde: number | null;
      indtag: { indtagsnr: number; filterTop: number | null; filterBund: number | null }[];
    }[]
  ).find((b) => b.dguNr === nyDgu);
  expect(gemt).toMatchObject({
    id: boringId,
    dybde: 42.5,
    indtag: [{ indtagsnr: 1, filterTop: 30.25, filterBund: 38.75 }],
  });
  const raekke = boringer.getByRole('row').filter({ hasText: nyDgu });
  await expect(raekke).toHaveCount(1);
  await expect(raekke).toContainText('E2E-boring');
  await expect(indtag.getByRole('heading', { name: `Boring ${nyDgu}` })).toBeVisible();
  await expect(indtag.getByRole('heading', { name: 'Indtag 1' })).toBeVisible();

  // 3. 'Mængder': a new period prefilled with the next quarter after the latest one.
  const maengder = `/vandanlaeg/${plant.id}/maengder`;
  await tabsOf(indtag).getByRole('link', { name: 'Mængder', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe(maengder);
  const mt = tileAt(page, maengder);
  const periode = `${dkDato(plant.seneste.naesteStartdato)} – ${dkDato(plant.seneste.naesteSlutdato)}`;
  const liste = mt.getByRole('grid', { name: 'Oppumpede vandmængder' });
  await expect(liste.getByRole('row').nth(1)).toBeVisible();
  await expect(liste.getByRole('row').filter({ hasText: periode })).toHaveCount(0);
  await mt.getByRole('button', { name: 'Ny periode' }).click();
  const form = mt.getByRole('form', { name: 'Oppumpet vandmængde' });
  await expect(form.getByRole('textbox', { name: /^Startdato/ })).toHaveValue(
    dkDato(plant.seneste.naesteStartdato),
  );
  await expect(form.getByRole('textbox', { name: /^Slutdato/ })).toHaveValue(
    dkDato(plant.seneste.naesteSlutdato),
  );

  // Meter readings in Danish format; the computed quantity follows while typing.
  const start = plant.seneste.maalerstandSlut ?? 100_000;
  const slut = start + 12_345.5;
  const startFelt = form.getByRole('textbox', { name: /^Målerstand start/ });
  await startFelt.fill(dansk(start));
  const slutFelt = form.getByRole('textbox', { name: /^Målerstand slut/ });
  await slutFelt.focus();
  await page.keyboard.type(dansk(slut));
  await expect(form.getByRole('textbox', { name: /^Omregningsfaktor/ })).not.toHaveValue('');
  const faktorTekst = await form.getByRole('textbox', { name: /^Omregningsfaktor/ }).inputValue();
  const faktor = Number(faktorTekst.replace(/\./g, '').replace(',', '.'));
  const oppumpet = Math.round(12_345.5 * faktor * 100) / 100;
  await expect(form.getByText(/^Oppumpet:/)).toContainText(dansk(oppumpet).split(',')[0]!);

  // Exactly two supply lines: the prefilled ones are removed, two are added by keyboard.
  const arter = form.getByRole('combobox', { name: /^Forsyningsart, linje/ });
  while ((await arter.count()) > 0) await form.getByRole('button', { name: 'Fjern linje 1' }).click();
  const muligeArter = (await form
    .page()
    .request.get('/api/MWVandanlaegLookUp/list/jupiterforsyningsart', { headers })
    .then((r) => r.json())) as {
    navn: string;
    aktiv: boolean;
  }[];
  const [art1, art2] = muligeArter.filter((a) => a.aktiv).map((a) => a.navn);
  expect(art2).toBeTruthy();
  const linjer: [string, number][] = [
    [art1!, Math.round(oppumpet * 0.6)],
    [art2!, Math.round(oppumpet * 0.25 * 10) / 10],
  ];
  for (const [i, [art, maengde]] of linjer.entries()) {
    await form.getByRole('button', { name: 'Tilføj forsyningslinje' }).click();
    const select = form.getByRole('combobox', { name: `Forsyningsart, linje ${i + 1}` });
    await expect(select).toBeFocused();
    await select.selectOption({ label: art });
    await page.keyboard.press('Tab');
    await page.keyboard.type(dansk(maengde));
    await page.keyboard.press('Tab');
    await page.keyboard.type(String(10 * (i + 1)));
  }
  const leveret = linjer[0]![1] + linjer[1]![1];
  await expect(form.getByText(/^Samlet leveret:/)).toContainText(dansk(leveret).split(',')[0]!);
  // Enter in a field saves.
  await slutFelt.focus();
  await page.keyboard.press('Enter');
  const raekkeMaengde = liste.getByRole('row').filter({ hasText: periode });
  await expect(raekkeMaengde).toHaveCount(1);
  await expect(raekkeMaengde).toContainText('Afventer');
  await expect(mt.getByRole('heading', { name: `Periode ${periode}` })).toBeVisible();
  await expect(form).toContainText('Validering: Afventer');
  // The saved lines as the server holds them.
  const gemte = (
    (await (await page.request.get(`/api/OppumpedeVandmaengder/list/${plant.id}`, { headers })).json()) as {
      id: number;
      startdato: string;
      maalerstandSlut: number;
      status: number;
      forsyning: { maengde: number }[];
    }[]
  ).filter((m) => m.startdato === plant.seneste.naesteStartdato);
  expect(gemte).toHaveLength(1);
  expect(gemte[0]!.maalerstandSlut).toBeCloseTo(slut, 2);
  expect(gemte[0]!.forsyning.map((l) => l.maengde).sort((a, b) => a - b)).toEqual(
    linjer.map(([, m]) => m).sort((a, b) => a - b),
  );
  await expect(form.getByRole('combobox', { name: /^Forsyningsart, linje/ })).toHaveCount(2);
  await form.getByRole('group', { name: 'Forsyning' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/work/scratch/vand-maengder.png' });

  // Nothing below reloads the page: a mark on the window survives only without a reload.
  await page.evaluate(() => {
    (window as unknown as { e2eIngenGenindlaesning: boolean }).e2eIngenGenindlaesning = true;
  });

  // 4. The plant-level queue beside (Ctrl+K, Ctrl+Enter); filter on the plant, approve by keyboard.
  await paletteSelect(page, 'Oppumpede mængder, anlæg', /Oppumpede mængder, anlæg/);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('tile')).toHaveCount(2);
  const koe = tileAt(page, '/validering/oppumpedemaengeranlaeg');
  await expect(focusedTile(page)).toHaveAttribute('data-path', '/validering/oppumpedemaengeranlaeg');
  await expect(koe.getByTestId('koe-status')).toContainText('afventer');
  await koe.getByTestId('table-valideringOppumpetAnlaeg').getByRole('searchbox', { name: 'Filter' }).focus();
  await page.keyboard.type(plant.navn);
  const post = koe.locator('.vl-tabel tbody tr.dt-row').filter({ hasText: periode });
  await expect(post).toHaveCount(1);
  await expect(koe.locator('.vl-tabel tbody tr.dt-row').filter({ hasNotText: plant.navn })).toHaveCount(0);
  // ArrowDown from the filter to the table; Home, then j to the entry.
  await page.keyboard.press('ArrowDown');
  await expect(koe.locator('table[role="grid"]').first()).toBeFocused();
  await page.keyboard.press('Home');
  const index = await koe
    .locator('.vl-tabel tbody tr.dt-row')
    .evaluateAll((trs, p) => trs.findIndex((tr) => (tr.textContent ?? '').includes(p)), periode);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < index; i++) await page.keyboard.press('j');
  await expect(post).toHaveClass(/cursor/);
  // g approves the entry under the cursor at once (one entry: no question).
  await page.keyboard.press('g');
  await expect(koe.getByTestId('koe-besked')).toContainText('1 mængde godkendt');
  await expect(post).toHaveCount(0);

  // 5. The plant's maengder tab beside shows the decision, without a reload.
  const efter = tileAt(page, maengder).getByRole('grid', { name: 'Oppumpede vandmængder' });
  const godkendt = efter.getByRole('row').filter({ hasText: periode });
  await expect(godkendt).toContainText('Godkendt');
  await expect(godkendt).toContainText('Vera Vandløb');
  await expect(tileAt(page, maengder).getByRole('form', { name: 'Oppumpet vandmængde' })).toContainText(
    'Validering: Godkendt',
  );
  expect(
    await page.evaluate(
      () => (window as unknown as { e2eIngenGenindlaesning?: boolean }).e2eIngenGenindlaesning === true,
    ),
  ).toBe(true);
});

test('as laeser: the plant is read-only on stamoplysninger and maengder', async ({ page }) => {
  await signIn(page, 'laeser');
  await openAlone(page, '/');
  const plant = await findPlant(page);

  const stam = `/vandanlaeg/${plant.id}/stamoplysninger`;
  await openAlone(page, stam);
  const tile = tileAt(page, stam);
  await expect(tile.getByRole('textbox', { name: /^Anlægsnavn/ })).toHaveValue(plant.navn);
  await expect(tile.getByText('Kun læseadgang', { exact: true })).toBeVisible();
  await expect(tile.getByRole('textbox', { name: /^Anlægsnavn/ })).toBeDisabled();
  await expect(tile.getByRole('button', { name: 'Gem', exact: true })).toHaveCount(0);
  // Every field of the form is read-only.
  const stamForm = tile.getByRole('form', { name: 'Stamoplysninger' });
  const aabne = await stamForm
    .locator('input:not([type="hidden"]), select, textarea')
    .evaluateAll((els) =>
      els
        .filter((e) => !(e as HTMLInputElement).disabled && !(e as HTMLInputElement).readOnly)
        .map((e) => (e as HTMLInputElement).name || e.id),
    );
  expect(aabne).toEqual([]);

  const maengder = `/vandanlaeg/${plant.id}/maengder`;
  await tabsOf(tile).getByRole('link', { name: 'Mængder', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe(maengder);
  const mt = tileAt(page, maengder);
  await expect(mt.getByText('Kun læseadgang', { exact: true })).toBeVisible();
  const liste = mt.getByRole('grid', { name: 'Oppumpede vandmængder' });
  await expect(liste.getByRole('row').nth(1)).toBeVisible();
  await expect(mt.getByRole('button', { name: 'Ny periode' })).toHaveCount(0);
  // The newest period opens read-only: no save or delete, every field disabled.
  // The cursor is on the newest row and the grid holds focus before Enter (a refetch of the list,
  // e.g. after the previous test's approval, may redraw the grid under the first key: press again).
  await expect(async () => {
    await liste.focus();
    await page.keyboard.press('Home');
    await expect(liste.getByRole('row').nth(1)).toHaveClass(/\bcursor\b/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(liste).toBeFocused();
  await page.keyboard.press('Enter');
  const form = mt.getByRole('form', { name: 'Oppumpet vandmængde' });
  await expect(form.getByRole('textbox', { name: /^Målerstand slut/ })).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Gem', exact: true })).toHaveCount(0);
  await expect(form.getByRole('button', { name: /Slet/ })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Tilføj forsyningslinje' })).toHaveCount(0);
  const aabneMaengde = await form
    .locator('input:not([type="hidden"]), select, textarea')
    .evaluateAll((els) =>
      els
        .filter((e) => !(e as HTMLInputElement).disabled && !(e as HTMLInputElement).readOnly)
        .map((e) => (e as HTMLInputElement).name || e.id),
    );
  expect(aabneMaengde).toEqual([]);
  // The palette offers no 'Ny periode' command to a reader.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Ny periode');
  await expect(page.getByRole('option', { name: /Ny periode/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
});
