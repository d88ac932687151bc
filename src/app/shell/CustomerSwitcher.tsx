import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { hentBrugerensKunder } from '../../contract/session';
import { http } from '../session/runtime';
import { useShellSession } from '../session/session-context';
import { Dropdown, DropdownItem } from '../ui/Dropdown';
import { DROPDOWN_MAX_HEIGHT } from './constants';

export const KUNDER_QUERY_KEY = ['bruger', 'kunder'] as const;

/**
 * The active customer's name; a dropdown to switch customer when the user has more than one
 * (spec 000 §2.4). Choosing another customer hands the switch to the session machine.
 */
export function CustomerSwitcher() {
  const { user, send, switchingCustomer } = useShellSession();
  const { data: kunder } = useQuery({
    queryKey: KUNDER_QUERY_KEY,
    queryFn: ({ signal }) => http.call(hentBrugerensKunder, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!user) return null;

  const name = (
    <span className="topbar-label" data-testid="active-kunde">
      {user.customerName}
    </span>
  );
  if (!kunder || kunder.length <= 1) {
    return (
      <span className="topbar-kunde" title="Aktiv kunde">
        <Landmark size={15} aria-hidden="true" />
        {name}
      </span>
    );
  }
  return (
    <Dropdown
      nav
      label={
        <>
          {switchingCustomer ? (
            <span className="spinner small" aria-hidden="true" />
          ) : (
            <Landmark size={15} aria-hidden="true" />
          )}
          {name}
        </>
      }
      ariaLabel={`Skift kunde (aktiv kunde: ${user.customerName})`}
      popupLabel="Kunder"
      buttonClassName="topbar-button"
      maxHeight={DROPDOWN_MAX_HEIGHT}
      testId="customer-switcher"
    >
      {kunder.map((k) => (
        <DropdownItem
          key={k.kundeId}
          checked={k.kundeId === user.customerId}
          disabled={switchingCustomer}
          onSelect={() => {
            if (k.kundeId === user.customerId) return;
            send({ type: 'CUSTOMER_SWITCH', kundeId: k.kundeId, currentPath: window.location.pathname });
          }}
        >
          {k.kundeNavn}
        </DropdownItem>
      ))}
    </Dropdown>
  );
}
