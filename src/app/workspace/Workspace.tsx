import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Mosaic, type MosaicNode, MosaicWindow } from 'react-mosaic-component';
import 'react-mosaic-component/react-mosaic-component.css';
import './workspace.css';
import { useLocation } from '../lib/navigation';
import { addRecent, recentOwner } from '../session/recent';
import { api, sessionActor } from '../session/runtime';
import { useSession } from '../session/useSession';
import { syncFromUrlGuarded } from './actions';
import { aabnLayout, aabnLink, linkId, startAfgjort, startLayout, venterPaaStart } from './arbejdsomraader';
import { dokumentTitel, senesteFor } from './entitet-visning';
import { anyDirty } from './guards';
import type { LayoutNode, TileId } from './layout';
import { leaves } from './layout';
import { resolveTilePath } from './resolve';
import { useWorkspace, workspace } from './store';
import { TileBody, TileHeader } from './Tile';
import { useTileMeta } from './tile-meta';
import { UnsavedChangesModal } from './UnsavedChangesModal';
import { workspaceUrl } from './url-codec';
import { useWorkspaceShortcuts } from './useWorkspaceShortcuts';

/** How long layout changes wait before they are saved to the user's settings. */
const SAVE_LAYOUT_DELAY_MS = 1500;

/**
 * Follows the address bar: Back/Forward, links and the first load set the workspace from the URL. A
 * named workspace's link (`/?arbejdsomraade=12`) opens that workspace; the first home after a
 * sign-in opens the start workspace, when the user has one, instead of the last layout. Answers
 * whether the workspace still waits for the server to learn which (nothing is shown meanwhile).
 */
function useUrlSync(saved: string | null): boolean {
  const url = useLocation();
  const savedRef = useRef(saved);
  const [venter, setVenter] = useState(() =>
    venterPaaStart(window.location.pathname, window.location.search),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: url is the trigger; the URL is read from window.location
  useEffect(() => {
    const { pathname, search } = window.location;
    const current = workspace.get();
    if (leaves(current.layout).length > 0 && pathname + search === workspaceUrl(current)) return;
    const link = linkId(pathname, search);
    if (link !== null) {
      startAfgjort();
      void aabnLink(link, savedRef.current);
      return;
    }
    if (venterPaaStart(pathname, search)) {
      void startLayout(pathname, search)
        .then(async (start) => {
          if (start !== null && (await aabnLayout(start, 'replace'))) return;
          await syncFromUrlGuarded(pathname, search, savedRef.current);
        })
        .finally(() => setVenter(false));
      return;
    }
    startAfgjort();
    void syncFromUrlGuarded(pathname, search, savedRef.current);
  }, [url]);
  return venter;
}

/**
 * The saved layout belongs to the customer it was made in (workspaceLayoutKundeId): it is restored
 * only there, so another customer's records never come back after a customer switch.
 */
export function savedLayoutFor(
  settings: Record<string, unknown> | null | undefined,
  kundeId: number | undefined,
): string | null {
  if (!settings || typeof settings.workspaceLayout !== 'string') return null;
  return kundeId !== undefined && settings.workspaceLayoutKundeId === kundeId
    ? settings.workspaceLayout
    : null;
}

/** Saves the layout (encoded as in the URL, so versioned) in brugerSettings.workspaceLayout. */
function useLayoutSaving() {
  useEffect(() => {
    let timer: number | undefined;
    workspace.onChange((encoded) => {
      // The customer the layout is made in, read now: a save that runs after a switch keeps it.
      const kundeId = sessionActor.getSnapshot().context.user?.customerId;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const settings = sessionActor.getSnapshot().context.brugerSettings;
        if (!settings || kundeId === undefined) return;
        if (settings.workspaceLayout === encoded && settings.workspaceLayoutKundeId === kundeId) return;
        const next = { ...settings, workspaceLayout: encoded, workspaceLayoutKundeId: kundeId };
        api
          .saveBrugerSettings(next)
          .then(() => sessionActor.send({ type: 'SETTINGS_CHANGED', brugerSettings: next }))
          .catch(() => {});
      }, SAVE_LAYOUT_DELAY_MS);
    });
    return () => {
      window.clearTimeout(timer);
      workspace.onChange(undefined);
    };
  }, []);
}

