// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  gemKladde,
  glemKladdeDb,
  hentKladde,
  KLADDE_LEVETID_MS,
  type Kladde,
  kladdeNoegle,
  listKladder,
  rydGamleKladder,
  sletBrugersKladder,
} from '../../src/app/lib/kladder';
import { kladdeKommandoer } from '../../src/app/palette/Palette';
import { TextInput, useVersionedForm, type VersionedForm } from '../../src/app/ui/form';
import { FormBeskeder } from '../../src/app/ui/form/KladdeBesked';
import { KLADDE_FORSINKELSE_MS, type KladdeSted, KladdeStedContext } from '../../src/app/ui/form/kladde';
import { setupComponentTests } from './harness';

setupComponentTests();

/**
 * Drafts (issue 34) on the real form mechanism and a real IndexedDB implementation (fake-indexeddb,
 * as jsdom has none): written after the last keystroke, offered back, restored or discarded, compared
 * field by field with a changed record, kept when a save gets no answer, removed after a save.
 */

interface Post {
  id: number;
  version: number;
  navn: string;
  by: string;
}
type Vaerdier = { navn: string; by: string };
const schema = z.object({ navn: z.string().trim().min(1, 'Feltet er påkrævet'), by: z.string() });

const EJER = { bruger: '42', kunde: 1 };
const sted = (ejer = EJER): KladdeSted => ({
  ejer,
  beskriv: () => ({ sti: '/virksomheder/1/stamoplysninger', titel: 'Fur VVS · Stamoplysninger' }),
});

let vf: VersionedForm<Vaerdier>;
let gemt: { data: Vaerdier; version: number | undefined }[] = [];
let naesteSvar: (data: Vaerdier, r: Post | undefined) => Promise<Post>;

function Form({ record }: { record: Post }) {
  vf = useVersionedForm<Vaerdier, Post>({
    identitet: `post:${record.id}`,
    schema,
    record,
    version: record.version,
    vaerdierAf: (r) => ({ navn: r.navn, by: r.by }),
    kanRette: true,
    gem: (data, r) => {
      gemt.push({ data, version: r?.version });
      return naesteSvar(data, r);
    },
    fejl: () => ({ kind: 'andet' }),
  });
  return (
    <form ref={vf.form.ref} aria-label="Post">
      <FormBeskeder vf={vf} />
      <TextInput
        name="navn"
        label="Navn"
        value={vf.form.values.navn}
        onChange={(v) => vf.form.set('navn', v)}
      />
      <TextInput name="by" label="By" value={vf.form.values.by} onChange={(v) => vf.form.set('by', v)} />
    </form>
  );
}

function aabn(record: Post, s: KladdeSted | null = sted()) {
  return render(
    <KladdeStedContext.Provider value={s}>
      <Form record={record} />
    </KladdeStedContext.Provider>,
  );
}

const felt = (navn: string) => screen.getByLabelText(navn) as HTMLInputElement;
const skriv = (label: string, tekst: string) => fireEvent.change(felt(label), { target: { value: tekst } });
const kladdeNu = () => hentKladde(EJER, 'post:1');
const POST: Post = { id: 1, version: 4, navn: 'Fur VVS', by: 'Skive' };

beforeEach(() => {
  // A fresh, empty browser database per test.
  glemKladdeDb();
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  gemt = [];
  naesteSvar = async (data, r) => ({ ...(r ?? POST), ...data, version: (r?.version ?? 0) + 1 });
});
afterEach(() => {
  glemKladdeDb();
});

