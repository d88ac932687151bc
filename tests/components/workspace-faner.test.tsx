// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPENS_VISNINGER } from '../../src/app/views';
import { workspaceCommands } from '../../src/app/workspace/commands';
import { workspace } from '../../src/app/workspace/store';
import { tileMetaStore } from '../../src/app/workspace/tile-meta';
import { registrerVisninger } from '../../src/app/workspace/visninger';
import { ressourcerFor } from '../../src/contract/roles';
import { setupComponentTests } from './harness';

setupComponentTests();
// The features' tab rules, as the app's composition root hands them to the workspace.
beforeAll(() => registrerVisninger(APPENS_VISNINGER));
afterEach(() => workspace.reset());

/** Opens a path in a single tile and returns the tile's id. */
function openTile(path: string): string {
  workspace.reset();
  workspace.open(path);
  const id = workspace.get().focused;
  if (!id) throw new Error('no tile');
  return id;
}

const nextTab = () => {
  const command = workspaceCommands(ressourcerFor(['SagsbehandlerVirksomhed'])).find(
    (c) => c.shortcut === 'alt+pagedown',
  );
  command?.run({ beside: false });
};

describe('Alt+PageDown (next tab)', () => {
  it("steps onto the user-payment tab when the tile's company is covered by user payment", async () => {
    const id = openTile('/virksomheder/7/fyringsanlaeg');
    tileMetaStore.update(id, { flags: { omfattetAfBrugerbetaling: true } });
    nextTab();
    await waitFor(() => expect(workspace.get().tiles[id]?.path).toBe('/virksomheder/7/brugerbetaling'));
  });

  it('skips the disabled user-payment tab when the company is not covered', async () => {
    const id = openTile('/virksomheder/8/fyringsanlaeg');
    tileMetaStore.update(id, { flags: { omfattetAfBrugerbetaling: false } });
    nextTab();
    await waitFor(() => expect(workspace.get().tiles[id]?.path).toBe('/virksomheder/8/opbevaringslagre'));
  });
});