/** Detail pages of companies, farms and water plants are titled by the entity (the title rule does not apply there). */
function useDocumentTitle() {
  const ws = useWorkspace();
  const { ressourcer, user } = useSession();
  const id = ws.focused;
  const meta = useTileMeta(id ?? '');
  const path = id ? ws.tiles[id]?.path : undefined;
  useEffect(() => {
    const route = path ? resolveTilePath(path, ressourcer).route : null;
    document.title = dokumentTitel(route, meta.title, user?.customerName);
  }, [path, meta.title, ressourcer, user?.customerName]);
}

/** Switching customer goes home (spec 000 §4): the other customer's tiles close at once. */
function useHomeOnCustomerSwitch() {
  const { user } = useSession();
  const kundeId = user?.customerId;
  const previous = useRef(kundeId);
  useEffect(() => {
    if (previous.current === kundeId) return;
    previous.current = kundeId;
    workspace.goHome();
  }, [kundeId]);
}

/**
 * Companies and farms opened in any tile (from a list, a link, a favourite) join the user's recent
 * items, named as their tile is (the palette adds what it opens itself, water plants too).
 */
function useRecentRecords() {
  const ws = useWorkspace();
  const { ressourcer, user } = useSession();
  const id = ws.focused;
  const { title } = useTileMeta(id ?? '');
  const path = id ? ws.tiles[id]?.path : undefined;
  const owner = recentOwner(user);
  const seen = useRef(path);
  useEffect(() => {
    // Right after the route changed, the title may still be the previous record's.
    const fresh = seen.current !== path;
    seen.current = path;
    if (fresh || !path || !title) return;
    const { route, params } = resolveTilePath(path, ressourcer);
    const item = senesteFor(route, params, title);
    if (item) addRecent(owner, item);
  }, [path, title, ressourcer, owner]);
}

/**
 * The tiled workspace: every route opens in a tile of a resizable, rearrangeable mosaic. `overlays`
 * are the dialogs drawn over it (the palette and the shortcut sheet, which sit above the workspace
 * and are handed in by the app's composition root, ../WorkspaceRoot.tsx).
 */
export function Workspace({ overlays }: { overlays?: ReactNode }) {
  const ws = useWorkspace();
  const { brugerSettings, user } = useSession();
  const saved = savedLayoutFor(brugerSettings, user?.customerId);
  // Saving listens before the URL is read, so a workspace opened from a link is saved too.
  useLayoutSaving();
  const henterStart = useUrlSync(saved);
  useHomeOnCustomerSwitch();
  useDocumentTitle();
  useRecentRecords();
  useWorkspaceShortcuts();

  // Closing the browser tab with unsaved changes asks too.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (anyDirty()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const onChange = useCallback((node: MosaicNode<TileId> | null) => {
    workspace.setLayout(node as LayoutNode | null, 'none');
  }, []);
  // The URL follows once a drag or resize is released: replace, never push, so history stays clean.
  const onRelease = useCallback((node: MosaicNode<TileId> | null) => {
    workspace.setLayout(node as LayoutNode | null, 'replace');
  }, []);

  if (ws.maximised && ws.tiles[ws.maximised]) {
    return (
      <div className="workspace maximised">
        <div className="maximised-tile">
          <div className="mosaic-window-toolbar">
            <TileHeader tileId={ws.maximised} />
          </div>
          <TileBody tileId={ws.maximised} />
        </div>
        <UnsavedChangesModal />
        {overlays}
      </div>
    );
  }
  return (
    <div className="workspace">
      <Mosaic<TileId>
        className="mw-mosaic"
        value={ws.layout as MosaicNode<TileId> | null}
        onChange={onChange}
        onRelease={onRelease}
        renderTile={(id, path) => (
          <MosaicWindow<TileId>
            path={path}
            title={id}
            draggable
            renderToolbar={() => (
              <div className="tile-toolbar">
                <TileHeader tileId={id} />
              </div>
            )}
          >
            <TileBody tileId={id} />
          </MosaicWindow>
        )}
        zeroStateView={
          <div className="loading">
            {henterStart
              ? 'Henter dit startarbejdsområde …'
              : 'Intet felt er åbent. Tryk Ctrl+K for at åbne noget.'}
          </div>
        }
      />
      <UnsavedChangesModal />
      {overlays}
    </div>
  );
}