describe('a form keeps a draft', () => {
  it('writes what was typed after the last keystroke (not on it), with the version it was read at', async () => {
    const { unmount } = aabn(POST);
    skriv('Navn', 'Fur V');
    skriv('Navn', 'Fur VVS og Smed');
    // Nothing yet: the keystroke only restarted the timer.
    expect(await kladdeNu()).toBe(null);
    await waitFor(async () => expect(await kladdeNu()).not.toBe(null), { timeout: 2000 });
    const k = (await kladdeNu())!;
    expect(k).toMatchObject({
      identitet: 'post:1',
      version: 4,
      base: { navn: 'Fur VVS', by: 'Skive' },
      vaerdier: { navn: 'Fur VVS og Smed', by: 'Skive' },
      sti: '/virksomheder/1/stamoplysninger',
      titel: 'Fur VVS · Stamoplysninger',
    });
    expect(Date.now() - k.gemt).toBeLessThan(KLADDE_FORSINKELSE_MS + 1000);
    unmount();
  });

  it('writes a change still waiting when the form goes away (a closed tile)', async () => {
    const { unmount } = aabn(POST);
    skriv('By', 'Roslev');
    unmount();
    await waitFor(async () =>
      expect((await kladdeNu())?.vaerdier).toEqual({ navn: 'Fur VVS', by: 'Roslev' }),
    );
  });

  it('keeps none outside a tile (no place given)', async () => {
    const { unmount } = aabn(POST, null);
    skriv('Navn', 'Uden sted');
    unmount();
    await new Promise((r) => setTimeout(r, KLADDE_FORSINKELSE_MS + 200));
    expect(await listKladder(EJER)).toEqual([]);
  });
});

