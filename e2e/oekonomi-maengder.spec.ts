import { expect, test } from './fixtures';
import { acceptCookies, openAlone, signIn, tokenOf } from './helpers';

/**
 * Issue 33, the field kinds for money and per cent in a real browser: a fee type's rate typed the
 * Danish way is read as exact øre (the hint says so while typing), written back as kroner when the
 * field is left, and saved as øre; text that is not an amount stays in the field with the Danish
 * message. A year's share is typed as per cent and saved as basis points.
 */
test('oekonomi: kroner and per cent typed the Danish way are saved as exact øre and basis points', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'oekonomi');
  await openAlone(page, '/fakturering/gebyrtyper');
  await acceptCookies(page);
  const tile = page.getByTestId('tile');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const navn = `E2E-sats ${Date.now()}`;

  await tile.getByRole('button', { name: 'Ny gebyrtype' }).click();
  const ny = tile.getByRole('form', { name: 'Ny gebyrtype' });
  await ny.getByRole('textbox', { name: /^Navn/ }).fill(navn);
  const sats = ny.getByRole('textbox', { name: /^Sats pr\. time/ });
  await sats.fill('1234,5');
  await expect(ny.getByText('= 1.234,50 kr.')).toBeVisible();
  // While the cursor is in the field the text stays as typed; leaving it writes the amount as kroner.
  await expect(sats).toHaveValue('1234,5');
  await sats.press('Tab');
  await expect(sats).toHaveValue('1.234,50');
  await ny.getByRole('button', { name: 'Gem', exact: true }).click();

  const form = tile.getByRole('form', { name: `Gebyrtype ${navn}` });
  await expect(form).toBeVisible();
  const typer: { navn: string; satsOere: number }[] = await (
    await page.request.get('/api/fakturering/gebyrtyper', { headers })
  ).json();
  expect(typer.find((g) => g.navn === navn)?.satsOere).toBe(123_450);

  // Three decimals are no amount: the text stays and the field says why; nothing is saved.
  const gemt = form.getByRole('textbox', { name: /^Sats pr\. time/ });
  await gemt.fill('12,345');
  await gemt.press('Tab');
  await expect(gemt).toHaveValue('12,345');
  await form.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(form.getByText('Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50')).toBeVisible();

  // A year's share: '57,5' per cent is 5750 basis points. The year's rates are put back afterwards,
  // so the specs after this one find the seeded figures.
  type Satser = {
    aar: number;
    timesatsOere: number;
    fremmedAndelBp: number;
    husdyrGodkendelseAndelBp: number;
    kilde: string | null;
    version: number;
  };
  const hentSatser = async (): Promise<Satser[]> =>
    (await page.request.get('/api/fakturering/satser', { headers })).json();
  const foer = (await hentSatser()).find((a) => a.aar === 2026)!;
  await form.getByRole('button', { name: /Fortryd/ }).click();
  await tile.getByRole('grid', { name: 'Satser pr. år' }).getByText('2026', { exact: true }).click();
  const aar = tile.getByRole('form', { name: 'Satser for 2026' });
  const andel = aar.getByRole('textbox', { name: /^Andel for fremmede ydelser/ });
  await andel.fill('57,5');
  await andel.press('Tab');
  await expect(andel).toHaveValue('57,50');
  await aar.getByRole('button', { name: 'Gem satser for 2026' }).click();
  await expect.poll(async () => (await hentSatser()).find((a) => a.aar === 2026)?.fremmedAndelBp).toBe(5750);

  const efter = (await hentSatser()).find((a) => a.aar === 2026)!;
  const tilbage = await page.request.put('/api/fakturering/satser/2026', {
    headers,
    data: {
      timesatsOere: foer.timesatsOere,
      fremmedAndelBp: foer.fremmedAndelBp,
      husdyrGodkendelseAndelBp: foer.husdyrGodkendelseAndelBp,
      kilde: foer.kilde,
      version: efter.version,
    },
  });
  expect(tilbage.status()).toBe(200);
});
