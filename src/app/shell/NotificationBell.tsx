import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Check, CheckCheck, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hentUlaesteAntal, markerLaest } from '../../contract/frister';
import { SAGSBEHANDLER_RETTIGHEDER } from '../../contract/roles';
import { hentNotifikationer } from '../../contract/session';
import { formatDatoTid } from '../lib/dates';
import { navigate } from '../lib/navigation';
import { http } from '../session/runtime';
import { useShellSession } from '../session/session-context';
import { Dropdown, DropdownItem, DropdownText } from '../ui/Dropdown';
import { Spinner } from '../ui/Spinner';
import { NOTIFICATION_LIST_MAX_HEIGHT, NOTIFICATION_LOAD_DELAY_MS } from './constants';
import { NOTIFIKATION_LINKS } from './links';

import './notification-bell.css';

export const NOTIFIKATIONER_QUERY_KEY = ['notification', 'list'] as const;
export const ULAESTE_QUERY_KEY = ['notification', 'antal'] as const;
/** How often the unread count is fetched again while the app is open. */
const ULAESTE_INTERVAL_MS = 5 * 60_000;
const TYPE_NAVNE = { 1: 'DMA-status', 2: 'Jupiter-status', 3: 'Jupiter-certifikat' } as const;

/** The bell shows only for the three caseworker rights (spec 000 §6). */
export function NotificationBell() {
  const { ressourcer } = useShellSession();
  if (!SAGSBEHANDLER_RETTIGHEDER.some((r) => ressourcer.has(r))) return null;
  return <NotificationCentre />;
}

/**
 * The notification centre (spec 000 §2.4): on opening it waits 250 ms, then fetches; a spinner
 * while loading, 'Ingen nye notifikationer' when empty, a refresh button that reloads. Additions
 * (issue 15): the bell carries the unread count; each notification can be marked read, or all at once.
 */
function NotificationCentre() {
  const client = useQueryClient();
  const ulaeste = useQuery({
    queryKey: ULAESTE_QUERY_KEY,
    queryFn: ({ signal }) => http.call(hentUlaesteAntal, { signal, silent: true }),
    refetchInterval: ULAESTE_INTERVAL_MS,
  });
  const antalUlaeste = ulaeste.data?.ulaeste ?? 0;
  const marker = useCallback(
    async (ids?: number[]) => {
      const svar = await http.call(markerLaest, { body: ids ? { ids } : {} });
      client.setQueryData(ULAESTE_QUERY_KEY, svar);
      client.setQueryData(
        NOTIFIKATIONER_QUERY_KEY,
        (gamle: Awaited<ReturnType<typeof hentListe>> | undefined) =>
          gamle?.map((n) => (!ids || ids.includes(n.id) ? { ...n, laest: true } : n)),
      );
    },
    [client],
  );
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const query = useQuery({
    queryKey: NOTIFIKATIONER_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const liste = await hentListe(signal);
      void client.invalidateQueries({ queryKey: ULAESTE_QUERY_KEY });
      return liste;
    },
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
      label={
        <span className="notification-bell-icon">
          <Bell size={16} aria-hidden="true" />
          {antalUlaeste > 0 && (
            <span className="notification-badge" data-testid="notification-badge">
              {antalUlaeste > 99 ? '99+' : antalUlaeste}
            </span>
          )}
        </span>
      }
      ariaLabel={antalUlaeste > 0 ? `Notifikationer (${antalUlaeste} ulæste)` : 'Notifikationer'}
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
        {items.some((n) => !n.laest) && (
          <DropdownItem
            closeOnSelect={false}
            onSelect={() => void marker()}
            className="icon-button notification-mark-all"
            title="Marker alle som læst"
            testId="notification-mark-all"
          >
            <CheckCheck size={14} aria-hidden="true" />
            <span className="visually-hidden">Marker alle som læst</span>
          </DropdownItem>
        )}
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
            const path = n.link ?? NOTIFIKATION_LINKS[n.notifikationType];
            const ulaest = n.laest === false;
            return (
              <li key={n.id} className={ulaest ? 'notification-ulaest' : undefined}>
                <DropdownItem
                  href={path}
                  onSelect={() => {
                    // Opening a notification reads it (issue 30): marked read as it opens.
                    if (ulaest) void marker([n.id]).catch(() => {});
                    navigate(path);
                  }}
                  className="notification-item"
                >
                  <span className="notification-meta">
                    {TYPE_NAVNE[n.notifikationType]} · {formatDatoTid(n.oprettetDatoTid)}
                    {ulaest ? ' · Ulæst' : ''}
                  </span>
                  <span className="notification-text">{n.beskrivelse}</span>
                </DropdownItem>
                {ulaest && (
                  <DropdownItem
                    closeOnSelect={false}
                    onSelect={() => void marker([n.id])}
                    className="icon-button notification-mark"
                    title="Marker som læst"
                  >
                    <Check size={14} aria-hidden="true" />
                    <span className="visually-hidden">Marker som læst</span>
                  </DropdownItem>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Dropdown>
  );
}

const hentListe = (signal?: AbortSignal) => http.call(hentNotifikationer, { signal });
