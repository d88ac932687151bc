import { useQuery } from '@tanstack/react-query';
import { Bell, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SAGSBEHANDLER_RETTIGHEDER } from '../../contract/roles';
import { hentNotifikationer } from '../../contract/session';
import { formatDatoTid } from '../lib/dates';
import { navigate } from '../lib/navigation';
import { http } from '../session/runtime';
import { Dropdown, DropdownItem, DropdownText } from '../ui/Dropdown';
import { Spinner } from '../ui/Spinner';
import { NOTIFICATION_LIST_MAX_HEIGHT, NOTIFICATION_LOAD_DELAY_MS } from './constants';
import { NOTIFIKATION_LINKS } from './links';
import { useShellSession } from './session-context';

export const NOTIFIKATIONER_QUERY_KEY = ['notification', 'list'] as const;
const TYPE_NAVNE = { 1: 'DMA-status', 2: 'Jupiter-status', 3: 'Jupiter-certifikat' } as const;

/** The bell shows only for the three caseworker rights (spec 000 §6). */
export function NotificationBell() {
  const { ressourcer } = useShellSession();
  if (!SAGSBEHANDLER_RETTIGHEDER.some((r) => ressourcer.has(r))) return null;
  return <NotificationCentre />;
}

/**
 * The notification centre (spec 000 §2.4): on opening it waits 250 ms, then fetches; a spinner
 * while loading, 'Ingen nye notifikationer' when empty, a refresh button that reloads.
 */
function NotificationCentre() {
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const query = useQuery({
    queryKey: NOTIFIKATIONER_QUERY_KEY,
    queryFn: ({ signal }) => http.call(hentNotifikationer, { signal }),
    // Fetched only when the centre opens or on refresh.
    enabled: false,
  });
  const { refetch } = query;

  const load = useCallback(() => {
    window.clearTimeout(timer.current);
    setWaiting(true);
    timer.current = window.setTimeout(() => {
      setWaiting(false);
      void refetch();
    }, NOTIFICATION_LOAD_DELAY_MS);
  }, [refetch]);
  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    setWaiting(false);
  }, []);
  useEffect(() => stop, [stop]);

  const loading = waiting || query.isFetching;
  const items = query.data ?? [];
  return (
    <Dropdown
      nav
      align="right"
      label={<Bell size={16} aria-hidden="true" />}
      ariaLabel="Notifikationer"
      title="Notifikationer"
      popupRole="dialog"
      popupLabel="Notifikationer"
      showChevron={false}
      buttonClassName="topbar-button icon-only"
      popupClassName="notification-popup"
      onOpenChange={(open) => (open ? load() : stop())}
      testId="notification-bell"
    >
      <div className="notification-header">
        <strong>Notifikationer</strong>
        <DropdownItem
          closeOnSelect={false}
          onSelect={load}
          className="icon-button notification-refresh"
          title="Opdater"
          testId="notification-refresh"
        >
          <RefreshCw size={14} aria-hidden="true" />
          <span className="visually-hidden">Opdater</span>
        </DropdownItem>
      </div>
      {loading ? (
        <div className="notification-loading">
          <Spinner />
        </div>
      ) : query.isError ? (
        <DropdownText className="muted">Notifikationerne kunne ikke hentes.</DropdownText>
      ) : items.length === 0 ? (
        <DropdownText className="muted">Ingen nye notifikationer</DropdownText>
      ) : (
        <ul className="notification-list" style={{ maxHeight: `${NOTIFICATION_LIST_MAX_HEIGHT}px` }}>
          {items.map((n) => {
            const path = NOTIFIKATION_LINKS[n.notifikationType];
            return (
              <li key={n.id}>
                <DropdownItem href={path} onSelect={() => navigate(path)} className="notification-item">
                  <span className="notification-meta">
                    {TYPE_NAVNE[n.notifikationType]} · {formatDatoTid(n.oprettetDatoTid)}
                  </span>
                  <span className="notification-text">{n.beskrivelse}</span>
                </DropdownItem>
              </li>
            );
          })}
        </ul>
      )}
    </Dropdown>
  );
}
