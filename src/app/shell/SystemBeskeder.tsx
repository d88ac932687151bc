import { useQuery } from '@tanstack/react-query';
import { Info, OctagonAlert, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { hentSystemBeskeder } from '../../contract/notes';
import { http } from '../session/runtime';
import { useShellSession } from '../session/session-context';
import './system-beskeder.css';

/** How often the messages are fetched again while the page is open. */
export const SYSTEMBESKED_INTERVAL_MS = 5 * 60_000;
const LUKKET_NOEGLE = 'mwSystemBeskederLukket';

/** The ids the user has closed in this browser session. */
function laesLukkede(): number[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(LUKKET_NOEGLE) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

function gemLukkede(ids: readonly number[]): void {
  try {
    sessionStorage.setItem(LUKKET_NOEGLE, JSON.stringify(ids));
  } catch {
    // The choice lives for this page only.
  }
}

const IKON = { info: Info, advarsel: TriangleAlert, kritisk: OctagonAlert } as const;
const NIVEAU = { info: 'Information', advarsel: 'Advarsel', kritisk: 'Kritisk' } as const;

/**
 * System messages (SystemBesked/HentSystemBeskeder/{kundeId}, issue 15): the messages in force for
 * everyone and the active customer, as a calm banner under the top bar, coloured by severity. Each
 * can be closed; a closed message stays closed for the browser session. Fetched again on a customer
 * switch (the customer is in the key) and every five minutes.
 */
export function SystemBeskeder() {
  const { user, signedIn } = useShellSession();
  const kundeId = user?.customerId;
  const [lukkede, setLukkede] = useState(laesLukkede);
  const q = useQuery({
    queryKey: ['systembesked', kundeId],
    queryFn: ({ signal }) =>
      http.call(hentSystemBeskeder, { params: { kundeId: kundeId! }, signal, silent: true }),
    enabled: signedIn && kundeId !== undefined,
    refetchInterval: SYSTEMBESKED_INTERVAL_MS,
    staleTime: 60_000,
  });
  const vist = (q.data ?? []).filter((b) => !lukkede.includes(b.id));
  if (!signedIn || vist.length === 0) return null;
  const luk = (id: number) => {
    const ny = [...lukkede, id];
    setLukkede(ny);
    gemLukkede(ny);
  };
  return (
    <section className="systembeskeder" aria-label="Systembeskeder" data-testid="systembeskeder">
      {vist.map((b) => {
        const Ikon = IKON[b.alvorlighed];
        return (
          <div
            key={b.id}
            className={`systembesked systembesked-${b.alvorlighed}`}
            role={b.alvorlighed === 'kritisk' ? 'alert' : 'status'}
          >
            <Ikon size={15} aria-label={NIVEAU[b.alvorlighed]} className="systembesked-ikon" />
            <span className="systembesked-tekst">
              <strong>{b.titel}</strong> {b.tekst}
            </span>
            <button
              type="button"
              className="icon-button systembesked-luk"
              onClick={() => luk(b.id)}
              aria-label={`Luk beskeden '${b.titel}'`}
              title="Luk beskeden"
            >
              <X size={14} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
