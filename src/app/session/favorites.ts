import { useCallback } from 'react';
import type { Favorit, KundeSettings } from '../../contract/session';
import { sortFavoritter } from '../../contract/session';
import { useShellSession } from './session-context';
import { useSaveKundeSettings } from './settings-save';

export interface FavoritInput {
  virksomhedId?: number | null;
  virksomhedType?: Favorit['virksomhedType'] | null;
  displayName?: string | null;
}

const sameFavorit = (f: Favorit, id: number, type: Favorit['virksomhedType']) =>
  f.virksomhedId === id && f.virksomhedType === type;

export function isFavorit(
  settings: KundeSettings | null | undefined,
  virksomhedId: number,
  virksomhedType: Favorit['virksomhedType'],
): boolean {
  return !!settings?.favorites.some((f) => sameFavorit(f, virksomhedId, virksomhedType));
}

/**
 * The favourite toggle (spec 000 §4): adds the company if absent, otherwise removes it, keeping the
 * list sorted by displayName. Fails if virksomhedId or virksomhedType is missing.
 */
export function toggleFavorit(settings: KundeSettings, input: FavoritInput): KundeSettings {
  const { virksomhedId, virksomhedType } = input;
  if (!virksomhedId) throw new Error('Favoritten mangler virksomhedId');
  if (!virksomhedType) throw new Error('Favoritten mangler virksomhedType');
  const present = settings.favorites.some((f) => sameFavorit(f, virksomhedId, virksomhedType));
  const favorites = present
    ? settings.favorites.filter((f) => !sameFavorit(f, virksomhedId, virksomhedType))
    : [...settings.favorites, { virksomhedId, virksomhedType, displayName: input.displayName ?? '' }];
  return { ...settings, favorites: sortFavoritter(favorites) };
}

/**
 * Toggles a favourite and saves the customer settings. The star changes at once; a failed save
 * puts it back and rejects.
 */
export function useFavoritToggle() {
  const { kundeSettings } = useShellSession();
  const save = useSaveKundeSettings();
  return useCallback(
    (input: FavoritInput) =>
      save(toggleFavorit(kundeSettings ?? { favorites: [] }, input), { optimistic: true }),
    [kundeSettings, save],
  );
}