describe('the draft is offered back', () => {
  async function medKladde(vaerdier: Vaerdier, base: Vaerdier = { navn: 'Fur VVS', by: 'Skive' }) {
    await gemKladde({
      noegle: kladdeNoegle(EJER, 'post:1'),
      ...EJER,
      identitet: 'post:1',
      version: 4,
      base,
      vaerdier,
      sti: '/virksomheder/1/stamoplysninger',
      titel: 'Fur VVS · Stamoplysninger',
      gemt: new Date(2026, 10, 28, 14, 32).getTime(),
    });
  }

  it("'Gendan' puts it in the form, unsaved; a save sends it with the version and removes the draft", async () => {
    await medKladde({ navn: 'Fur VVS ApS', by: 'Skive' });
    aabn(POST);
    const besked = await screen.findByRole('status', { name: 'Ikke-gemt kladde' });
    expect(besked.textContent).toContain('Du har en ikke-gemt kladde fra 28-11-2026 14:32');
    expect(felt('Navn').value).toBe('Fur VVS');
    fireEvent.click(screen.getByRole('button', { name: 'Gendan' }));
    expect(felt('Navn').value).toBe('Fur VVS ApS');
    expect(vf.form.dirty).toBe(true);
    expect(screen.queryByRole('status', { name: 'Ikke-gemt kladde' })).toBe(null);
    await act(() => vf.gem());
    expect(gemt).toEqual([{ data: { navn: 'Fur VVS ApS', by: 'Skive' }, version: 4 }]);
    await waitFor(async () => expect(await kladdeNu()).toBe(null));
  });

  it("'Kassér' removes it and leaves the saved values", async () => {
    await medKladde({ navn: 'Kasseres', by: 'Skive' });
    aabn(POST);
    fireEvent.click(await screen.findByRole('button', { name: 'Kassér' }));
    expect(felt('Navn').value).toBe('Fur VVS');
    expect(vf.form.dirty).toBe(false);
    await waitFor(async () => expect(await kladdeNu()).toBe(null));
  });

  it("'Fortryd ændringer' after a restore discards the draft too", async () => {
    await medKladde({ navn: 'Fortrydes', by: 'Skive' });
    aabn(POST);
    fireEvent.click(await screen.findByRole('button', { name: 'Gendan' }));
    act(() => vf.fortryd());
    expect(felt('Navn').value).toBe('Fur VVS');
    await waitFor(async () => expect(await kladdeNu()).toBe(null));
  });

  it('is not overwritten by typing while the offer waits', async () => {
    await medKladde({ navn: 'Den gamle kladde', by: 'Skive' });
    aabn(POST);
    await screen.findByRole('status', { name: 'Ikke-gemt kladde' });
    skriv('By', 'Noget andet');
    await new Promise((r) => setTimeout(r, KLADDE_FORSINKELSE_MS + 200));
    expect((await kladdeNu())?.vaerdier).toEqual({ navn: 'Den gamle kladde', by: 'Skive' });
  });

  it("belongs to its user and customer: another user's or customer's form does not see it", async () => {
    await medKladde({ navn: 'Privat', by: 'Skive' });
    aabn(POST, sted({ bruger: '43', kunde: 1 }));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('status', { name: 'Ikke-gemt kladde' })).toBe(null);
    expect(await listKladder({ bruger: '42', kunde: 2 })).toEqual([]);
    expect(await listKladder(EJER)).toHaveLength(1);
  });

  it('a draft that holds the record as saved is removed quietly', async () => {
    await medKladde({ navn: 'Fur VVS', by: 'Skive' }, { navn: 'Gammel', by: 'Skive' });
    aabn(POST);
    await waitFor(async () => expect(await kladdeNu()).toBe(null));
    expect(screen.queryByRole('status', { name: 'Ikke-gemt kladde' })).toBe(null);
  });

  it('against a changed record: both values side by side; a field changed on both sides waits for a choice', async () => {
    // The draft changed navn; since then someone else changed navn and by (version 4 -> 6).
    await medKladde({ navn: 'Min tekst', by: 'Skive' });
    aabn({ id: 1, version: 6, navn: 'Kollegas tekst', by: 'Roslev' });
    const besked = await screen.findByRole('status', { name: 'Ikke-gemt kladde' });
    expect(besked.textContent).toContain('Posten er ændret siden');
    fireEvent.click(screen.getByRole('button', { name: 'Gendan' }));

    const region = screen.getByRole('region', { name: 'Kladde og gemte værdier' });
    const navnRaekke = screen.getByRole('row', { name: /Navn/ });
    expect(navnRaekke.textContent).toContain('Min tekst');
    expect(navnRaekke.textContent).toContain('Kollegas tekst');
    expect(navnRaekke.textContent).toContain('ændret begge steder');
    // Only the other side changed By: it starts on the saved value.
    expect((screen.getByRole('radio', { name: 'By: gemt nu' }) as HTMLInputElement).checked).toBe(true);
    const brug = screen.getByRole('button', { name: 'Brug valgte værdier' }) as HTMLButtonElement;
    expect(brug.disabled).toBe(true);
    // Nothing is overwritten meanwhile.
    expect(felt('Navn').value).toBe('Kollegas tekst');

    fireEvent.click(screen.getByRole('radio', { name: 'Navn: din kladde' }));
    expect(brug.disabled).toBe(false);
    // Enter in a radio applies the choice (and does not submit the form).
    fireEvent.keyDown(screen.getByRole('radio', { name: 'Navn: din kladde' }), { key: 'Enter' });
    expect(region.isConnected).toBe(false);
    expect(felt('Navn').value).toBe('Min tekst');
    expect(felt('By').value).toBe('Roslev');
    expect(vf.form.dirty).toBe(true);
    await act(() => vf.gem());
    // Saved against the version the user now sees.
    expect(gemt).toEqual([{ data: { navn: 'Min tekst', by: 'Roslev' }, version: 6 }]);
  });
});

describe('a save without an answer', () => {
  it('keeps the draft at once and says so; when the connection is back one key saves', async () => {
    aabn(POST);
    naesteSvar = () =>
      Promise.reject(Object.assign(new Error('HTTP 500'), { failure: { noResponse: true } }));
    skriv('Navn', 'Skrevet offline');
    await act(() => vf.gem());
    expect(screen.getByRole('alert').textContent).toContain('Ingen forbindelse til serveren');
    expect(felt('Navn').value).toBe('Skrevet offline');
    // Written at once, not after the wait.
    await waitFor(async () => expect((await kladdeNu())?.vaerdier.navn).toBe('Skrevet offline'), {
      timeout: KLADDE_FORSINKELSE_MS - 100,
    });

    naesteSvar = async (data, r) => ({ ...(r ?? POST), ...data, version: 5 });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status').textContent).toContain(
      'Forbindelsen er tilbage. Tryk Ctrl+S for at gemme',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Gem nu' }));
    await waitFor(() => expect(gemt).toHaveLength(2));
    await waitFor(async () => expect(await kladdeNu()).toBe(null));
    expect(screen.queryByText(/Forbindelsen er tilbage/)).toBe(null);
  });
});

