import { MAENGDER } from '../src/contract/format';
import { expect, test } from './fixtures';
import { acceptCookiesHvisVist, efterladEnFlise, openAlone, signIn, tokenOf } from './helpers';

/**
 * Issue 33, the economic follow-up on the generic record list and form, by keyboard in a real
 * browser: the period goes into the address, Alt+N opens a new row, Alt+U fills it with the figures
 * the system computes (a change like typing: 'Ikke gemte ændringer'), Ctrl+S saves it on the
 * specification's path, and 'Slet' asks first.
 */
test('oekonomi: a follow-up row filled with the system’s figures by Alt+U, saved by Ctrl+S, deleted after a question', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'oekonomi');
  await acceptCookiesHvisVist(page);
  await openAlone(page, '/fakturering/opfoelgningoekonomi');
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/fakturering\/opfoelgningoekonomi\/\d+$/);
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const kundeId = Number(
    JSON.parse(Buffer.from((await tokenOf(page)).split('.')[1]!, 'base64url').toString('utf8')).customerId,
  );

  // A period whose planned hours the system knows (so a fill that does nothing would be seen),
  // chosen with Alt+P: the address follows.
  type Tal = { planlagteTimerHalve: number; faktureretBeloebOere: number };
  const perioder: { id: number }[] = await (
    await page.request.get(`/api/PlanlaegningsPeriode/planlaegningYears/${kundeId}`, { headers })
  ).json();
  const medTal = await Promise.all(
    perioder.map(async (p) => ({
      id: p.id,
      tal: (await (
        await page.request.get(`/api/fakturering/opfoelgning/${p.id}`, { headers })
      ).json()) as Tal,
    })),
  );
  const { id: periodeId, tal } = medTal.find((m) => m.tal.planlagteTimerHalve > 0)!;
  const tile = page.getByTestId('tile');
  await page.keyboard.press('Alt+p');
  const vaelger = tile.getByRole('combobox', { name: 'Planlægningsperiode' });
  await expect(vaelger).toBeFocused();
  await vaelger.selectOption(String(periodeId));
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/fakturering/opfoelgningoekonomi/${periodeId}`);

  await expect(tile.getByTestId('oekonomi-beregnet')).toBeVisible();
  await expect(tile.getByRole('grid', { name: 'Opfølgningens rækker' })).toBeVisible();
  await page.keyboard.press('Alt+n');
  const ny = tile.getByRole('form', { name: 'Ny opfølgningsrække' });
  await expect(ny).toBeVisible();
  const tekst = `E2E-opfølgning ${Date.now()}`;
  await ny.getByRole('textbox', { name: /^Tekst/ }).fill(tekst);
  await expect(ny.getByRole('textbox', { name: /^Planlagte timer/ })).toHaveValue('0');
  await page.keyboard.press('Alt+u');
  // Half hours as the field writes hours ('1.954', '12,5').
  await expect(ny.getByRole('textbox', { name: /^Planlagte timer/ })).toHaveValue(
    MAENGDER.timer.felt(tal.planlagteTimerHalve / 2),
  );
  await expect(ny.getByText('Ikke gemte ændringer')).toBeVisible();
  await page.keyboard.press('Control+s');

  const form = tile.getByRole('form', { name: `Opfølgning ${tekst}` });
  await expect(form).toBeVisible();
  await expect(form.getByText('Ikke gemte ændringer')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/opfoelgning-oekonomi.png' });
  type Raekke = { id: number; tekst: string; planlagteTimer: number; faktureretBeloebOere: number };
  const raekker = async (): Promise<Raekke[]> =>
    (
      await page.request.get(`/api/aarsplanlaegning/opfoelgningOekonomiData/list/${periodeId}`, { headers })
    ).json();
  expect((await raekker()).find((r) => r.tekst === tekst)).toMatchObject({
    planlagteTimer: tal.planlagteTimerHalve / 2,
    faktureretBeloebOere: tal.faktureretBeloebOere,
  });

  await form.getByRole('button', { name: 'Slet' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Opfølgningsrækken '${tekst}' slettes.`);
  await dialog.getByRole('button', { name: 'Slet' }).click();
  await expect.poll(async () => (await raekker()).some((r) => r.tekst === tekst)).toBe(false);
  await efterladEnFlise(page);
});
