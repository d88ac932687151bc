// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OpdaterFraCvrDialog } from '../../src/app/features/virksomhed/OpdaterFraCvrDialog';
import { jsonResponse, setupComponentTests, stubApi } from './harness';

setupComponentTests();

const FORSKELLE = {
  virksomhedId: 7,
  version: 3,
  pNr: '1234567890',
  forskelle: [
    { felt: 'navn', label: 'Navn', nuvaerende: 'Skive Auto ApS', register: 'Skive Auto A/S' },
    {
      felt: 'adresse',
      label: 'Adresse',
      nuvaerende: 'Viborgvej 3, 7800 Skive',
      register: 'Viborgvej 12, 7800 Skive',
    },
  ],
};

function renderDialog(onDone = vi.fn(), version = 3) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OpdaterFraCvrDialog virksomhedId={7} version={version} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

describe("'Opdater fra CVR' dialog", () => {
  it('shows the differences, all ticked, and takes over the chosen ones with the version', async () => {
    const calls = stubApi({
      'POST virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=7': () => FORSKELLE,
      'POST virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=7': (c) => ({
        virksomhedId: 7,
        version: 4,
        overtaget: FORSKELLE.forskelle.filter((f) =>
          (c.body as { felter: string[] }).felter.includes(f.felt),
        ),
      }),
    });
    const onDone = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Opdater fra CVR' });
    await within(dialog).findByText('Skive Auto A/S');
    const navn = within(dialog).getByRole('checkbox', { name: 'Overtag Navn' }) as HTMLInputElement;
    const adresse = within(dialog).getByRole('checkbox', { name: 'Overtag Adresse' }) as HTMLInputElement;
    expect(navn.checked && adresse.checked).toBe(true);
    fireEvent.click(adresse);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overtag valgte (1)' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const gem = calls.filter((c) => c.path.startsWith('virksomhed/OpdaterValgte'));
    expect(gem).toEqual([
      {
        method: 'POST',
        path: 'virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=7',
        body: { version: 3, felter: ['navn'] },
      },
    ]);
    // The differences are not asked for again after the take-over.
    expect(calls.filter((c) => c.path.startsWith('virksomhed/OpdaterCVR'))).toHaveLength(1);
    expect(onDone.mock.lastCall![0]).toMatchObject({ version: 4, overtaget: [FORSKELLE.forskelle[0]] });
  });

  it('says so when nothing differs, and tells the user to reopen on 409', async () => {
    stubApi({
      'POST virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=7': () => ({
        ...FORSKELLE,
        forskelle: [],
      }),
    });
    const onDone = renderDialog();
    expect(await screen.findByText(/svarer til CVR/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Luk' }));
    expect(onDone).toHaveBeenCalledWith(null);
  });

  it('on 409 keeps the dialog open with the server message', async () => {
    stubApi({
      'POST virksomhed/OpdaterCVROplysningerForVirksomhed?virksomhedid=7': () => FORSKELLE,
      'POST virksomhed/OpdaterValgteCVROplysningerForVirksomhed?virksomhedid=7': () =>
        jsonResponse({ status: 409, message: 'Virksomheden er blevet ændret af en anden bruger' }, 409),
    });
    const onDone = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Opdater fra CVR' });
    await within(dialog).findByText('Skive Auto A/S');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overtag valgte (2)' }));
    expect(await within(dialog).findByText('Virksomheden er blevet ændret af en anden bruger')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Overtag valgte (2)' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
