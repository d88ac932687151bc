import { ExternalLink, LifeBuoy, LogOut, Mail, Settings, Shield, UserRound } from 'lucide-react';
import { navigate } from '../lib/navigation';
import { useShellSession } from '../session/session-context';
import { Dropdown, DropdownItem } from '../ui/Dropdown';
import { logoutGuarded } from '../workspace/actions';
import { KUNDEMODULER_PATH, NYHEDSBREV_URL, SUPPORT_URL } from './links';
import { openSettingsModal } from './settings-modal-store';

/** The user menu (spec 000 §2.4): Indstillinger, Nyhedsbrev, Support, Systemadministration, Log ud. */
export function UserMenu() {
  const { user, ressourcer, send } = useShellSession();
  if (!user) return null;
  return (
    <Dropdown
      nav
      align="right"
      label={
        <>
          <UserRound size={15} aria-hidden="true" />
          <span className="topbar-label" data-testid="active-user">
            {user.username}
          </span>
        </>
      }
      ariaLabel={`Brugermenu for ${user.username}`}
      popupLabel="Brugermenu"
      buttonClassName="topbar-button"
      testId="user-menu"
    >
      <DropdownItem onSelect={openSettingsModal}>
        <Settings size={14} aria-hidden="true" /> Indstillinger
      </DropdownItem>
      <DropdownItem href={NYHEDSBREV_URL} external>
        <Mail size={14} aria-hidden="true" /> Nyhedsbrev
        <ExternalLink size={12} className="external-mark" aria-hidden="true" />
      </DropdownItem>
      <DropdownItem href={SUPPORT_URL} external>
        <LifeBuoy size={14} aria-hidden="true" /> Support
        <ExternalLink size={12} className="external-mark" aria-hidden="true" />
      </DropdownItem>
      {ressourcer.has('SYSTEM_ADMIN') && (
        <DropdownItem href={KUNDEMODULER_PATH} onSelect={() => navigate(KUNDEMODULER_PATH)}>
          <Shield size={14} aria-hidden="true" /> Systemadministration
        </DropdownItem>
      )}
      <hr className="dropdown-separator" />
      <DropdownItem onSelect={() => void logoutGuarded(() => send({ type: 'LOGOUT' }))}>
        <LogOut size={14} aria-hidden="true" /> Log ud
      </DropdownItem>
    </Dropdown>
  );
}
