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
