import { normaliseKey, platformKey, shortcutsOf } from '../lib/keyboard';
import type { TileCommand } from './tile-api';

/**
 * One registry feeds the palette and the keyboard shortcuts. A command has a Danish label, a group,
 * keywords, an optional shortcut (live in its layer), a visibility rule and an action. It is declared
 * here, in the workspace, because the workspace binds commands to keys; the palette (above it) lists
 * the same commands.
 */
export type CommandLayer = 'global' | 'tile';

export interface Command {
  id: string;
  label: string;
  group: string;
  keywords?: string[];
  /** Spelt as src/app/lib/keyboard.ts reads it; 'mod' is Cmd on a Mac and Ctrl elsewhere. */
  shortcut?: string;
  /** A second key that does the same, for a layout where the first needs AltGr (Ctrl+\ in Denmark). */
  altShortcut?: string;
  layer: CommandLayer;
  /** The route an opening command opens (for recent items). */
  path?: string;
  /** Opening commands can run in a new tile (Ctrl+Enter in the palette). */
  run(opts: { beside: boolean }): void;
  disabled?: boolean;
}

export const GROUP = {
  tile: 'Handlinger i feltet',
  workspace: 'Arbejdsområde',
  tabs: 'Faner',
  session: 'Session',
  kladder: 'Kladder',
} as const;

export function tileCommandsAsCommands(tileCommands: readonly TileCommand[]): Command[] {
  return tileCommands.map((c) => ({
    id: `tile:${c.id}`,
    label: c.label,
    group: GROUP.tile,
    keywords: c.keywords,
    shortcut: c.shortcut,
    altShortcut: c.altShortcut,
    layer: 'tile' as const,
    disabled: c.disabled,
    run: () => c.run(),
  }));
}

/**
 * Shortcuts that collide among commands live at the same time. The focused tile's commands are live
 * together with the global ones, so a tile command may not take a global key either. A test keeps
 * this empty for the built-in commands; the workspace warns about a view's collisions.
 */
export function shortcutConflicts(commands: readonly Command[], mac = false): string[] {
  const seen = new Map<string, string>();
  const conflicts: string[] = [];
  for (const c of commands) {
    for (const shortcut of shortcutsOf(c)) {
      const key = normaliseKey(platformKey(shortcut, mac));
      const other = seen.get(key);
      if (other) conflicts.push(`${key} (${other} / ${c.id})`);
      else seen.set(key, c.id);
    }
  }
  return conflicts;
}
