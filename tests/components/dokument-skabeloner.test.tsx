// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import DokumentskabelonerView from '../../src/app/features/admin/DokumentskabelonerView';
import {
  type Bookmark,
  type DokumentSkabelon,
  SKABELON_IKKE_DOCX,
  SKABELON_STOERRELSE_FEJL,
} from '../../src/contract/dokumenter';
import { byggeDemoSkabelon } from '../../src/server/dokument/demo-skabelon';
import type { AppKald } from '../helpers/api-fetch';
import { koblDokumentFetch, nodeUint8Array } from '../helpers/dokument-fetch';
import { satServerTilFilen, somSatBrugerUdenPaneler } from '../helpers/sat-visning';
import { renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

/**
 * The document templates screen against the real server (seeded PGlite, app.inject) as the demo user
 * 'kommuneadmin': the upload modal scans a real .docx and lists every name with unknown names and
 * duplicates flagged in words, shows the preview with sample data, saves; the server's refusal of a
 * file that is no Word document shows in the modal; a stale deactivation shows the conflict.
 */

setupComponentTests();
configure({ asyncUtilTimeout: 8000 });

beforeAll(nodeUint8Array);
const s = satServerTilFilen('kommuneadmin', { timeout: 60_000 });
let kald: AppKald[];
/** Two names the letters know (the demo template's): one used once, one twice. */
let kendt: Bookmark;
let dublet: Bookmark;
beforeAll(async () => {
  const bm = await s.api<Bookmark[]>('GET', 'TilsynRapport/hentbookmarks?dokumentType=tilsyn');
  expect(bm.status).toBe(200);
  kendt = bm.body.find((b) => b.navn === 'Tilsyn_Dato')!;
  dublet = bm.body.find((b) => b.navn === 'Virksomhed_Navn')!;
  expect(kendt && dublet).toBeTruthy();
}, 60_000);
beforeEach(async () => {
  ({ kald } = await koblDokumentFetch(s, 'kommuneadmin'));
});

const vis = () =>
  renderVisning(
    DokumentskabelonerView,
    'admin-dokumentskabeloner',
    {},
    somSatBrugerUdenPaneler(s, 'kommuneadmin'),
  );

const docxFil = (navn: string, bytes: Uint8Array) =>
  new File([new Uint8Array(bytes)], navn, {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

async function aabnUpload() {
  fireEvent.click((await screen.findAllByRole('button', { name: /Læg skabelon op/ }))[0]!);
  return screen.findByTestId('dokument-upload-modal');
}
const vaelgFil = (modal: HTMLElement, fil: File) =>
  fireEvent.change(modal.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [fil] },
  });

describe('the document templates screen', () => {
  it('scans an upload: lists every name with unknown and duplicate names flagged, previews, saves', async () => {
    const t = await vis();
    await waitFor(() =>
      expect(
        kald.some((k) => k.path.startsWith(`dokumentskabelon/list/${s.kundeId}`) && k.status === 200),
      ).toBe(true),
    );
    const modal = await aabnUpload();
    // The first bookmark is repeated in upper case (names are case-insensitive): a duplicate.
    const docx = byggeDemoSkabelon({
      bogmaerker: [dublet.navn, kendt.navn],
      flettefelter: ['UkendtFlettefelt'],
      tags: ['UkendtTag'],
      dubletter: true,
    });
    vaelgFil(modal, docxFil('Min rapport.docx', docx));

    // The scan: each name in its row, the unknown ones flagged with an icon and words.
    const tabel = await within(modal).findByRole('table');
    const raekke = (navn: string) => tabel.querySelector<HTMLElement>(`tr[data-felt-navn="${navn}"]`)!;
    expect(raekke(kendt.navn)).toBeTruthy();
    expect(within(raekke(kendt.navn)).getByText('Kendt')).toBeTruthy();
    expect(within(raekke(kendt.navn)).getByText('Bogmærke')).toBeTruthy();
    for (const ukendt of ['UkendtFlettefelt', 'UkendtTag']) {
      const r = raekke(ukendt);
      expect(r, ukendt).toBeTruthy();
      expect(r.className).toContain('flag');
      expect(within(r).queryByText('Kendt')).toBeNull();
      expect(r.querySelector('svg')).toBeTruthy();
    }
    // The duplicate is flagged in words, not by colour alone.
    const dubletRaekker = [...tabel.querySelectorAll<HTMLElement>('tr[data-felt-navn]')].filter(
      (r) => r.dataset.feltNavn?.toLowerCase() === dublet.navn.toLowerCase(),
    );
    expect(dubletRaekker.length).toBeGreaterThan(0);
    for (const r of dubletRaekker) {
      expect(r.className).toContain('flag');
      expect(within(r).queryByText('Kendt')).toBeNull();
    }
    expect(within(modal).getByText(/kræver opmærksomhed/)).toBeTruthy();

    // The preview: the paragraphs with the known name's sample value filled in.
    const forhaand = within(modal).getByRole('region', { name: 'Forhåndsvisning' });
    expect(within(forhaand).getAllByText('Tilsynsrapport').length).toBeGreaterThan(0);
    expect(
      within(forhaand).getByText(new RegExp(kendt.eksempel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
    ).toBeTruthy();

    // The name defaults to the file's; saved with 'Gem skabelon'.
    const navn = within(modal).getByRole('textbox', { name: /Navn/ }) as HTMLInputElement;
    expect(navn.value).toBe('Min rapport');
    fireEvent.change(navn, { target: { value: 'Tilsynsrapport standard' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Gem skabelon' }));
    await waitFor(() => expect(screen.queryByTestId('dokument-upload-modal')).toBeNull());
    expect(
      kald.some((k) => k.method === 'POST' && k.path === `dokumentskabelon/${s.kundeId}` && k.status === 201),
    ).toBe(true);

    // Listed and selected, its names shown beside the list.
    const detalje = await screen.findByRole('region', { name: 'Skabelon Tilsynsrapport standard' });
    expect(within(detalje).getByText('Min rapport.docx')).toBeTruthy();
    expect(detalje.querySelector(`tr[data-felt-navn="${kendt.navn}"]`)).toBeTruthy();
    const gemt = await s.api<DokumentSkabelon[]>('GET', `dokumentskabelon/list/${s.kundeId}`);
    expect(gemt.body.map((x) => x.navn)).toContain('Tilsynsrapport standard');
    // The commands are the tile's, with their shortcuts.
    const ids = t.commands.at(-1)?.map((c) => c.id) ?? [];
    expect(ids).toEqual(
      expect.arrayContaining(['skabelon-op', 'skabelon-omdoeb', 'skabelon-aktiv', 'skabelon-hent']),
    );
  });

  it("shows the server's refusal of a file that is no Word document, and refuses a too big one before sending", async () => {
    await vis();
    const modal = await aabnUpload();
    vaelgFil(modal, docxFil('falsk.docx', new TextEncoder().encode('Dette er ikke et Word-dokument')));
    await within(modal).findByText(SKABELON_IKKE_DOCX);
    expect(kald.some((k) => k.path === `dokumentskabelon/scan/${s.kundeId}` && k.status === 400)).toBe(true);
    expect((within(modal).getByRole('button', { name: 'Gem skabelon' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    const foer = kald.length;
    vaelgFil(modal, docxFil('stor.docx', new Uint8Array(5 * 1024 * 1024 + 1)));
    await within(modal).findByText(SKABELON_STOERRELSE_FEJL);
    expect(kald.length).toBe(foer);
  });

  it('deactivates a template, and a stale deactivation shows the conflict', async () => {
    // A template saved by the server itself.
    const liste = await s.api<DokumentSkabelon[]>('GET', `dokumentskabelon/list/${s.kundeId}`);
    const skabelon = liste.body.find((x) => x.navn === 'Tilsynsrapport standard');
    expect(skabelon, 'the first test saved it').toBeTruthy();
    await vis();
    fireEvent.click(await screen.findByRole('gridcell', { name: 'Tilsynsrapport standard' }));
    const detalje = await screen.findByRole('region', { name: 'Skabelon Tilsynsrapport standard' });

    // Someone else renames it meanwhile: the screen's version is stale.
    const andens = await s.api<DokumentSkabelon>('PUT', `dokumentskabelon/${skabelon!.id}`, {
      navn: 'Tilsynsrapport standard',
      aktiv: true,
      version: skabelon!.version,
    });
    expect(andens.status).toBe(200);
    fireEvent.click(within(detalje).getByRole('button', { name: /Deaktivér/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    expect(kald.some((k) => k.method === 'PUT' && k.status === 409)).toBe(true);
    // 'Genindlæs' reads the newest version; deactivating then works.
    // (The message goes once the newest versions are read.)
    fireEvent.click(within(alert).getByRole('button', { name: 'Genindlæs' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(within(detalje).getByRole('button', { name: /Deaktivér/ }));
    await waitFor(() =>
      expect(kald.filter((k) => k.method === 'PUT').map((k) => k.status)).toEqual([409, 200]),
    );
    await within(detalje).findByRole('button', { name: /Aktivér/ });
    const efter = await s.api<DokumentSkabelon[]>('GET', `dokumentskabelon/list/${s.kundeId}`);
    expect(efter.body.find((x) => x.id === skabelon!.id)?.aktiv).toBe(false);
  });
});
