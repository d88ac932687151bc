import type { Ressource } from '../../contract/roles';
import { matchRoute } from '../routes/match';
import { siblingTabs } from '../routes/tabs';
import { closeTileGuarded, navigateTileGuarded } from './actions';
import { WORKSPACE_KEYS } from './genveje';
import { type Command, GROUP } from './kommando';
import { paletteStore } from './palette-store';
import { workspace } from './store';
import { tileMetaStore } from './tile-meta';
import { tabRegler } from './visninger';

/** Moves the focused tile to its next (+1) or previous (-1) enabled tab, as its tab bar shows them. */
function stepTab(step: 1 | -1, ressourcer: ReadonlySet<Ressource>) {
  const ws = workspace.get();
  const id = ws.focused;
  const path = id ? ws.tiles[id]?.path : undefined;
  const match = path ? matchRoute(path) : null;
  if (!id || !match) return;
  const flags = tileMetaStore.get(id).flags;
  const tabs = siblingTabs(match.route, match.params, { ressourcer, flags, regler: tabRegler() }).filter(
    (t) => t.enabled,
  );
  const i = tabs.findIndex((t) => t.route.name === match.route.name);
  const next = tabs[(i + step + tabs.length) % tabs.length];
  if (next && next.route.name !== match.route.name) void navigateTileGuarded(id, next.href);
}

/**
 * The workspace's own commands. Shortcuts follow conventions people know: Ctrl/Cmd+K palette, F6
 * between tiles (as between regions in a browser), Escape closes, '?' the shortcut sheet. Every key
 * can be typed on a Danish keyboard without AltGr (a second key where the first cannot:
 * tests/unit/genveje-dansk.test.ts).
 */
export function workspaceCommands(ressourcer: ReadonlySet<Ressource>): Command[] {
  const focused = () => workspace.get().focused;
  const cmd = (c: Omit<Command, 'layer' | 'group'> & { group?: string }): Command => ({
    layer: 'global',
    group: GROUP.workspace,
    ...c,
  });
  return [
    cmd({
      id: 'palette',
      label: 'Åbn kommandopaletten',
      shortcut: 'mod+k',
      run: () => paletteStore.openPalette(),
    }),
    cmd({
      id: 'sheet',
      label: 'Vis tastaturgenveje',
      // The character, wherever the layout has it (Shift+/ in the US, Shift++ in Denmark).
      shortcut: '?',
      keywords: ['?', 'hjælp', 'genveje'],
      run: () => paletteStore.openSheet(),
    }),
    cmd({
      id: 'focus-next',
      label: 'Fokusér næste felt',
      shortcut: 'f6',
      run: () => workspace.focusSibling(1),
    }),
    cmd({
      id: 'focus-prev',
      label: 'Fokusér forrige felt',
      shortcut: 'shift+f6',
      run: () => workspace.focusSibling(-1),
    }),
    cmd({
      id: 'focus-left',
      label: 'Fokusér feltet til venstre',
      shortcut: 'alt+shift+left',
      run: () => workspace.focusDirection('left'),
    }),
    cmd({
      id: 'focus-right',
      label: 'Fokusér feltet til højre',
      shortcut: 'alt+shift+right',
      run: () => workspace.focusDirection('right'),
    }),
    cmd({
      id: 'focus-up',
      label: 'Fokusér feltet ovenover',
      shortcut: 'alt+shift+up',
      run: () => workspace.focusDirection('up'),
    }),
    cmd({
      id: 'focus-down',
      label: 'Fokusér feltet nedenunder',
      shortcut: 'alt+shift+down',
      run: () => workspace.focusDirection('down'),
    }),
    cmd({
      id: 'move-left',
      label: 'Flyt feltet til venstre',
      shortcut: 'ctrl+alt+shift+left',
      run: () => workspace.moveFocused('left'),
    }),
    cmd({
      id: 'move-right',
      label: 'Flyt feltet til højre',
      shortcut: 'ctrl+alt+shift+right',
      run: () => workspace.moveFocused('right'),
    }),
    cmd({
      id: 'move-up',
      label: 'Flyt feltet op',
      shortcut: 'ctrl+alt+shift+up',
      run: () => workspace.moveFocused('up'),
    }),
    cmd({
      id: 'move-down',
      label: 'Flyt feltet ned',
      shortcut: 'ctrl+alt+shift+down',
      run: () => workspace.moveFocused('down'),
    }),
    cmd({
      id: 'split-right',
      label: 'Del feltet til højre',
      shortcut: 'mod+\\',
      // '\' takes AltGr on a Danish keyboard: Ctrl+< there (docs/decisions.md, 'Genveje på et dansk tastatur').
      altShortcut: 'ctrl+<',
      run: () => {
        const id = focused();
        if (id) workspace.split(id, 'row');
      },
    }),
    cmd({
      id: 'split-down',
      label: 'Del feltet nedad',
      ...WORKSPACE_KEYS.splitDown,
      run: () => {
        const id = focused();
        if (id) workspace.split(id, 'column');
      },
    }),
    cmd({
      id: 'close',
      label: 'Luk feltet',
      ...WORKSPACE_KEYS.close,
      run: () => {
        const id = focused();
        if (id) void closeTileGuarded(id);
      },
    }),
    cmd({
      id: 'maximise',
      label: 'Maksimér eller gendan feltet',
      ...WORKSPACE_KEYS.maximise,
      run: () => workspace.toggleMaximise(),
    }),
    cmd({
      id: 'grow',
      label: 'Gør feltet større',
      shortcut: 'alt+plus',
      run: () => workspace.resizeFocused(5),
    }),
    cmd({
      id: 'shrink',
      label: 'Gør feltet mindre',
      shortcut: 'alt+-',
      run: () => workspace.resizeFocused(-5),
    }),
    cmd({
      id: 'tab-next',
      label: 'Næste fane',
      shortcut: 'alt+pagedown',
      group: GROUP.tabs,
      run: () => stepTab(1, ressourcer),
    }),
    cmd({
      id: 'tab-prev',
      label: 'Forrige fane',
      shortcut: 'alt+pageup',
      group: GROUP.tabs,
      run: () => stepTab(-1, ressourcer),
    }),
  ];
}
