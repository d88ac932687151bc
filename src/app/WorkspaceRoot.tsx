import { Palette } from './palette/Palette';
import { ShortcutSheet } from './palette/ShortcutSheet';
import { APPENS_VISNINGER } from './views';
import { registrerVisninger } from './workspace/visninger';
import { Workspace } from './workspace/Workspace';

/**
 * The workspace as the app composes it: the features' views and tab rules registered with the
 * workspace, and the palette and shortcut sheet drawn over it. The layers below (workspace, palette,
 * features) do not import each other upwards; this file, beside App.tsx, joins them. It is its own
 * chunk, loaded by the shell after the first paint (App.tsx hands the shell the loader).
 */
registrerVisninger(APPENS_VISNINGER);

export function WorkspaceRoot() {
  return (
    <Workspace
      overlays={
        <>
          <Palette />
          <ShortcutSheet />
        </>
      }
    />
  );
}
