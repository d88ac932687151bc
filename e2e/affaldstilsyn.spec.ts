import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { acceptCookies, escapeRe, openAlone, paletteSelect, signIn, tokenOf } from './helpers';

const tile = (page: Page) => page.getByTestId('tile');

/** Today in Denmark (the browser's time zone, not the test machine's) as the forms write it: DD-MM-YYYY. */
const iDag = () => {
  const dele = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Copenhagen',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const del = (type: string) => dele.find((d) => d.type === type)!.value;
  return `${del('day')}-${del('month')}-${del('year')}`;
};

/** The P-numbers of the sample list file (docs/eksempler/sat-liste.csv): Skive units the CVR simulator knows. */
function eksempelPNumre(): string[] {
  const tekst = readFileSync(new URL('../docs/eksempler/sat-liste.csv', import.meta.url), 'utf8');
  return [...tekst.matchAll(/^\s*(1\d{9})\s*;/gm)].map((m) => m[1]!);
}

/**
 * The SAT journey as `affald`, all by keyboard: create SAT companies of the period from the company
 * register (dry run, then create), open one, record a result with waste fractions toggled in the
 * grid, transfer it to the SAT simulator and see the transfer date; then find it in the palette by
 * its P-number.
 */
test('affald: SAT companies from CVR, a result with fractions by keyboard, transferred to SAT', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'affald');
  await openAlone(page, '/affaldstilsyn');
  await acceptCookies(page);
  const liste = page.getByTestId('liste-affaldstilsyn');
  await expect(liste.getByRole('combobox', { name: 'Tilsynsperiode' })).toBeVisible();
  await expect(liste.getByRole('searchbox', { name: 'Filter' })).toBeVisible();

  // Two P-numbers of the sample list that are not yet SAT companies of the chosen period: asked of
  // the server's own dry run, so a rerun on the same database picks others.
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const periodeId = await liste.getByRole('combobox', { name: 'Tilsynsperiode' }).inputValue();
  const proeve = await page.request.post(
    `/api/SATVirksomhed/OpretSATVirksomhederFraCVR?KundeId=${await kundeId(page)}&satTilsynsperiodeId=${periodeId}`,
    { headers, data: { linjer: eksempelPNumre().map((pNr) => ({ pNr })), proevekoersel: true } },
  );
  expect(proeve.ok(), `dry run: ${proeve.status()}`).toBe(true);
  const nye = ((await proeve.json()) as { nye: { pNr: string; navn: string }[] }).nye.slice(0, 2);
  expect(nye).toHaveLength(2);

  // 1. Alt+N: create from CVR; the dry run lists both as new; Ctrl+Enter creates them.
  await page.keyboard.press('Alt+n');
  const dialog = page.getByRole('dialog', { name: 'Opret SAT-virksomheder fra CVR' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('P-numre').fill(nye.map((n) => n.pNr).join('\n'));
  await page.keyboard.press('Control+Enter');
  const nyGruppe = dialog.getByRole('region', { name: 'Nye', exact: true });
  await expect(nyGruppe).toBeVisible();
  for (const n of nye) await expect(nyGruppe).toContainText(n.navn);
  await expect(dialog.getByRole('button', { name: 'Opret 2 SAT-virksomheder' })).toBeEnabled();
  await page.keyboard.press('Control+Enter');
  await expect(dialog.getByRole('button', { name: 'Luk' })).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();

  // 2. The list has them: filter on the first's P-number, open it with Enter.
  const [foerste] = nye;
  await liste.getByRole('searchbox', { name: 'Filter' }).fill(foerste!.pNr);
  const raekke = liste.locator('tbody tr.dt-row').filter({ hasText: foerste!.pNr });
  await expect(raekke).toHaveCount(1);
  await expect(raekke).toContainText('Udvalgt');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(tile(page)).toHaveAttribute('data-path', /^\/affaldstilsyn\/\d+\/affaldstilsyn$/);
  const satId = Number((await tile(page).getAttribute('data-path'))!.split('/')[2]);
  await expect(tile(page)).toContainText(foerste!.pNr);

  // 3. Alt+N: a new result; the result type, the performed date and fractions by keyboard; Ctrl+S.
  await expect(tile(page).getByRole('button', { name: 'Opret resultat' })).toBeVisible();
  await page.keyboard.press('Alt+n');
  const resultat = page.getByRole('form', { name: 'Resultat' });
  await expect(resultat).toBeVisible();
  const typer = (await (await page.request.get('/api/SATResultatType/lookup', { headers })).json()) as {
    navn: string;
  }[];
  await resultat.getByRole('combobox', { name: /^Resultattype/ }).selectOption({ label: typer[1]!.navn });
  await resultat.getByRole('textbox', { name: /^Udført dato/ }).fill(iDag());
  const grid = resultat.locator('.sat-fraktioner-grid');
  const foersteCelle = grid.getByRole('button', { name: 'Madaffald' });
  await foersteCelle.focus();
  await page.keyboard.press('Space'); // Madaffald
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space'); // Papir
  await page.keyboard.press('c'); // Pap, by its letter
  await expect(resultat.getByTestId('fraktioner-antal')).toContainText('3 af 18');
  await expect(grid.getByRole('button', { name: 'Pap', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Control+s');
  await expect(resultat.getByRole('button', { name: 'Gem', exact: true })).toBeVisible();

  const gemt = (await (await page.request.get(`/api/satvirksomhed/${satId}`, { headers })).json()) as {
    satResult: Record<string, unknown> | null;
  };
  expect(gemt.satResult?.affaldsfraktion_Madaffald).toBe(true);
  expect(gemt.satResult?.affaldsfraktion_Papir).toBe(true);
  expect(gemt.satResult?.affaldsfraktion_Pap).toBe(true);
  expect(gemt.satResult?.affaldsfraktion_Glas).toBe(false);

  // 4. Alt+Shift+S: transfer to the SAT simulator; the date shows, the header says Overført.
  const overfoersel = page.getByRole('region', { name: 'Overførsel til SAT' });
  await expect(overfoersel).toContainText('Ikke overført');
  await page.keyboard.press('Alt+Shift+s');
  await expect(overfoersel).toContainText(new RegExp(`Overført ${escapeRe(iDag())}`));
  await expect(tile(page)).toContainText('Overført');

  // 5. The palette finds the company by its P-number.
  await openAlone(page, '/affaldstilsyn');
  await paletteSelect(page, foerste!.pNr, new RegExp(escapeRe(foerste!.navn)));
  await page.keyboard.press('Enter');
  // (The same unit may be a SAT company of another period too: either is this P-number's.)
  await expect(tile(page)).toHaveAttribute('data-path', /^\/affaldstilsyn\/\d+\/affaldstilsyn$/);
  await expect(tile(page)).toContainText(`P-nr. ${foerste!.pNr}`);
});

/** The signed-in user's active customer (the token's customerId claim). */
async function kundeId(page: Page): Promise<number> {
  const claims = JSON.parse(Buffer.from((await tokenOf(page)).split('.')[1]!, 'base64url').toString('utf8'));
  return Number(claims.customerId);
}
