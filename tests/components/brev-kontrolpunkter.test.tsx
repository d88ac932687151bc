// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import VandTilsynView from '../../src/app/features/vandanlaeg/TilsynView';
import TilsynView from '../../src/app/features/virksomhed/TilsynView';
import type { Brev, DokumentSkabelon, TilsynKontrolpunkt } from '../../src/contract/dokumenter';
import { queryRows } from '../../src/server/db/client';
import { kontrolpunkt, kontrolpunktSkabelon } from '../../src/server/db/schema';
import { byggeDemoSkabelon } from '../../src/server/dokument/demo-skabelon';
import type { AppKald } from '../helpers/api-fetch';
import { koblDokumentFetch, nodeUint8Array } from '../helpers/dokument-fetch';
import { satServerTilFilen, somSatBrugerUdenPaneler } from '../helpers/sat-visning';
import { renderVisning, skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

/**
 * Control points and letters on a company's inspection, against the real server (seeded PGlite,
 * app.inject) as 'kommuneadmin': the points come from a template of the company's type, grouped by
 * subject; answers are saved together and hold the tile's unsaved-changes guard meanwhile; an answer
 * changed by someone else in between is a conflict shown above the points (the input stays); 'Dan
 * tilsynsrapport' makes a letter from the only active template, listed on the inspection.
 */

setupComponentTests();
configure({ asyncUtilTimeout: 8000 });

beforeAll(nodeUint8Array);
const s = satServerTilFilen('kommuneadmin', { timeout: 60_000 });
let kald: AppKald[];
let virksomhedId: number;
let tilsynId: number;
let tilsynTitel: string;
const SKABELON = 'Kontrol af autoværksted';

beforeAll(async () => {
  // An inspection of an ordinary company (type 1) of the customer.
  const [r] = await queryRows<{ id: number; virksomhed_id: number; titel: string }>(
    s.database.db,
    sql`select r.id, r.virksomhed_id, r.titel from registrering r join virksomhed v on v.id = r.virksomhed_id
        where r.kunde_id = ${s.kundeId} and r.art = 'tilsyn' and not r.slettet and v.type = 1 and not v.slettet
        order by r.id limit 1`,
  );
  if (!r) throw new Error('no inspection of a company');
  tilsynId = Number(r.id);
  virksomhedId = Number(r.virksomhed_id);
  tilsynTitel = r.titel;
  // A control-point template for companies: three points under two subjects.
  const emner = await queryRows<{ kode: string; navn: string }>(
    s.database.db,
    sql`select kode, navn from emne order by kode limit 2`,
  );
  expect(emner.length).toBe(2);
  const [sk] = await s.database.db
    .insert(kontrolpunktSkabelon)
    .values({ kundeId: s.kundeId, navn: SKABELON, virksomhedstype: 1 })
    .returning({ id: kontrolpunktSkabelon.id });
  await s.database.db.insert(kontrolpunkt).values([
    { skabelonId: sk!.id, emneKode: emner[0]!.kode, tekst: 'Olieudskiller tømt', sortering: 1 },
    { skabelonId: sk!.id, emneKode: emner[0]!.kode, tekst: 'Kvittering for tømning', sortering: 2 },
    { skabelonId: sk!.id, emneKode: emner[1]!.kode, tekst: 'Affald sorteret', sortering: 3 },
  ]);
  // A template for farms only: not offered for a company.
  await s.database.db
    .insert(kontrolpunktSkabelon)
    .values({ kundeId: s.kundeId, navn: 'Kvægbrug', virksomhedstype: 2 });
}, 60_000);
beforeEach(async () => {
  ({ kald } = await koblDokumentFetch(s, 'kommuneadmin'));
});

const vis = () =>
  renderVisning(
    TilsynView,
    'virksomhed-tilsyn',
    { id: String(virksomhedId), tilsynid: String(tilsynId) },
    somSatBrugerUdenPaneler(s, 'kommuneadmin'),
  );

const punkter = async () => {
  const r = await s.api<TilsynKontrolpunkt[]>(
    'GET',
    `Kontrolpunkt/templatedata/List/${s.kundeId}/${tilsynId}`,
  );
  expect(r.status).toBe(200);
  return r.body;
};
const punktRaekke = (sektion: HTMLElement, tekst: string) =>
  within(sektion).getByText(tekst).closest<HTMLElement>('li')!;

describe("an inspection's control points", () => {
  it('adds the points of a template of the company type, grouped by subject; answers save together', async () => {
    const t = await vis();
    const sektion = await screen.findByRole('region', { name: 'Kontrolpunkter' });
    // Shown with the inspection's form, not instead of it.
    expect(screen.getByRole('form', { name: 'Tilsyn' })).toBeTruthy();
    await within(sektion).findByText(/Tilsynet har ingen kontrolpunkter/);

    fireEvent.click(within(sektion).getByRole('button', { name: /Tilføj fra skabelon/ }));
    const modal = await screen.findByTestId('kontrolpunkt-skabelon-modal');
    await within(modal).findByRole('radio', { name: new RegExp(SKABELON) });
    expect(within(modal).queryByText('Kvægbrug')).toBeNull();
    // A template is chosen; its subjects and points show before adding.
    fireEvent.click(within(modal).getByRole('radio', { name: new RegExp(SKABELON) }));
    await within(modal).findByText('Kvittering for tømning');
    fireEvent.click(within(modal).getByRole('button', { name: 'Tilføj 3 kontrolpunkter' }));
    await waitFor(() => expect(screen.queryByTestId('kontrolpunkt-skabelon-modal')).toBeNull());
    await within(sektion).findByText('Olieudskiller tømt');
    expect(sektion.querySelectorAll('fieldset.kp-emne')).toHaveLength(2);
    expect((await punkter()).map((k) => k.resultat)).toEqual([null, null, null]);

    // An answer and a remark: unsaved, the tile is dirty.
    const olie = punktRaekke(sektion, 'Olieudskiller tømt');
    fireEvent.click(within(olie).getByRole('radio', { name: /Afvigelse/ }));
    fireEvent.change(within(olie).getByRole('textbox'), { target: { value: 'Ikke tømt siden 2024' } });
    fireEvent.click(within(punktRaekke(sektion, 'Affald sorteret')).getByRole('radio', { name: /I orden/ }));
    await waitFor(() => expect(t.dirty.at(-1)).toBe(true));
    expect(within(sektion).getByText('Ikke gemte ændringer (2)')).toBeTruthy();

    fireEvent.click(within(sektion).getByRole('button', { name: /Gem kontrolpunkter/ }));
    await waitFor(() => expect(t.dirty.at(-1)).toBe(false));
    const gemt = await punkter();
    const efter = Object.fromEntries(gemt.map((k) => [k.tekst, k]));
    expect(efter['Olieudskiller tømt']?.resultat).toBe('Afvigelse');
    expect(efter['Olieudskiller tømt']?.bemaerkning).toBe('Ikke tømt siden 2024');
    expect(efter['Affald sorteret']?.resultat).toBe('OK');
    expect(efter['Kvittering for tømning']?.resultat).toBeNull();
    expect(within(sektion).getByText('2 af 3 vurderet · 1 afvigelse')).toBeTruthy();
  });

  it("shows someone else's newer answer as a conflict and keeps the user's input", async () => {
    await vis();
    const sektion = await screen.findByRole('region', { name: 'Kontrolpunkter' });
    await within(sektion).findByText('Olieudskiller tømt');
    const olie = punktRaekke(sektion, 'Olieudskiller tømt');
    await waitFor(() =>
      expect((within(olie).getByRole('radio', { name: /Afvigelse/ }) as HTMLInputElement).checked).toBe(true),
    );

    // Someone else answers the same point meanwhile.
    const nu = (await punkter()).find((k) => k.tekst === 'Olieudskiller tømt')!;
    const andens = await s.api('PUT', `kontrolpunkt/tilsyn/${tilsynId}`, {
      punkter: [
        { kontrolpunktId: nu.kontrolpunktId, resultat: 'OK', bemaerkning: 'Tømt i går', version: nu.version },
      ],
    });
    expect(andens.status).toBe(200);

    fireEvent.click(within(olie).getByRole('radio', { name: /Ikke relevant/ }));
    fireEvent.click(within(sektion).getByRole('button', { name: /Gem kontrolpunkter/ }));
    const alert = await within(sektion).findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    expect(
      kald.some(
        (k) => k.method === 'PUT' && k.path === `kontrolpunkt/tilsyn/${tilsynId}` && k.status === 409,
      ),
    ).toBe(true);
    // The user's answer stays; the other's is not overwritten.
    expect((within(olie).getByRole('radio', { name: /Ikke relevant/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((await punkter()).find((k) => k.tekst === 'Olieudskiller tømt')?.resultat).toBe('OK');

    // 'Genindlæs' shows the newest answers.
    fireEvent.click(within(alert).getByRole('button', { name: 'Genindlæs' }));
    await waitFor(() =>
      expect(
        (
          within(punktRaekke(sektion, 'Olieudskiller tømt')).getByRole('radio', {
            name: /I orden/,
          }) as HTMLInputElement
        ).checked,
      ).toBe(true),
    );
    expect(within(sektion).queryByRole('alert')).toBeNull();
  });
});

describe("an inspection's letters", () => {
  it("'Dan tilsynsrapport' makes a letter from the only active template and lists it", async () => {
    // The customer's one active inspection-report template, uploaded through the API.
    const docx = byggeDemoSkabelon();
    const boundary = '----brevtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="dokumentType"\r\n\r\ntilsyn\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="navn"\r\n\r\nRapport\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="fil"; filename="rapport.docx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n',
      ),
      Buffer.from(docx),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'kommuneadmin', password: 'demo' },
    });
    const token = (JSON.parse(login.body) as { data: string }).data;
    const op = await s.app.inject({
      method: 'POST',
      url: `/api/dokumentskabelon/${s.kundeId}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(op.statusCode, op.body).toBe(201);
    const skabelon = JSON.parse(op.body) as DokumentSkabelon;
    // The customer's other inspection-report templates (the demo data's) are deactivated: this one is
    // the only active one, so the letter dialog chooses it.
    const andre = await s.api<DokumentSkabelon[]>(
      'GET',
      `dokumentskabelon/list/${s.kundeId}?dokumentType=tilsyn`,
    );
    for (const a of andre.body.filter((x) => x.aktiv && x.id !== skabelon.id)) {
      const r = await s.api('PUT', `dokumentskabelon/${a.id}`, {
        navn: a.navn,
        aktiv: false,
        version: a.version,
      });
      expect(r.status).toBe(200);
    }

    const t = await vis();
    const sektion = await screen.findByRole('region', { name: 'Breve' });
    await within(sektion).findByText('Der er ikke dannet breve fra tilsynet.');
    // A tile command with its shortcut, beside the form's and the control points' commands.
    await waitFor(() => expect(t.commands.at(-1)?.some((c) => c.id === 'dan-tilsynsrapport')).toBe(true));
    const kommando = t.commands.at(-1)!.find((c) => c.id === 'dan-tilsynsrapport')!;
    expect(kommando.shortcut).toBe('alt+shift+r');
    expect(t.commands.at(-1)!.some((c) => c.id === 'gem')).toBe(true);
    expect(t.commands.at(-1)!.some((c) => c.id === 'kontrolpunkter-tilfoej')).toBe(true);
    kommando.run();

    const modal = await screen.findByTestId('dan-brev-modal');
    const valg = (await within(modal).findByRole('radio', { name: /Rapport/ })) as HTMLInputElement;
    expect(valg.checked).toBe(true);
    fireEvent.click(within(modal).getByRole('button', { name: 'Dan brev' }));
    await waitFor(() => expect(screen.queryByTestId('dan-brev-modal')).toBeNull());
    const breve = await s.api<Brev[]>('GET', `brev/tilsyn/${tilsynId}`);
    expect(breve.body).toHaveLength(1);
    await within(sektion).findByText(breve.body[0]!.filnavn);
    expect(within(sektion).getByRole('button', { name: `Hent ${breve.body[0]!.filnavn}` })).toBeTruthy();
    expect(
      kald.some((k) => k.method === 'POST' && k.path === `brev/tilsyn/${tilsynId}` && k.status === 201),
    ).toBe(true);
    expect(skabelon.aktiv).toBe(true);
    expect(tilsynTitel).toBeTruthy();
  });
});

describe("a water plant inspection's letters", () => {
  it("offers the plant's report kind (VandTilsyn) and makes the letter on the plant's inspection", async () => {
    // 'admin' holds the water plant rights; the same server, the same customer.
    ({ kald } = await koblDokumentFetch(s, 'admin'));
    const [r] = await queryRows<{ id: number; virksomhed_id: number }>(
      s.database.db,
      sql`select r.id, r.virksomhed_id from registrering r
          where r.kunde_id = ${s.kundeId} and r.art = 'VandanlaegTilsyn' and not r.slettet order by r.id limit 1`,
    );
    if (!r) throw new Error('no water plant inspection');
    const liste = await s.api<DokumentSkabelon[]>(
      'GET',
      `dokumentskabelon/list/${s.kundeId}?dokumentType=VandTilsyn`,
    );
    expect(liste.status, JSON.stringify(liste.body)).toBe(200);
    const aktive = liste.body.filter((x) => x.aktiv);
    expect(aktive.length).toBeGreaterThan(0);
    await renderVisning(
      VandTilsynView,
      'vandanlaeg-tilsyn',
      { id: String(r.virksomhed_id), tilsynid: String(r.id) },
      {
        username: 'admin',
        user: { customerId: s.kundeId },
        brugerSettings: skjultePaneler({ activeKundeId: s.kundeId }),
      },
    );
    const sektion = await screen.findByRole('region', { name: 'Breve' });
    expect(await screen.findByRole('region', { name: 'Kontrolpunkter' })).toBeTruthy();
    fireEvent.click(within(sektion).getByRole('button', { name: /Dan tilsynsrapport/ }));
    const modal = await screen.findByTestId('dan-brev-modal');
    const valg = (await within(modal).findAllByRole('radio')) as HTMLInputElement[];
    // Only the plant's report kind is offered.
    expect(valg.length).toBeGreaterThanOrEqual(aktive.length);
    expect(kald.some((k) => k.path === `dokumentskabelon/list/${s.kundeId}?dokumentType=VandTilsyn`)).toBe(
      true,
    );
    fireEvent.click(valg[0]!);
    fireEvent.click(within(modal).getByRole('button', { name: 'Dan brev' }));
    await waitFor(() => expect(screen.queryByTestId('dan-brev-modal')).toBeNull());
    // (The test's own API user has no water plant right: the client's calls tell.)
    expect(
      kald.some((k) => k.method === 'POST' && k.path === `brev/tilsyn/${r.id}` && k.status === 201),
    ).toBe(true);
    await waitFor(() => expect(sektion.querySelectorAll('li[data-brev]').length).toBeGreaterThan(0));
    expect(within(sektion).getAllByRole('button', { name: /^Hent .+\.docx$/ }).length).toBeGreaterThan(0);
  });
});
