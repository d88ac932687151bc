import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import {
  byggeDemoSkabelon,
  DEMO_BOGMAERKER,
  DEMO_FLETTEFELTER,
  DEMO_TAGS,
} from '../src/server/dokument/demo-skabelon';
import { expect, type Page, test } from './fixtures';
import { acceptCookiesHvisVist, openAlone, signIn, tokenOf } from './helpers';

/**
 * Document templates and letters as 'kommuneadmin': upload a real .docx (built in code) on
 * /admin/dokumentskabeloner and see its bookmarks before saving; on a company's inspection add
 * control points from a template, answer one, make the inspection report from the uploaded template,
 * download it and read the filled values (company, inspection date, sender) out of the .docx.
 */

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name) });
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, name) });
}

/** The text of a .docx's body (word/document.xml without its markup). */
function docxTekst(bytes: Uint8Array): string {
  const filer = unzipSync(bytes);
  const xml = strFromU8(filer['word/document.xml']!);
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

test('as kommuneadmin: upload a template, control points on an inspection, a letter made, downloaded and read', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'kommuneadmin');
  await acceptCookiesHvisVist(page);
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const kundeId = Number(claims.customerId);

  // ------------------------------------------------------------------ the template
  const mappe = mkdtempSync(path.join(tmpdir(), 'dokumenter-'));
  const fil = path.join(mappe, 'Tilsynsrapport e2e.docx');
  // The demo template with one {tag} the letters do not know: flagged on upload, left as it is.
  writeFileSync(
    fil,
    byggeDemoSkabelon({
      bogmaerker: DEMO_BOGMAERKER,
      flettefelter: DEMO_FLETTEFELTER,
      tags: [...DEMO_TAGS, 'Ukendt_Felt'],
    }),
  );
  const navn = `Tilsynsrapport e2e ${Date.now() % 100000}`;

  await openAlone(page, '/admin/dokumentskabeloner');
  await expect(page.getByRole('grid', { name: 'Dokumentskabeloner' })).toBeVisible();
  await page.getByRole('grid', { name: 'Dokumentskabeloner' }).focus();
  await page.keyboard.press('Alt+n');
  const modal = page.getByTestId('dokument-upload-modal');
  await expect(modal).toBeVisible();
  await modal.getByLabel('Dokumenttype').selectOption('tilsyn');
  await modal.locator('input[type="file"]').setInputFiles(fil);
  // The scan lists the template's bookmarks, merge fields and {tags}, and a preview.
  const felter = modal.locator('table.dok-felter tbody tr');
  await expect(felter.first()).toBeVisible();
  expect(await felter.count()).toBeGreaterThan(2);
  await expect(modal.getByRole('region', { name: 'Forhåndsvisning' })).toBeVisible();
  await expect(modal.getByText('Bogmærke').first()).toBeVisible();
  const flag = modal.locator('tr.flag[data-felt-navn="Ukendt_Felt"]');
  await expect(flag).toBeVisible();
  await expect(flag.getByText('Kendt', { exact: true })).toHaveCount(0);
  await screenshot(page, 'dokument-upload-1440x900.png');
  await modal.getByRole('textbox', { name: /Navn/ }).fill(navn);
  await modal.getByRole('button', { name: 'Gem skabelon' }).click();
  await expect(modal).toHaveCount(0);
  const detalje = page.getByRole('region', { name: `Skabelon ${navn}` });
  await expect(detalje).toBeVisible();
  await expect(detalje.locator('table.dok-felter tbody tr').first()).toBeVisible();
  await screenshot(page, 'dokumentskabeloner-1440x900.png');
  // Other active inspection templates (from earlier runs) are deactivated so the letter's choice is clear.
  const skabeloner = (await (
    await page.request.get(`/api/dokumentskabelon/list/${kundeId}?dokumentType=tilsyn`, { headers })
  ).json()) as { id: number; navn: string; aktiv: boolean; version: number }[];
  for (const s of skabeloner.filter((x) => x.aktiv && x.navn !== navn)) {
    const r = await page.request.put(`/api/dokumentskabelon/${s.id}`, {
      headers,
      data: { navn: s.navn, aktiv: false, version: s.version },
    });
    expect(r.status()).toBe(200);
  }

  // ------------------------------------------------------------------ the inspection
  const liste = await page.request.get(
    `/api/virksomhed/list?kundeId=${kundeId}&start=0&take=40&virksomhedsType=1&sortByColumn=navn&sortDirection=ASC`,
    { headers },
  );
  const firmaer = (await liste.json()).items as { id: number; navn: string; ophoertDato: string | null }[];
  let valgt: { id: number; navn: string; tilsyn: { id: number; dato: string | null; titel: string } } | null =
    null;
  for (const v of firmaer.filter((i) => !i.ophoertDato)) {
    const tilsyn = (await (await page.request.get(`/api/virksomhed/${v.id}/tilsyn`, { headers })).json()) as {
      id: number;
      dato: string | null;
      titel: string;
    }[];
    const t = tilsyn.find((x) => x.dato);
    if (t) {
      valgt = { id: v.id, navn: v.navn, tilsyn: t };
      break;
    }
  }
  if (!valgt) throw new Error('no company with a dated inspection');
  await openAlone(page, `/virksomheder/${valgt.id}/tilsyn/${valgt.tilsyn.id}`);
  await expect(page.getByRole('form', { name: 'Tilsyn' })).toBeVisible();
  const kp = page.getByRole('region', { name: 'Kontrolpunkter' });
  await expect(kp).toBeVisible();

  // Control points from a template of the company's type.
  await kp.getByRole('button', { name: /Tilføj fra skabelon/ }).click();
  const kpModal = page.getByTestId('kontrolpunkt-skabelon-modal');
  await expect(kpModal).toBeVisible();
  await kpModal.getByRole('radio').first().check();
  await expect(kpModal.getByRole('button', { name: /^Tilføj \d+ kontrolpunkter$/ })).toBeEnabled();
  await kpModal.getByRole('button', { name: /^Tilføj \d+ kontrolpunkter$/ }).click();
  await expect(kpModal).toHaveCount(0);
  const foerste = kp.locator('li.kp-punkt').first();
  await expect(foerste).toBeVisible();
  await foerste.getByRole('radio', { name: /Afvigelse/ }).check();
  await foerste.getByRole('textbox').fill('Konstateret ved e2e-tilsyn');
  await page.keyboard.press('Alt+Shift+g');
  await expect(kp.getByText(/Ikke gemte ændringer/)).toHaveCount(0);
  await screenshot(page, 'tilsyn-kontrolpunkter-1440x900.png');

  // The letter: Alt+Shift+R, the only active template is chosen, 'Dan brev'.
  await page.keyboard.press('Alt+Shift+r');
  const brevModal = page.getByTestId('dan-brev-modal');
  await expect(brevModal).toBeVisible();
  await expect(brevModal.getByRole('radio', { name: new RegExp(navn) })).toBeChecked();
  await brevModal.getByRole('button', { name: 'Dan brev' }).click();
  await expect(brevModal).toHaveCount(0);
  const breve = page.getByRole('region', { name: 'Breve' });
  const hent = breve.getByRole('button', { name: /^Hent / }).first();
  await expect(hent).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), hent.click()]);
  const sti = await download.path();
  const tekst = docxTekst(new Uint8Array(readFileSync(sti!)));
  expect(tekst).toContain(valgt.navn);
  expect(tekst).toContain(ddmmyyyy(valgt.tilsyn.dato!));
  const afsendere = (await (
    await page.request.get('/api/admin/administrativeoplysninger', { headers })
  ).json()) as {
    afsender: string;
    standard: boolean;
  }[];
  const standard = afsendere.find((a) => a.standard);
  if (standard) expect(tekst).toContain(standard.afsender);

  // The workspace is saved per user: close the tile (Alt+W) so later journeys start clean.
  await page.getByRole('form', { name: 'Tilsyn' }).getByRole('textbox').first().focus();
  await page.keyboard.press('Alt+w');
  await expect(page.locator('[data-testid="tile"][data-path^="/virksomheder"]')).toHaveCount(0);
});
