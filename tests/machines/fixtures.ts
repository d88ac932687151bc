import { fromPromise } from 'xstate';
import type { LoadedSession, SessionUser } from '../../machines/session';
import { type BrugerSettings, defaultBrugerSettings, type KundeSettings } from '../../src/contract/session';

export const KUNDER: Record<number, string> = { 1: 'Aarhus Kommune', 2: 'Odense Kommune' };

export function userOf(customerId: number): SessionUser {
  return {
    userId: '7',
    username: 'anna',
    roles: ['SagsbehandlerVirksomhed'],
    modules: ['Virksomhed'],
    customerId,
    customerName: KUNDER[customerId] ?? `Kunde ${customerId}`,
    municipalityNumber: String(100 + customerId),
  };
}

export function kundeSettingsOf(customerId: number): KundeSettings {
  return {
    favorites: [
      { virksomhedId: customerId * 10, virksomhedType: 'Virksomhed', displayName: `Favorit ${customerId}` },
    ],
  };
}

export const brugerSettings: BrugerSettings = {
  ...defaultBrugerSettings(new Date(2025, 0, 1)),
  activeKundeId: 1,
  hideTimeline: true,
};

export function sessionOf(customerId: number): LoadedSession {
  return { user: userOf(customerId), brugerSettings, kundeSettings: kundeSettingsOf(customerId) };
}

/** Lets pending promise callbacks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The steps of a customer switch that a test can make fail. */
export type SwitchStep =
  | 'changeMunicipality'
  | 'storeToken'
  | 'loadUser'
  | 'saveBrugerSettings'
  | 'loadKundeSettings';

/**
 * Fakes of the customer switch's server calls. Each reports its call as a line through `step`
 * (which throws to make that step fail); the new token is `token-kunde-<id>` unless
 * `changeMunicipality` answers it.
 */
export function fakeSwitchActors(
  step: (s: SwitchStep, line: string) => void,
  changeMunicipality?: () => Promise<string>,
) {
  return {
    changeMunicipality: fromPromise<string, { kundeId: number }>(async ({ input }) => {
      step('changeMunicipality', `changeMunicipality ${input.kundeId}`);
      return changeMunicipality ? changeMunicipality() : `token-kunde-${input.kundeId}`;
    }),
    loadUser: fromPromise<SessionUser, { token: string }>(async ({ input }) => {
      step('loadUser', `loadUser ${input.token}`);
      return userOf(2);
    }),
    saveBrugerSettings: fromPromise<void, { brugerSettings: BrugerSettings }>(async ({ input }) => {
      step('saveBrugerSettings', `saveBrugerSettings activeKundeId=${input.brugerSettings.activeKundeId}`);
    }),
    loadKundeSettings: fromPromise<KundeSettings, { kundeId: number }>(async ({ input }) => {
      step('loadKundeSettings', `loadKundeSettings ${input.kundeId}`);
      return kundeSettingsOf(input.kundeId);
    }),
  };
}