describe('the draft store', () => {
  const kladde = (over: Partial<Kladde>): Kladde => ({
    noegle: kladdeNoegle(EJER, 'post:1'),
    ...EJER,
    identitet: 'post:1',
    version: 1,
    base: {},
    vaerdier: { navn: 'x' },
    sti: '/a',
    titel: 'A',
    gemt: Date.now(),
    ...over,
  });

  it('drops drafts older than seven days', async () => {
    const nu = Date.now();
    await gemKladde(kladde({ gemt: nu - KLADDE_LEVETID_MS - 1000 }));
    await gemKladde(kladde({ noegle: kladdeNoegle(EJER, 'post:2'), identitet: 'post:2', gemt: nu - 1000 }));
    expect((await listKladder(EJER, nu)).map((k) => k.identitet)).toEqual(['post:2']);
    expect(await hentKladde(EJER, 'post:1', nu)).toBe(null);
    await gemKladde(kladde({ gemt: nu - KLADDE_LEVETID_MS - 1000 }));
    expect(await rydGamleKladder(nu)).toBe(1);
    expect(await hentKladde(EJER, 'post:2', nu)).not.toBe(null);
  });

  it("sign-out removes every draft of the user (all customers), no one else's", async () => {
    await gemKladde(kladde({}));
    await gemKladde(kladde({ noegle: kladdeNoegle({ bruger: '42', kunde: 2 }, 'post:1'), kunde: 2 }));
    await gemKladde(kladde({ noegle: kladdeNoegle({ bruger: '7', kunde: 1 }, 'post:1'), bruger: '7' }));
    await sletBrugersKladder('42');
    expect(await listKladder(EJER)).toEqual([]);
    expect(await listKladder({ bruger: '42', kunde: 2 })).toEqual([]);
    expect(await listKladder({ bruger: '7', kunde: 1 })).toHaveLength(1);
  });

  it("the palette's 'Kladder' open each draft's route, newest first", async () => {
    await gemKladde(kladde({ sti: '/gammel', titel: 'Gammel', gemt: Date.now() - 60_000 }));
    await gemKladde(
      kladde({ noegle: kladdeNoegle(EJER, 'post:2'), identitet: 'post:2', sti: '/ny', titel: 'Ny' }),
    );
    const aabnet: [string, boolean][] = [];
    const cmds = kladdeKommandoer(await listKladder(EJER), (sti, beside) => aabnet.push([sti, beside]));
    expect(cmds.map((c) => c.label)).toEqual([
      expect.stringMatching(/^Kladder: Ny, fra \d{2}:\d{2}$/),
      expect.stringMatching(/^Kladder: Gammel, fra /),
    ]);
    expect(cmds.every((c) => c.group === 'Kladder')).toBe(true);
    cmds[1]!.run({ beside: true });
    expect(aabnet).toEqual([['/gammel', true]]);
  });
});

describe('every form on useVersionedForm shows its draft offer', () => {
  it('each file that calls useVersionedForm renders FormBeskeder (directly or through StamForm / KonfliktTekst)', () => {
    const root = resolve(import.meta.dirname, '../../src/app');
    const filer: string[] = [];
    const gaa = (dir: string) => {
      for (const n of readdirSync(dir)) {
        const p = join(dir, n);
        if (statSync(p).isDirectory()) gaa(p);
        else if (p.endsWith('.tsx')) filer.push(p);
      }
    };
    gaa(root);
    const brugere = filer.filter((f) => /useVersionedForm</.test(readFileSync(f, 'utf8')));
    expect(brugere.length).toBeGreaterThan(10);
    const uden = brugere
      .filter((f) => !/<(FormBeskeder|KladdeBesked|StamForm|KonfliktTekst)\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(uden).toEqual([]);
  });
});
