import { platformKey, shortcutLabel, shortcutsOf } from '../lib/keyboard';
import { useSession } from '../session/useSession';
import { Modal } from '../ui/Modal';
import { workspaceCommands } from '../workspace/commands';
import { paletteStore, usePaletteState } from '../workspace/palette-store';
import { useWorkspace } from '../workspace/store';
import { useTileCommandsOf } from '../workspace/tile-commands';
import { FRASE_GENVEJ, FRASE_LABEL } from './FraseIndsaet';

/** '?': every shortcut live now, the workspace's and the focused tile's. */
export function ShortcutSheet() {
  const { sheet } = usePaletteState();
  const { ressourcer } = useSession();
  const ws = useWorkspace();
  const tileCommands = useTileCommandsOf(ws.focused);
  if (!sheet) return null;
  // A command with a second key (for a Danish keyboard) shows both: 'Ctrl+\ eller Ctrl+<'.
  const rows = (list: { label: string; shortcut?: string; altShortcut?: string }[]) =>
    list
      .filter((c) => c.shortcut)
      .map((c) => (
        <tr key={c.label}>
          <td>{c.label}</td>
          <td>
            {shortcutsOf(c).map((key, i) => (
              <span key={key}>
                {i > 0 && ' eller '}
                <kbd>{shortcutLabel(platformKey(key))}</kbd>
              </span>
            ))}
          </td>
        </tr>
      ));
  return (
    <Modal
      open
      title="Tastaturgenveje"
      onClose={() => paletteStore.closeSheet()}
      size="medium"
      className="sheet"
    >
      <h3>Arbejdsområde</h3>
      <table>
        <tbody>
          {rows(workspaceCommands(ressourcer))}
          <tr>
            <td>{FRASE_LABEL} (i et tekstfelt)</td>
            <td>
              <kbd>{shortcutLabel(platformKey(FRASE_GENVEJ))}</kbd>
            </td>
          </tr>
          <tr>
            <td>Åbn valgte i nyt felt (i paletten)</td>
            <td>
              <kbd>{shortcutLabel(platformKey('mod+enter'))}</kbd>
            </td>
          </tr>
          <tr>
            <td>Luk palet eller dialog</td>
            <td>
              <kbd>Esc</kbd>
            </td>
          </tr>
        </tbody>
      </table>
      {tileCommands.some((c) => c.shortcut) && (
        <>
          <h3>Det fokuserede felt</h3>
          <table>
            <tbody>{rows(tileCommands)}</tbody>
          </table>
        </>
      )}
    </Modal>
  );
}
