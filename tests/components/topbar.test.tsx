// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TopBar } from '../../src/app/shell/TopBar';
import { renderSignedIn, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const ONE_KUNDE = [{ kundeId: 1, kundeNavn: 'Skive Kommune' }];
const TWO_KUNDER = [
  { kundeId: 2, kundeNavn: 'Herning Kommune' },
  { kundeId: 1, kundeNavn: 'Skive Kommune' },
];

function stubKunder(kunder = ONE_KUNDE) {
  return stubApi({ 'GET bruger/GetAvailableMunicipalitiesForUser': () => kunder });
}

const openUserMenu = (username: string) => {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(username) }));
  return screen.getByRole('menu', { name: 'Brugermenu' });
};

describe('notification bell visibility (spec 000 §6)', () => {
  it.each(['vand', 'virksomhed', 'landbrug', 'multi', 'admin'])('is shown for %s', async (username) => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username });
    expect(screen.getByRole('button', { name: 'Notifikationer' })).toBeTruthy();
  });

  it.each(['laeser', 'oekonomi'])('is not shown for %s', async (username) => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username });
    expect(screen.queryByRole('button', { name: 'Notifikationer' })).toBeNull();
  });
});

describe('user menu', () => {
  it('has the username in its accessible name and on data-testid active-user', async () => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username: 'vand' });
    expect(screen.getByRole('button', { name: /vand/ }).getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.getByTestId('active-user').textContent).toBe('vand');
  });

  it('shows Systemadministration to SYSTEM_ADMIN, linking to kundemoduler', async () => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username: 'admin' });
    const menu = openUserMenu('admin');
    const entries = within(menu)
      .getAllByRole('menuitem')
      .map((el) => el.textContent?.trim());
    expect(entries).toEqual(['Indstillinger', 'Nyhedsbrev', 'Support', 'Systemadministration', 'Log ud']);
    const link = within(menu).getByRole('menuitem', { name: 'Systemadministration' });
    fireEvent.click(link);
    expect(window.location.pathname).toBe('/systemadmin/kundemoduler');
  });

  it.each(['vand', 'laeser', 'oekonomi', 'multi'])('hides Systemadministration from %s', async (username) => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username });
    const menu = openUserMenu(username);
    expect(within(menu).queryByRole('menuitem', { name: 'Systemadministration' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Log ud' })).toBeTruthy();
  });

  it('Log ud sends LOGOUT; Nyhedsbrev and Support are external links', async () => {
    stubKunder();
    const { sent } = await renderSignedIn(<TopBar />, { username: 'vand' });
    const menu = openUserMenu('vand');
    for (const name of ['Nyhedsbrev', 'Support']) {
      const link = within(menu).getByRole('menuitem', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Log ud' }));
    // Tiles with unsaved changes are asked first (none here), so LOGOUT follows asynchronously.
    await waitFor(() => expect(sent).toContainEqual({ type: 'LOGOUT' }));
  });
});

describe('customer switcher', () => {
  it('is not a switcher with one customer: the name is plain text', async () => {
    const calls = stubKunder(ONE_KUNDE);
    await renderSignedIn(<TopBar />, { username: 'vand' });
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'bruger/GetAvailableMunicipalitiesForUser')).toBe(true),
    );
    expect(screen.getByTestId('active-kunde').textContent).toBe('Skive Kommune');
    expect(screen.queryByRole('button', { name: /Skift kunde/ })).toBeNull();
  });

  it('with more than one customer, choosing another sends CUSTOMER_SWITCH with the current path', async () => {
    stubKunder(TWO_KUNDER);
    window.history.replaceState(null, '', '/virksomheder?x=1');
    const { sent } = await renderSignedIn(<TopBar />, { username: 'multi' });
    const toggle = await screen.findByRole('button', { name: /Skift kunde/ });
    expect(screen.getByTestId('active-kunde').textContent).toBe('Skive Kommune');
    fireEvent.click(toggle);
    const menu = screen.getByRole('menu', { name: 'Kunder' });
    expect(menu.style.maxHeight).toBe('400px');
    const active = within(menu).getByRole('menuitemradio', { name: 'Skive Kommune' });
    expect(active.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Herning Kommune' }));
    expect(sent).toContainEqual({ type: 'CUSTOMER_SWITCH', kundeId: 2, currentPath: '/virksomheder' });
    expect(screen.queryByRole('menu', { name: 'Kunder' })).toBeNull();
  });
});

describe('favourites', () => {
  it('lists favourites sorted, with an icon per type and links to stamoplysninger', async () => {
    stubKunder();
    await renderSignedIn(<TopBar />, {
      username: 'admin',
      kundeSettings: {
        favorites: [
          { virksomhedId: 3, virksomhedType: 'Vandanlaeg', displayName: 'vandværk Øst' },
          { virksomhedId: 1, virksomhedType: 'Virksomhed', displayName: 'Auto ApS' },
          { virksomhedId: 2, virksomhedType: 'Landbrug', displayName: 'bakkegården' },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /Favoritter/ }));
    const menu = screen.getByRole('menu', { name: 'Favoritter' });
    expect(menu.style.maxHeight).toBe('400px');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      '/virksomheder/1/stamoplysninger',
      '/landbrug/2/stamoplysninger',
      '/vandanlaeg/3/stamoplysninger',
    ]);
    expect(items.map((i) => within(i).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Virksomhed',
      'Landbrug',
      'Vandanlæg',
    ]);
    fireEvent.click(items[1]!);
    expect(window.location.pathname).toBe('/landbrug/2/stamoplysninger');
    expect(screen.queryByRole('menu', { name: 'Favoritter' })).toBeNull();
  });

  it('says so when there are none', async () => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username: 'vand' });
    fireEvent.click(screen.getByRole('button', { name: /Favoritter/ }));
    expect(screen.getByRole('menu', { name: 'Favoritter' }).textContent).toContain('Ingen favoritter');
  });
});

describe('environment label and keyboard', () => {
  it('shows Development on localhost and nothing on the production host', async () => {
    stubKunder();
    const { rerender } = await renderSignedIn(<TopBar hostname="localhost" />);
    expect(screen.getByTestId('environment-label').textContent).toBe('Development');
    rerender(<TopBar hostname="www.miljoetilsyn.dk" />);
    expect(screen.queryByTestId('environment-label')).toBeNull();
  });

  it('opens a menu with ArrowDown, moves with arrows, closes on Escape with focus back', async () => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username: 'admin' });
    const toggle = screen.getByRole('button', { name: /Brugermenu/ });
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Brugermenu' });
    expect(document.activeElement?.textContent?.trim()).toBe('Indstillinger');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent?.trim()).toBe('Nyhedsbrev');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent?.trim()).toBe('Log ud');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps only one navigation dropdown open and closes on an outside click', async () => {
    stubKunder();
    await renderSignedIn(<TopBar />, { username: 'vand' });
    fireEvent.click(screen.getByRole('button', { name: /Favoritter/ }));
    expect(screen.getByRole('menu', { name: 'Favoritter' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Brugermenu/ }));
    expect(screen.queryByRole('menu', { name: 'Favoritter' })).toBeNull();
    expect(screen.getByRole('menu', { name: 'Brugermenu' })).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
