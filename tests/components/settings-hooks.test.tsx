// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFavoritToggle } from '../../src/app/session/favorites';
import { usePanelToggle } from '../../src/app/session/panels';
import { defaultBrugerSettings } from '../../src/contract/session';
import { jsonResponse, renderSignedIn, setupComponentTests, stubApi } from './harness';

setupComponentTests();

function PanelButtons() {
  const panels = usePanelToggle();
  return (
    <>
      <button type="button" onClick={() => panels.toggle('logs')}>
        Logbog {panels.isOpen('logs') ? 'åben' : 'lukket'}
      </button>
      <span data-testid="timeline">{panels.isOpen('timeline') ? 'åben' : 'lukket'}</span>
    </>
  );
}

function StarButton() {
  const toggle = useFavoritToggle();
  return (
    <button
      type="button"
      onClick={() =>
        toggle({ virksomhedId: 7, virksomhedType: 'Landbrug', displayName: 'Engly' }).catch(() => {})
      }
    >
      Favorit
    </button>
  );
}

const brugerSettings = { ...defaultBrugerSettings(new Date(2025, 0, 1)), activeKundeId: 1 };

describe('usePanelToggle', () => {
  it('opens logs, hides the timeline, saves with PUT Bruger/GemOpsaetning and updates the session', async () => {
    const calls = stubApi({ 'PUT Bruger/GemOpsaetning': () => undefined });
    const { actor } = await renderSignedIn(<PanelButtons />, { brugerSettings });
    expect(screen.getByTestId('timeline').textContent).toBe('åben');
    fireEvent.click(screen.getByRole('button', { name: /Logbog/ }));
    expect(screen.getByRole('button', { name: /Logbog/ }).textContent).toBe('Logbog åben');
    expect(screen.getByTestId('timeline').textContent).toBe('lukket');
    await waitFor(() => expect(calls).toHaveLength(1));
    const saved = JSON.parse((calls[0]!.body as { opsaetning: string }).opsaetning);
    expect(saved).toMatchObject({ hideLogs: false, hideTimeline: true, hideAdHocOpgaver: true });
    expect(actor.getSnapshot().context.brugerSettings).toMatchObject({ hideLogs: false, hideTimeline: true });
  });

  it('puts the old panels back when the save fails', async () => {
    stubApi({ 'PUT Bruger/GemOpsaetning': () => jsonResponse({ status: 500, FejlBesked: 'Nej' }, 500) });
    const { actor } = await renderSignedIn(<PanelButtons />, { brugerSettings });
    fireEvent.click(screen.getByRole('button', { name: /Logbog/ }));
    await waitFor(() => expect(screen.getByTestId('timeline').textContent).toBe('åben'));
    expect(actor.getSnapshot().context.brugerSettings?.hideLogs).toBe(true);
  });
});

describe('useFavoritToggle', () => {
  it('adds a favourite, sorted, and saves the customer settings; a second toggle removes it', async () => {
    const calls = stubApi({ 'PUT Bruger/GemKundeOpsaetning': () => undefined });
    const kundeSettings = {
      favorites: [{ virksomhedId: 1, virksomhedType: 'Virksomhed' as const, displayName: 'Auto ApS' }],
    };
    const { actor } = await renderSignedIn(<StarButton />, { kundeSettings });
    fireEvent.click(screen.getByRole('button', { name: 'Favorit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      kundeId: 1,
      opsaetning: JSON.stringify({
        favorites: [
          { virksomhedId: 1, virksomhedType: 'Virksomhed', displayName: 'Auto ApS' },
          { virksomhedId: 7, virksomhedType: 'Landbrug', displayName: 'Engly' },
        ],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Favorit' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(actor.getSnapshot().context.kundeSettings?.favorites.map((f) => f.virksomhedId)).toEqual([1]);
  });
});
