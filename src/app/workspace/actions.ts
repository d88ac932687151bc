import { confirmLeave, dropGuard } from './guards';
import { findTileByPath, leaves, type TileId } from './layout';
import { type OpenMode, workspace } from './store';
import { workspaceUrl } from './url-codec';

/**
 * Workspace changes that may lose a form's changes go through the tile's unsaved-changes guard
 * first. Everything that opens, navigates or closes tiles calls these, not the store directly.
 */
export async function openRoute(path: string, mode: OpenMode = 'replace'): Promise<void> {
  const ws = workspace.get();
  const target = ws.focused;
  const replacing = mode === 'replace' && target && !findTileByPath(ws, path);
  if (replacing && !(await confirmLeave([target], workspace.focus))) return;
  workspace.open(path, mode);
}

export async function navigateTileGuarded(tileId: TileId, path: string): Promise<void> {
  if (!(await confirmLeave([tileId], workspace.focus))) return;
  workspace.navigateTile(tileId, path);
}

export async function closeTileGuarded(tileId: TileId): Promise<void> {
  if (!(await confirmLeave([tileId], workspace.focus))) return;
  workspace.close(tileId);
  dropGuard(tileId);
}

/** Before a customer switch or logout: every open tile is asked. */
export function confirmLeaveWorkspace(): Promise<boolean> {
  return confirmLeave(leaves(workspace.get().layout), workspace.focus);
}

/**
 * The URL changed from outside the workspace (Back/Forward, a link, the address bar): tiles whose
 * route would change or close are asked first; staying puts the workspace's URL back.
 */
export async function syncFromUrlGuarded(
  pathname: string,
  search: string,
  saved?: string | null,
): Promise<void> {
  const current = workspace.get();
  const next = workspace.preview(pathname, search);
  const affected = leaves(current.layout).filter((id) => next.tiles[id]?.path !== current.tiles[id]?.path);
  if (affected.length > 0 && !(await confirmLeave(affected, workspace.focus))) {
    window.history.pushState(null, '', workspaceUrl(current));
    return;
  }
  workspace.syncFromUrl(pathname, search, saved);
}

/** Log out, after tiles with unsaved changes have been asked. */
export async function logoutGuarded(logout: () => void): Promise<void> {
  if (await confirmLeaveWorkspace()) logout();
}
