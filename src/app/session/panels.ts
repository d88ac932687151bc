import { useCallback } from 'react';
import { type BrugerSettings, defaultBrugerSettings } from '../../contract/session';
import { useShellSession } from './session-context';
import { useSaveBrugerSettings } from './settings-save';

/**
 * Panel visibility (spec 000 §4). Timeline, logs and ad hoc tasks share the side of a company or
 * water plant: opening one hides the other two. Planning graphs and planning user info exclude each
 * other the same way. Each is stored as a hide flag in brugerSettings.
 */
export type SidePanel = 'timeline' | 'logs' | 'adHocOpgaver';
export type PlanlaegningPanel = 'graphs' | 'userInfo';
export type Panel = SidePanel | PlanlaegningPanel;

export const SIDE_PANELS: readonly SidePanel[] = ['timeline', 'logs', 'adHocOpgaver'];
export const PLANLAEGNING_PANELS: readonly PlanlaegningPanel[] = ['graphs', 'userInfo'];

export const HIDE_FLAG = {
  timeline: 'hideTimeline',
  logs: 'hideLogs',
  adHocOpgaver: 'hideAdHocOpgaver',
  graphs: 'hidePlanlaegningGraphs',
  userInfo: 'hidePlanlaegningUserInfo',
} as const satisfies Record<Panel, keyof BrugerSettings>;

const groupOf = (panel: Panel): readonly Panel[] =>
  (SIDE_PANELS as readonly Panel[]).includes(panel) ? SIDE_PANELS : PLANLAEGNING_PANELS;

export function isPanelOpen(settings: BrugerSettings, panel: Panel): boolean {
  return !settings[HIDE_FLAG[panel]];
}

/** Shows `panel` and hides the others of its group. */
export function openPanel(settings: BrugerSettings, panel: Panel): BrugerSettings {
  const next = { ...settings };
  for (const p of groupOf(panel)) next[HIDE_FLAG[p]] = p !== panel;
  return next;
}

/** Hides `panel`; the others of its group stay hidden. */
export function closePanel(settings: BrugerSettings, panel: Panel): BrugerSettings {
  return { ...settings, [HIDE_FLAG[panel]]: true };
}

export function togglePanel(settings: BrugerSettings, panel: Panel): BrugerSettings {
  return isPanelOpen(settings, panel) ? closePanel(settings, panel) : openPanel(settings, panel);
}

/** The open side panel, or null. Settings that somehow show two count as the first of them. */
export function openSidePanel(settings: BrugerSettings): SidePanel | null {
  return SIDE_PANELS.find((p) => isPanelOpen(settings, p)) ?? null;
}

export function openPlanlaegningPanel(settings: BrugerSettings): PlanlaegningPanel | null {
  return PLANLAEGNING_PANELS.find((p) => isPanelOpen(settings, p)) ?? null;
}

/** Shows exactly `panel` of a group, or none of it (null). */
export function selectPanel(
  settings: BrugerSettings,
  group: 'side' | 'planlaegning',
  panel: Panel | null,
): BrugerSettings {
  if (panel !== null) return openPanel(settings, panel);
  const next = { ...settings };
  for (const p of group === 'side' ? SIDE_PANELS : PLANLAEGNING_PANELS) next[HIDE_FLAG[p]] = true;
  return next;
}

/**
 * Panel state and toggles for views: `const panels = usePanelToggle(); panels.toggle('logs')`.
 * A toggle shows at once and is saved to brugerSettings; a failed save puts the old state back
 * (the error modal tells why).
 */
export function usePanelToggle() {
  const { brugerSettings } = useShellSession();
  const save = useSaveBrugerSettings();
  const settings = brugerSettings ?? defaultBrugerSettings();
  const apply = useCallback(
    (change: (s: BrugerSettings) => BrugerSettings) =>
      save(change(settings), { optimistic: true }).catch(() => {
        // Reported by the HTTP client; the optimistic change is already undone.
      }),
    [save, settings],
  );
  return {
    isOpen: (panel: Panel) => isPanelOpen(settings, panel),
    toggle: (panel: Panel) => apply((s) => togglePanel(s, panel)),
    open: (panel: Panel) => apply((s) => openPanel(s, panel)),
    close: (panel: Panel) => apply((s) => closePanel(s, panel)),
  };
}
