// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import JupiterCertifikatView from '../../src/app/features/admin/JupiterCertifikatView';
import { genererCertifikat } from '../../src/server/certifikat/generer';
import { jupiterCertifikat } from '../../src/server/db/schema';
import { satServerTilFilen, somSatBrugerUdenPaneler } from '../helpers/sat-visning';
import { renderVisning } from '../helpers/vandanlaeg-komponent';
import { setupComponentTests } from './harness';

/**
 * /admin/JupiterCertifikat against the real server as kommuneadmin: upload of a PEM certificate and
 * key through the file fields, the active certificate's details with the 30-day warning, a refused
 * key shown on its field, and the replaced certificate in the history.
 */

setupComponentTests();

const DAG = 24 * 3600 * 1000;
const om = (dage: number) => new Date(Date.now() + dage * DAG);

const s = satServerTilFilen('kommuneadmin');

const vis = () =>
  renderVisning(
    JupiterCertifikatView,
    'admin-jupitercertifikat',
    {},
    somSatBrugerUdenPaneler(s, 'kommuneadmin'),
  );

const vaelg = (label: RegExp, indhold: string, navn: string) =>
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: [new File([indhold], navn, { type: 'application/x-pem-file' })] },
  });

describe('the Jupiter certificate page', () => {
  it('uploads, shows the details with the warning, refuses a wrong key, keeps the history', async () => {
    s.kobl();
    await vis();
    await screen.findByText(/Der er intet aktivt certifikat/);
    const foerste = genererCertifikat({ cn: 'Skive Jupiter 1', fra: om(-1), til: om(25) });
    vaelg(/^Certifikat \(/, foerste.certifikatPem, 'cert.pem');
    vaelg(/^Privat nøgle/, foerste.noeglePem, 'key.pem');
    fireEvent.click(screen.getByRole('button', { name: /Upload og aktivér/ }));
    const aktivt = await screen.findByTestId('certifikat-aktivt');
    // Self-signed: subject and issuer are the same name.
    expect(within(aktivt).getAllByText('CN=Skive Jupiter 1, C=DK')).toHaveLength(2);
    expect(within(aktivt).getByRole('alert').textContent).toMatch(/Certifikatet udløber om 24 dage/);
    expect(within(aktivt).getByText('24')).toBeTruthy();

    // A key of another certificate: the server's message under the key field, nothing changes.
    const anden = genererCertifikat({ cn: 'Skive Jupiter 2', fra: om(-1), til: om(300) });
    vaelg(/^Certifikat \(/, anden.certifikatPem, 'cert2.pem');
    vaelg(/^Privat nøgle/, foerste.noeglePem, 'key.pem');
    fireEvent.click(screen.getByRole('button', { name: /Upload og aktivér/ }));
    await screen.findByText('Den private nøgle passer ikke til certifikatet');

    vaelg(/^Privat nøgle/, anden.noeglePem, 'key2.pem');
    fireEvent.click(screen.getByRole('button', { name: /Upload og aktivér/ }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('certifikat-aktivt')).getAllByText('CN=Skive Jupiter 2, C=DK'),
      ).toHaveLength(2),
    );
    expect(within(screen.getByTestId('certifikat-aktivt')).queryByRole('alert')).toBeNull();
    const historik = screen.getByRole('region', { name: 'Tidligere certifikater' });
    await within(historik).findByText('CN=Skive Jupiter 1, C=DK');
    const rows = await s.database.db
      .select()
      .from(jupiterCertifikat)
      .where(eq(jupiterCertifikat.kundeId, s.kundeId));
    expect(rows.map((r) => r.aktiv).sort()).toEqual([false, true]);
  });
});
