import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { byFavoritType } from '../../contract/entitet';
import { hentAdresse } from '../../contract/notes';
import { type Favorit, sortFavoritter } from '../../contract/session';
import { navigate } from '../lib/navigation';
import { http } from '../session/runtime';
import { useShellSession } from '../session/session-context';
import { Dropdown, DropdownItem, DropdownText } from '../ui/Dropdown';
import { ENTITET_IKONER } from '../ui/entitet-ikon';
import { DROPDOWN_MAX_HEIGHT } from './constants';
import { favoritPath } from './links';

/** Building for a company, farm (tractor) for a farm, water drop for a water plant (spec 000 §2.4). */
export function FavoritIcon({ type, size = 15 }: { type: Favorit['virksomhedType']; size?: number }) {
  const entitet = byFavoritType(type);
  const Icon = ENTITET_IKONER[entitet.ikon];
  return (
    <Icon size={size} aria-label={entitet.titelEntal} role="img" className={`favorit-icon favorit-${type}`} />
  );
}

/** The favourites dropdown of the top bar: sorted, scrolls above 400 px, each links to stamoplysninger. */
export function FavoritesMenu() {
  const { kundeSettings, brugerSettings } = useShellSession();
  const [open, setOpen] = useState(false);
  const favorites = sortFavoritter(kundeSettings?.favorites ?? []);
  const showAddresses = !!brugerSettings?.visFavoritAdresser;
  return (
    <Dropdown
      nav
      label={
        <>
          <Star size={15} aria-hidden="true" />
          <span className="topbar-label">Favoritter</span>
        </>
      }
      popupLabel="Favoritter"
      buttonClassName="topbar-button"
      popupClassName="favorites-popup"
      maxHeight={DROPDOWN_MAX_HEIGHT}
      onOpenChange={setOpen}
      testId="favorites-toggle"
    >
      {favorites.length === 0 ? (
        <DropdownText className="muted">Ingen favoritter</DropdownText>
      ) : (
        favorites.map((f) => {
          const path = favoritPath(f);
          return (
            <DropdownItem
              key={`${f.virksomhedType}-${f.virksomhedId}`}
              href={path}
              onSelect={() => navigate(path)}
              className="favorit-item"
            >
              <FavoritIcon type={f.virksomhedType} />
              <span className="favorit-text">
                <span className="favorit-name">{f.displayName || `#${f.virksomhedId}`}</span>
                {showAddresses && open && <FavoritAdresse virksomhedId={f.virksomhedId} />}
              </span>
            </DropdownItem>
          );
        })
      )}
    </Dropdown>
  );
}

/** The address under a favourite's name, when the user chose visFavoritAdresser. */
function FavoritAdresse({ virksomhedId }: { virksomhedId: number }) {
  const { data } = useQuery({
    queryKey: ['adresse', virksomhedId],
    // Silent: a favourite whose company is gone just shows no address.
    queryFn: ({ signal }) => http.call(hentAdresse, { params: { virksomhedId }, signal, silent: true }),
    staleTime: 5 * 60_000,
  });
  if (!data?.adresse) return null;
  return <span className="favorit-adresse">{data.adresse}</span>;
}
