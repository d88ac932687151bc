import { type Arbejdsomraade, arbejdsomraadeLinkId } from '../../contract/arbejdsomraader';
import { notifyLocationChanged } from '../lib/navigation';
import { arbejdsomraaderNu, hentEtArbejdsomraade } from '../session/arbejdsomraader';
import { sessionActor } from '../session/runtime';
import { toast } from '../ui/toast';
import { syncFromUrlGuarded } from './actions';
import { confirmLeave } from './guards';
import { leaves, type Workspace } from './layout';
import { workspace } from './store';
import { requestTileFocus } from './tile-focus';
import { decodeWorkspace, encodeWorkspace, workspaceUrl } from './url-codec';

/**
 * Named workspaces in the workspace (issue 34): the layout saved is the one the address bar carries
 * (`encodeWorkspace`: tiles, their paths with each view's own state such as a report's filters,
 * sizes, the focused and a maximised tile), and opening one reproduces it exactly as a shared link
 * with a layout does. Tiles whose route would change are asked first (unsaved changes).
 */

/** The open workspace's layout, as a named workspace keeps it. */
export const aktueltLayout = (): string => encodeWorkspace(workspace.get());

/** The workspace a saved layout describes, or null when it cannot be read (a future format). */
export const layoutSomWorkspace = (layout: string): Workspace | null => decodeWorkspace('', layout);

export const KAN_IKKE_LAESES = 'Arbejdsområdet kan ikke åbnes: dets layout kan ikke læses af denne version.';
export const LINK_IKKE_FUNDET =
  'Arbejdsområdet blev ikke fundet. Det er slettet, eller linket hører til en anden bruger eller kommune.';

/**
 * Opens a saved layout: tiles whose route changes are asked first (unsaved changes); false when the
 * user stayed or the layout cannot be read.
 */
export async function aabnLayout(layout: string, history: 'push' | 'replace'): Promise<boolean> {
  const next = layoutSomWorkspace(layout);
  if (!next) {
    toast.error(KAN_IKKE_LAESES);
    return false;
  }
  const current = workspace.get();
  const affected = leaves(current.layout).filter((id) => next.tiles[id]?.path !== current.tiles[id]?.path);
  if (affected.length > 0 && !(await confirmLeave(affected, workspace.focus))) return false;
  workspace.apply(next, history);
  requestTileFocus(workspace.get().focused);
  return true;
}

/** From the palette or home: Back returns to the workspace that was open. */
export const aabnArbejdsomraade = (a: Pick<Arbejdsomraade, 'layout'>) => aabnLayout(a.layout, 'push');

/** The id of a workspace's link (`/?arbejdsomraade=12`), or null when the URL is no such link. */
export const linkId = arbejdsomraadeLinkId;

/** The address bar shows the workspace's own URL (a link that opened nothing does not stay there). */
function skrivUrl(): void {
  const ws = workspace.get();
  window.history.replaceState({ mwLayout: encodeWorkspace(ws) }, '', workspaceUrl(ws));
  notifyLocationChanged();
}

/**
 * A workspace's link: the workspace is fetched (its owner's only; another user's answers 404) and
 * opened in place of the link. One that cannot be found says so and opens home in the user's own
 * workspace.
 */
export async function aabnLink(id: number, saved: string | null): Promise<void> {
  let layout: string | null = null;
  try {
    layout = (await hentEtArbejdsomraade(id)).layout;
  } catch {
    toast.error(LINK_IKKE_FUNDET);
  }
  if (layout !== null && (await aabnLayout(layout, 'replace'))) return;
  await syncFromUrlGuarded('/', '', saved);
  skrivUrl();
}

/** The start layout is offered once per page load: the first showing of home after a sign-in. */
let startTilbudt = false;

/**
 * The layout a new sign-in lands on: the start workspace, when the session comes from a sign-in just
 * now (not a reload), the address is home without a link, and the user has marked one; else null
 * (the last layout is restored as before).
 */
export async function startLayout(pathname: string, search: string): Promise<string | null> {
  const { freshSignIn, user } = sessionActor.getSnapshot().context;
  if (startTilbudt || !freshSignIn || !user || pathname !== '/' || search.replace(/^\?/, '') !== '')
    return null;
  startTilbudt = true;
  try {
    return (await arbejdsomraaderNu(user.customerId)).find((a) => a.start)?.layout ?? null;
  } catch {
    return null;
  }
}

/**
 * The first address the workspace follows decides it: anything but home without a link (a shared
 * link, a stored target) means the start layout is not offered later in this page load either, so
 * going home afterwards (the logo) shows home, not the start workspace.
 */
export function startAfgjort(): void {
  startTilbudt = true;
}

/** Whether startLayout would ask the server (the workspace waits for the answer before it shows). */
export function venterPaaStart(pathname: string, search: string): boolean {
  const { freshSignIn, user } = sessionActor.getSnapshot().context;
  return !startTilbudt && freshSignIn && !!user && pathname === '/' && search.replace(/^\?/, '') === '';
}
