import { expect, type Page, test } from './fixtures';
import { acceptCookies, escapeRe, openAlone, paletteSelect, signIn, tokenOf } from './helpers';

/**
 * Issue 9, item 1: a form never shows or saves another record's data. In one tile: company A from
 * the palette, then company B, then A again; the form shows A, and a save changes A only.
 */

const pathname = (page: Page) => new URL(page.url()).pathname;

interface Firma {
  id: number;
  navn: string;
  soeg: string;
}
interface Detalje {
  version: number;
  basis: { navn: string; cvrNr: string | null; pNr: string | null; bemaerkning: string | null };
  lokalitet: { matrikler: unknown[]; bygningerOgAnlaeg: unknown[] };
}

async function api(page: Page) {
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  return {
    kundeId: claims.customerId as string,
    get: async (url: string) => (await page.request.get(`/api${url}`, { headers })).json(),
  };
}

/** Two active companies with matrikler and CVR whose names the palette finds first. */
async function toFirmaer(page: Page): Promise<[Firma, Firma]> {
  const a = await api(page);
  const list = await a.get(
    `/virksomhed/list?kundeId=${a.kundeId}&start=0&take=80&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
  );
  const found: Firma[] = [];
  for (const v of list.items as { id: number; navn: string; ophoertDato: string | null }[]) {
    if (v.ophoertDato) continue;
    const d = (await a.get(`/virksomhed/${v.id}`)) as Detalje;
    if (d.lokalitet.matrikler.length === 0 || !d.basis.cvrNr) continue;
    const soeg = v.navn.slice(0, Math.max(8, v.navn.length - 4));
    const hits = (await a.get(`/soeg?tekst=${encodeURIComponent(soeg)}`)).resultater as { id: number }[];
    if (hits[0]?.id === v.id) found.push({ id: v.id, navn: v.navn, soeg });
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error('not two companies with distinctive names');
}

/** Ctrl+K, part of the name, the arrows to the company, Enter: it opens in the focused tile. */
async function openFromPalette(page: Page, f: Firma) {
  await paletteSelect(page, f.soeg, new RegExp(escapeRe(f.navn)));
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe(`/virksomheder/${f.id}/stamoplysninger`);
}

test('one tile, company A then B then A: the form shows A, and saving changes A only', async ({ page }) => {
  await signIn(page, 'virksomhed');
  await openAlone(page, '/');
  await acceptCookies(page);
  const [A, B] = await toFirmaer(page);
  const a = await api(page);
  const foerA = (await a.get(`/virksomhed/${A.id}`)) as Detalje;
  const foerB = (await a.get(`/virksomhed/${B.id}`)) as Detalje;

  const navn = page.getByRole('textbox', { name: 'Navn', exact: true });
  const cvr = page.getByRole('textbox', { name: 'CVR-nummer' });
  for (const f of [A, B, A]) {
    await openFromPalette(page, f);
    await expect(page.getByTestId('tile')).toHaveCount(1);
    await expect(page.locator('.tile-title')).toHaveText(`${f.navn} · Stamoplysninger`);
    const d = f === A ? foerA : foerB;
    await expect(navn).toHaveValue(d.basis.navn);
    await expect(cvr).toHaveValue(d.basis.cvrNr ?? '');
  }

  // Edit A by keyboard and save with Ctrl+S.
  const note = `Kontrolleret ${Date.now() % 100000}`;
  const bemaerkning = page.getByRole('textbox', { name: 'Bemærkning', exact: true });
  await bemaerkning.fill(note);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Stamoplysningerne er gemt')).toBeVisible();

  const efterA = (await a.get(`/virksomhed/${A.id}`)) as Detalje;
  const efterB = (await a.get(`/virksomhed/${B.id}`)) as Detalje;
  expect(efterA.basis.bemaerkning).toBe(note);
  expect(efterA.basis.navn).toBe(foerA.basis.navn);
  expect(efterA.basis.cvrNr).toBe(foerA.basis.cvrNr);
  expect(efterA.basis.pNr).toBe(foerA.basis.pNr);
  expect(efterA.lokalitet.matrikler).toEqual(foerA.lokalitet.matrikler);
  expect(efterA.lokalitet.bygningerOgAnlaeg).toEqual(foerA.lokalitet.bygningerOgAnlaeg);
  // B is exactly as it was.
  expect(efterB).toEqual(foerB);
});
