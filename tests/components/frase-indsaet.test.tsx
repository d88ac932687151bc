// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TilsynView from '../../src/app/features/virksomhed/TilsynView';
import { fraseMaal } from '../../src/app/lib/frase-maal';
import { FRASE_GENVEJ, FraseIndsaet, fraseKommando } from '../../src/app/palette/FraseIndsaet';
import { ShortcutSheet } from '../../src/app/palette/ShortcutSheet';
import { getRoute } from '../../src/app/routes/route-table';
import { workspaceCommands } from '../../src/app/workspace/commands';
import { shortcutConflicts } from '../../src/app/workspace/kommando';
import { paletteStore } from '../../src/app/workspace/palette-store';
import { ressourcerFor } from '../../src/contract/roles';
import { queryRows } from '../../src/server/db/client';
import { type SatServer, startSatServer } from '../helpers/sat-server';
import { renderITile, skjultePaneler } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

setupComponentTests();
configure({ asyncUtilTimeout: 8000 });

/**
 * 'Indsæt frase …' against the real server (seeded PGlite, app.inject) as 'virksomhed': the company
 * inspection's remark field registers as the tile's insertion target when it gets focus; the palette
 * command opens the list of the field's subject (TILSYN); '#code' switches subject, an unknown code
 * says so; choosing inserts at the caret through the form (the tile turns dirty) and saving stores it.
 */

let s: SatServer;
let virksomhedId: number;
let tilsynId: number;
let tilsynFrase: { titel: string; tekst: string };
let haandFrase: { titel: string };

beforeAll(async () => {
  s = await startSatServer('virksomhed');
  const [r] = await queryRows<{ id: number; virksomhed_id: number }>(
    s.database.db,
    sql`select r.id, r.virksomhed_id from registrering r join virksomhed v on v.id = r.virksomhed_id
        where r.kunde_id = ${s.kundeId} and r.art = 'tilsyn' and not r.slettet and v.type = 1 and not v.slettet
        order by r.id limit 1`,
  );
  if (!r) throw new Error('no inspection of a company');
  tilsynId = Number(r.id);
  virksomhedId = Number(r.virksomhed_id);
  // A known starting text in the remark, so the caret position means something.
  await s.database.db.execute(
    sql`update registrering set data = data || '{"bemaerkning": "Start. Slut."}'::jsonb where id = ${tilsynId}`,
  );
  const fraser = await queryRows<{ titel: string; tekst: string; kode: string }>(
    s.database.db,
    sql`select f.titel, f.tekst, e.kode from frase f join emne e on e.id = f.emne_id
        where f.kunde_id = ${s.kundeId} and f.aktiv order by f.id`,
  );
  tilsynFrase = fraser.find((f) => f.kode === 'TILSYN')!;
  haandFrase = fraser.find((f) => f.kode === 'HAANDHAEVELSE')!;
  expect(tilsynFrase && haandFrase).toBeTruthy();
}, 60_000);
afterAll(async () => s?.close());

const vis = () => {
  s.kobl();
  return renderITile(
    <div data-tile-id="t1">
      <TilsynView
        route={getRoute('virksomhed-tilsyn')}
        params={{ id: String(virksomhedId), tilsynid: String(tilsynId) }}
        tileId="t1"
        focused
      />
      <FraseIndsaet />
    </div>,
    {
      username: 'virksomhed',
      user: { userId: String(s.brugerId), customerId: s.kundeId },
      brugerSettings: skjultePaneler({ activeKundeId: s.kundeId }),
    },
  );
};

describe("'Indsæt frase …' in a record's text field", () => {
  it('inserts the chosen phrase at the caret through the form, which turns dirty, and saves', async () => {
    const t = await vis();
    const form = await screen.findByRole('form', { name: 'Tilsyn' });
    const felt = form.querySelector<HTMLTextAreaElement>('textarea[name="bemaerkning"]')!;
    await waitFor(() => expect(felt.value).toBe('Start. Slut.'));
    expect(fraseKommando('t1')).toEqual([]);

    // Focus in the remark, the caret after 'Start. ': the tile has an insertion target of subject TILSYN.
    act(() => {
      felt.focus();
      felt.setSelectionRange(7, 7);
    });
    const [kommando] = fraseKommando('t1');
    expect(kommando?.label).toBe('Indsæt frase …');
    expect(fraseMaal.get('t1')?.emneKode).toBe('TILSYN');
    expect(t.dirty.at(-1) ?? false).toBe(false);

    act(() => kommando!.run({ beside: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Indsæt frase i Bemærkning' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('frase-emne').textContent).toContain('Tilsyn (TILSYN)'),
    );
    await within(dialog).findByText(tilsynFrase.titel);
    expect(within(dialog).queryByText(haandFrase.titel)).toBeNull();

    const soeg = within(dialog).getByLabelText('Søg i fraser');
    fireEvent.change(soeg, { target: { value: '#xyz' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Ukendt emne: #xyz');
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
    fireEvent.change(soeg, { target: { value: '#HAAND' } });
    await within(dialog).findByText(haandFrase.titel);
    expect(within(dialog).queryByText(tilsynFrase.titel)).toBeNull();
    fireEvent.change(soeg, { target: { value: '' } });

    fireEvent.click(await within(dialog).findByText(tilsynFrase.titel));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const forventet = `Start. ${tilsynFrase.tekst}Slut.`;
    await waitFor(() => expect(felt.value).toBe(forventet));
    expect(document.activeElement).toBe(felt);
    expect(felt.selectionStart).toBe(7 + tilsynFrase.tekst.length);
    await waitFor(() => expect(t.dirty.at(-1)).toBe(true));

    fireEvent.click(within(form).getByRole('button', { name: /^Gem/ }));
    await waitFor(() => expect(t.dirty.at(-1)).toBe(false));
    const [gemt] = await queryRows<{ b: string }>(
      s.database.db,
      sql`select data->>'bemaerkning' as b from registrering where id = ${tilsynId}`,
    );
    expect(gemt?.b).toBe(forventet);
  });

  it('offers nothing once another field of the tile has focus', async () => {
    await vis();
    const form = await screen.findByRole('form', { name: 'Tilsyn' });
    const felt = form.querySelector<HTMLTextAreaElement>('textarea[name="bemaerkning"]')!;
    act(() => felt.focus());
    expect(fraseKommando('t1')).toHaveLength(1);
    act(() => form.querySelector<HTMLInputElement>('input[name="titel"]')!.focus());
    expect(fraseKommando('t1')).toEqual([]);
  });
});

describe('the shortcut', () => {
  it("is listed in the '?' sheet", async () => {
    s.kobl();
    await renderITile(<ShortcutSheet />, { username: 'virksomhed' });
    act(() => paletteStore.openSheet());
    const sheet = await screen.findByRole('dialog', { name: 'Tastaturgenveje' });
    const raekke = within(sheet).getByText('Indsæt frase … (i et tekstfelt)').closest('tr')!;
    expect(raekke.textContent).toContain('Ctrl+Shift+F');
    act(() => paletteStore.closeSheet());
  });

  it('takes no key of a workspace command, on either platform', () => {
    const commands = [
      ...workspaceCommands(ressourcerFor(['SystemAdmin'])),
      {
        id: 'frase',
        label: 'Indsæt frase …',
        group: 'x',
        layer: 'tile' as const,
        shortcut: FRASE_GENVEJ,
        run: () => {},
      },
    ];
    expect(shortcutConflicts(commands, false)).toEqual([]);
    expect(shortcutConflicts(commands, true)).toEqual([]);
  });
});
