// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationBell } from '../../src/app/shell/NotificationBell';
import { renderSignedIn, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const NOTIFIKATIONER = [
  {
    id: 1,
    notifikationType: 1,
    oprettetDatoTid: '2025-03-07T09:00:00',
    beskrivelse: 'DMA-indberetning afvist',
  },
  {
    id: 2,
    notifikationType: 2,
    oprettetDatoTid: '2025-03-06T09:00:00',
    beskrivelse: 'Jupiter-fejl for boring',
  },
  {
    id: 3,
    notifikationType: 3,
    oprettetDatoTid: '2025-03-05T09:00:00',
    beskrivelse: 'Certifikatet udløber snart',
  },
];

const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === 'notification/list').length;

describe('notification centre (spec 000 §2.4)', () => {
  it('waits 250 ms after opening, shows a spinner, then "Ingen nye notifikationer"', async () => {
    const calls = stubApi({
      'GET notification/list': () => [],
      'GET notification/antal': () => ({ ulaeste: 0 }),
    });
    await renderSignedIn(<NotificationBell />, { username: 'vand' });
    const opened = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Notifikationer' }));
    const panel = screen.getByRole('dialog', { name: 'Notifikationer' });
    expect(within(panel).getByRole('status').textContent).toContain('Indlæser …');
    expect(listCalls(calls)).toBe(0);
    await waitFor(() => expect(within(panel).getByText('Ingen nye notifikationer')).toBeTruthy());
    expect(Date.now() - opened).toBeGreaterThanOrEqual(240);
    expect(listCalls(calls)).toBe(1);
  });

  it('links each notification to its page by type, in a list that scrolls above 320 px', async () => {
    stubApi({
      'GET notification/list': () => NOTIFIKATIONER,
      'GET notification/antal': () => ({ ulaeste: 0 }),
    });
    await renderSignedIn(<NotificationBell />, { username: 'admin' });
    fireEvent.click(screen.getByRole('button', { name: 'Notifikationer' }));
    const link = await screen.findByRole('link', { name: /DMA-indberetning afvist/ });
    const panel = screen.getByRole('dialog', { name: 'Notifikationer' });
    const hrefs = within(panel)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/frister/dmastatus', '/frister/jupiterstatus', '/admin/jupiterCertifikat']);
    expect(panel.querySelector('ul')?.style.maxHeight).toBe('320px');
    expect(link.textContent).toContain('07-03-2025 09:00:00');
    fireEvent.click(within(panel).getByRole('link', { name: /Certifikatet udløber/ }));
    expect(window.location.pathname).toBe('/admin/jupiterCertifikat');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reloads with the refresh button', async () => {
    let answer: typeof NOTIFIKATIONER = [];
    const calls = stubApi({
      'GET notification/list': () => answer,
      'GET notification/antal': () => ({ ulaeste: 0 }),
    });
    await renderSignedIn(<NotificationBell />, { username: 'virksomhed' });
    fireEvent.click(screen.getByRole('button', { name: 'Notifikationer' }));
    await screen.findByText('Ingen nye notifikationer');
    answer = NOTIFIKATIONER.slice(0, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Opdater' }));
    await screen.findByText('DMA-indberetning afvist');
    expect(listCalls(calls)).toBe(2);
  });

  it('shows the unread count on the bell and marks one and then all read', async () => {
    const laest = new Set<number>();
    const liste = () => NOTIFIKATIONER.map((n) => ({ ...n, laest: laest.has(n.id), link: null }));
    const ulaeste = () => ({ ulaeste: NOTIFIKATIONER.length - laest.size });
    const calls = stubApi({
      'GET notification/list': liste,
      'GET notification/antal': ulaeste,
      'POST notification/laest': (c) => {
        const ids = (c.body as { ids?: number[] }).ids ?? NOTIFIKATIONER.map((n) => n.id);
        for (const id of ids) laest.add(id);
        return ulaeste();
      },
    });
    await renderSignedIn(<NotificationBell />, { username: 'admin' });
    const knap = await screen.findByRole('button', { name: 'Notifikationer (3 ulæste)' });
    expect(within(knap).getByTestId('notification-badge').textContent).toBe('3');
    fireEvent.click(knap);
    await screen.findByText('DMA-indberetning afvist');
    const marker = screen.getAllByRole('button', { name: 'Marker som læst' });
    expect(marker).toHaveLength(3);
    fireEvent.click(marker[0]!);
    await screen.findByRole('button', { name: 'Notifikationer (2 ulæste)' });
    expect(calls.find((c) => c.path === 'notification/laest')?.body).toEqual({ ids: [1] });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Marker som læst' })).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Marker alle som læst' }));
    await screen.findByRole('button', { name: 'Notifikationer' });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Marker som læst' })).toHaveLength(0);
  });
});
