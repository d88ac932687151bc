// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import FrasebibliotekView from '../../src/app/features/admin/FrasebibliotekView';
import { queryRows } from '../../src/server/db/client';
import { satServerTilFilen, somSatBruger } from '../helpers/sat-visning';
import { renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

setupComponentTests();
configure({ asyncUtilTimeout: 8000 });

/**
 * The phrase library against the real server as 'kommuneadmin': a new phrase is created under the
 * subject chosen in the filter and the tile moves to its address; the selected phrase is deactivated
 * with one button, and someone else's change in between shows as a conflict with the input kept.
 */

const s = satServerTilFilen('kommuneadmin', { timeout: 60_000 });

const vis = (params: Record<string, string> = {}) => {
  s.kobl();
  return renderVisning(FrasebibliotekView, 'admin-frasebibliotek', params, somSatBruger(s, 'kommuneadmin'));
};

const raekke = async (titel: string) =>
  (
    await queryRows<{ id: number; aktiv: boolean; tekst: string; version: number }>(
      s.database.db,
      sql`select id, aktiv, tekst, version from frase where kunde_id = ${s.kundeId} and titel = ${titel}`,
    )
  )[0];

describe('the phrase library', () => {
  it('creates a phrase under the filtered subject and moves to its address', async () => {
    const t = await vis();
    const grid = await screen.findByRole('grid', { name: 'Fraser' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr').length).toBeGreaterThan(5));
    const filter = screen.getByRole('combobox', { name: 'Vis fraser for emne' }) as HTMLSelectElement;
    await waitFor(() => expect(filter.options.length).toBeGreaterThan(2));
    const haand = [...filter.options].find((o) => o.text === 'Håndhævelse')!;
    fireEvent.change(filter, { target: { value: haand.value } });
    await waitFor(() => expect(within(grid).queryAllByText('Tilsyn uden bemærkninger')).toHaveLength(0));

    fireEvent.click(screen.getByRole('button', { name: /Ny frase/ }));
    const form = await screen.findByRole('form', { name: 'Ny frase' });
    expect((within(form).getByRole('combobox', { name: /Emne/ }) as HTMLSelectElement).value).toBe(
      haand.value,
    );
    fireEvent.click(within(form).getByRole('button', { name: /^Gem/ }));
    await within(form).findByText('Titlen er påkrævet');
    fireEvent.change(within(form).getByRole('textbox', { name: /Titel/ }), {
      target: { value: 'Komponentfrase påbud' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Tekst/ }), {
      target: { value: 'Der meddeles påbud om tømning af olieudskilleren.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: /^Gem/ }));
    await waitFor(() => expect(t.navigate.at(-1)).toMatch(/^\/admin\/frasebibliotek\/\d+$/));
    const ny = await raekke('Komponentfrase påbud');
    expect(t.navigate.at(-1)).toBe(`/admin/frasebibliotek/${ny!.id}`);
    expect(ny!.aktiv).toBe(true);
  });

  it('deactivates the selected phrase; a change by someone else in between is a conflict', async () => {
    const f = (await raekke('Komponentfrase påbud'))!;
    cleanup();
    const t = await vis({ fraseid: String(f.id) });
    const form = await screen.findByRole('form', { name: 'Frase Komponentfrase påbud' });
    fireEvent.click(within(form).getByRole('button', { name: 'Deaktivér' }));
    await waitFor(async () => expect((await raekke('Komponentfrase påbud'))!.aktiv).toBe(false));
    await within(form).findByRole('button', { name: 'Genaktivér' });

    // Someone else changes the text; this user's edit is refused with the Danish 409 and kept.
    await s.database.db.execute(
      sql`update frase set tekst = 'Ændret af en anden', version = nextval('record_version') where id = ${f.id}`,
    );
    const tekst = within(form).getByRole('textbox', { name: /Tekst/ }) as HTMLTextAreaElement;
    fireEvent.change(tekst, { target: { value: 'Min egen rettelse' } });
    await waitFor(() => expect(t.dirty.at(-1)).toBe(true));
    fireEvent.click(within(form).getByRole('button', { name: /^Gem/ }));
    await within(form).findByText(/Frasen er ændret af en anden/);
    expect(tekst.value).toBe('Min egen rettelse');
    expect((await raekke('Komponentfrase påbud'))!.tekst).toBe('Ændret af en anden');
  });
});
