// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorStore } from '../../src/app/lib/error-store';
import type { HttpFailure } from '../../src/app/lib/http';
import { http } from '../../src/app/session/runtime';
import { ErrorModals, errorModalContent } from '../../src/app/shell/ErrorModals';
import { ERROR_TEXTS, errorModalSuppressed, FORBIDDEN_HEADER } from '../../src/app/shell/error-content';
import { jsonResponse, renderSignedIn, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const AT = new Date(2025, 2, 7, 9, 5, 3);
const failure = (over: Partial<HttpFailure>): HttpFailure => ({
  status: 500,
  body: undefined,
  method: 'GET',
  url: '/api/x',
  noResponse: false,
  at: AT,
  ...over,
});
const user = { isSystemAdmin: false };
const admin = { isSystemAdmin: true };

describe('errorModalContent (spec 000 §8)', () => {
  it('titles the error modal "Fejl - DD-MM-YYYY HH:mm:ss"', () => {
    const content = errorModalContent(failure({ status: 500 }), user);
    expect(content.title).toBe('Fejl - 07-03-2025 09:05:03');
  });

  it('gives the catalogue text per status', () => {
    const text = (f: HttpFailure) => {
      const c = errorModalContent(f, user);
      return c.kind === 'error' ? c.text : null;
    };
    expect(text(failure({ status: 500, noResponse: true }))).toBe(
      'Kunne ikke oprette forbindelse til serveren',
    );
    expect(text(failure({ status: 401 }))).toBe('Der er ikke de fornødne rettigheder til denne handling.');
    expect(text(failure({ status: 500, body: { status: 500, FejlBesked: 'Tilsynet er låst' } }))).toBe(
      'Tilsynet er låst',
    );
    expect(text(failure({ status: 500, body: { status: 500 } }))).toBe(
      'Der opstod en uventet fejl, prøv igen. Kontakt support hvis problemet fortsætter.',
    );
    for (const status of [400, 404, 409, 429, 502]) {
      expect(text(failure({ status, body: { message: 'x' } }))).toBe('Der opstod en uventet fejl');
    }
  });

  it('splits a 403 message on ", " into lines under the fixed header', () => {
    const content = errorModalContent(
      failure({
        status: 403,
        body: {
          status: 403,
          // As the server writes it: the header without its full stop when parts follow.
          message: `${FORBIDDEN_HEADER.slice(0, -1)}, Kræver SAGSBEHANDLER_ADMIN, Kontakt din administrator`,
        },
      }),
      user,
    );
    expect(content).toEqual({
      kind: 'forbidden',
      title: 'Der er ikke de fornødne rettigheder til denne handling.',
      lines: ['Kræver SAGSBEHANDLER_ADMIN', 'Kontakt din administrator'],
    });
  });

  it('gives no technical detail to other users', () => {
    const body = { status: 500, FejlBesked: 'Fejl', message: 'NullReference', stackTrace: 'at x()' };
    const content = errorModalContent(failure({ body }), user);
    expect(content.kind === 'error' && content.details).toBe(null);
  });

  it('gives SYSTEM_ADMIN message (collapsed over 75 characters), stack trace and 400 problem details', () => {
    const short = 'a'.repeat(75);
    const long = 'b'.repeat(76);
    const details = (f: HttpFailure) => {
      const c = errorModalContent(f, admin);
      return c.kind === 'error' ? c.details : null;
    };
    expect(details(failure({ body: { message: short, stackTrace: 'at y()' } }))).toEqual({
      message: { text: short, collapsed: false },
      stackTrace: 'at y()',
    });
    expect(details(failure({ body: { message: long } }))?.message).toEqual({ text: long, collapsed: true });
    const errors = { navn: ['Navn skal udfyldes'] };
    expect(details(failure({ status: 400, body: { title: 'Ugyldige data', status: 400, errors } }))).toEqual({
      problem: { title: 'Ugyldige data', errors },
    });
  });

  it('is suppressed on /login and /swecologin only', () => {
    expect(errorModalSuppressed('/login')).toBe(true);
    expect(errorModalSuppressed('/SweCoLogin?x=1')).toBe(true);
    expect(errorModalSuppressed('/stslogin?userid=1')).toBe(false);
    expect(errorModalSuppressed('/')).toBe(false);
  });
});

describe('<ErrorModals />', () => {
  it('shows the FejlBesked of a 500 from the HTTP client, and closes with OK', async () => {
    stubApi({
      'GET virksomhed/1': () => jsonResponse({ status: 500, FejlBesked: 'Databasen svarer ikke' }, 500),
    });
    await renderSignedIn(<ErrorModals />, { username: 'vand' });
    await act(() => http.get('virksomhed/1').catch(() => {}));
    const dialog = screen.getByRole('dialog', { name: /^Fejl - \d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/ });
    expect(within(dialog).getByText('Databasen svarer ikke')).toBeTruthy();
    expect(within(dialog).queryByText('Vis stacktrace')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('treats a network failure as no connection', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await renderSignedIn(<ErrorModals />, { username: 'vand' });
    await act(() => http.get('virksomhed/1').catch(() => {}));
    expect(screen.getByRole('dialog').textContent).toContain(ERROR_TEXTS.noResponse);
  });

  it('opens the forbidden modal with one line per part', async () => {
    stubApi({
      'PUT admin/frase': () =>
        jsonResponse(
          { status: 403, message: `${FORBIDDEN_HEADER}, Kræver KOMMUNE_ADMIN, Eller SAGSBEHANDLER_ADMIN` },
          403,
        ),
    });
    await renderSignedIn(<ErrorModals />, { username: 'vand' });
    await act(() => http.put('admin/frase', {}).catch(() => {}));
    const dialog = screen.getByRole('dialog', { name: FORBIDDEN_HEADER });
    const lines = Array.from(dialog.querySelectorAll('.forbidden-line')).map((p) => p.textContent);
    expect(lines).toEqual(['Kræver KOMMUNE_ADMIN', 'Eller SAGSBEHANDLER_ADMIN']);
  });

  it('gives SYSTEM_ADMIN the collapsible detail sections', async () => {
    const message = 'TypeError: Cannot read properties of undefined (reading "id") in tilsyn handler';
    await renderSignedIn(<ErrorModals />, { username: 'admin' });
    act(() =>
      errorStore.push(
        failure({ body: { status: 500, FejlBesked: 'Fejl i tilsyn', message, stackTrace: 'at h()' } }),
      ),
    );
    const dialog = screen.getByRole('dialog');
    const detail = within(dialog).getByRole('button', { name: 'Vis message/detail' });
    // Over 75 characters: starts collapsed.
    expect(detail.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(detail);
    expect(detail.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByText(message)).toBeTruthy();
    const stack = within(dialog).getByRole('button', { name: 'Vis stacktrace' });
    fireEvent.click(stack);
    expect(within(dialog).getByText('at h()')).toBeTruthy();
  });

  it('shows a 400 title and errors to SYSTEM_ADMIN', async () => {
    await renderSignedIn(<ErrorModals />, { username: 'admin' });
    act(() =>
      errorStore.push(
        failure({
          status: 400,
          body: { title: 'Ugyldige data', status: 400, errors: { aar: ['For stort'] } },
        }),
      ),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Der opstod en uventet fejl');
    expect(dialog.textContent).toContain('Ugyldige data');
    expect(dialog.textContent).toContain('For stort');
  });

  it('shows queued failures one after the other', async () => {
    await renderSignedIn(<ErrorModals />, { username: 'vand' });
    act(() => {
      errorStore.push(failure({ status: 401 }));
      errorStore.push(failure({ status: 404 }));
    });
    expect(screen.getByRole('dialog').textContent).toContain(ERROR_TEXTS.unauthorized);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog').textContent).toContain(ERROR_TEXTS.other);
  });

  it('drops failures on the login route instead of showing them', async () => {
    window.history.replaceState(null, '', '/login');
    await renderSignedIn(<ErrorModals />, { username: 'vand' });
    act(() => errorStore.push(failure({ status: 500 })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(errorStore.current()).toBeUndefined();
  });
});
