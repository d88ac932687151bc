import type { BrugerSettings } from '../../contract/session';
import {
  openPlanlaegningPanel,
  openSidePanel,
  type PlanlaegningPanel,
  type SidePanel,
  selectPanel,
} from '../session/panels';

/** oversigtOverIndberetningerAar must be a whole year in this range (spec 000 §3, spec 001). */
export const AAR_MIN = 1755;
export const AAR_MAX = 9999;
export const AAR_FEJL = 'Året angivet er ikke validt';

/** The settings modal's form: one choice per panel group, so the groups stay exclusive (§4). */
export interface SettingsDraft {
  sidePanel: SidePanel | null;
  planlaegningPanel: PlanlaegningPanel | null;
  visFavoritAdresser: boolean;
  /** As typed. */
  oversigtOverIndberetningerAar: string;
}

export function draftFromSettings(settings: BrugerSettings): SettingsDraft {
  return {
    sidePanel: openSidePanel(settings),
    planlaegningPanel: openPlanlaegningPanel(settings),
    visFavoritAdresser: settings.visFavoritAdresser,
    oversigtOverIndberetningerAar: String(settings.oversigtOverIndberetningerAar),
  };
}

/** The error text for a typed year, or null when it is valid. */
export function aarFejl(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return AAR_FEJL;
  const aar = Number(trimmed);
  return aar >= AAR_MIN && aar <= AAR_MAX ? null : AAR_FEJL;
}

/** The settings to save for a valid draft; every other key (table settings, layout ...) is kept. */
export function settingsFromDraft(settings: BrugerSettings, draft: SettingsDraft): BrugerSettings {
  let next = selectPanel(settings, 'side', draft.sidePanel);
  next = selectPanel(next, 'planlaegning', draft.planlaegningPanel);
  return {
    ...next,
    visFavoritAdresser: draft.visFavoritAdresser,
    oversigtOverIndberetningerAar: Number(draft.oversigtOverIndberetningerAar.trim()),
  };
}
