// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/app/lib/storage';
import { CookieBanner } from '../../src/app/shell/CookieBanner';
import { setupComponentTests } from './harness';

setupComponentTests();

const banner = () => screen.queryByRole('region', { name: 'Cookies og lokal lagring' });

describe('cookie banner (spec 000 §2.4)', () => {
  it('is shown until acceptance is stored', () => {
    render(<CookieBanner />);
    expect(banner()?.textContent).toContain('lokale lager');
  });

  it("'Påmind mig senere' hides it for this page only", () => {
    const first = render(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Påmind mig senere' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBeNull();
    // The next page load shows it again.
    first.unmount();
    render(<CookieBanner />);
    expect(banner()).not.toBeNull();
  });

  it("'Accepter' stores the acceptance for good", () => {
    const first = render(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Accepter' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).not.toBeNull();
    first.unmount();
    render(<CookieBanner />);
    expect(banner()).toBeNull();
  });
});
