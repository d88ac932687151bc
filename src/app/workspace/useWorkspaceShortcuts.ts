import { useEffect, useMemo } from 'react';
import { bindShortcut, openLayer, platformKey, shortcutsOf } from '../lib/keyboard';
import { useSession } from '../session/useSession';
import { installerGemTast } from '../ui/form/gem-tast';
import { workspaceCommands } from './commands';
import { shortcutConflicts, tileCommandsAsCommands } from './kommando';
import { useWorkspace } from './store';
import { useTileCommandsOf } from './tile-commands';

/** Binds the workspace's commands (global layer) and the focused tile's own commands (tile layer). */
export function useWorkspaceShortcuts(): void {
  const { ressourcer } = useSession();
  const ws = useWorkspace();
  const tileCommands = useTileCommandsOf(ws.focused);
  const commands = useMemo(() => workspaceCommands(ressourcer), [ressourcer]);

  useEffect(() => openLayer('tile'), []);
  // Ctrl+S: a tile's own Gem command first, else the form holding the focus; never the browser's save.
  useEffect(() => installerGemTast(), []);

  useEffect(() => {
    const unbind = commands.flatMap((c) =>
      shortcutsOf(c).map((key) => bindShortcut('global', platformKey(key), () => c.run({ beside: false }))),
    );
    return () => {
      for (const u of unbind) u();
    };
  }, [commands]);

  useEffect(() => {
    // A view's shortcut that collides with a workspace one is a bug in the view: say so loudly.
    const conflicts = shortcutConflicts([...commands, ...tileCommandsAsCommands(tileCommands)]);
    if (conflicts.length > 0) console.error('Tastaturgenveje i konflikt:', conflicts.join('; '));
    const unbind = tileCommands
      .filter((c) => !c.disabled)
      .flatMap((c) => shortcutsOf(c).map((key) => bindShortcut('tile', platformKey(key), () => c.run())));
    return () => {
      for (const u of unbind) u();
    };
  }, [tileCommands, commands]);
}
