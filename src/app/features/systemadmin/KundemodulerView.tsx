import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { afproevFejl, hentKundemoduler } from '../../../contract/systemadmin';
import { http } from '../../session/runtime';
import { TABEL_TEKST } from '../../ui/tabel-tekster';
import { useTileTitle } from '../../workspace/tile-api';

const FEJLTYPER = [
  { status: 400, label: 'Valideringsfejl (400)' },
  { status: 403, label: 'Manglende rettighed (403)' },
  { status: 404, label: 'Ikke fundet (404)' },
  { status: 500, label: 'Serverfejl (500)' },
] as const;

/** /systemadmin/kundemoduler: every customer with its modules, and a check of the error reporting. */
export default function KundemodulerView() {
  useTileTitle('Systemadministration');
  const kunder = useQuery({
    queryKey: ['systemadmin', 'kundemoduler'],
    queryFn: ({ signal }) => http.call(hentKundemoduler, { signal }),
  });
  const [sidst, setSidst] = useState<number | null>(null);

  return (
    <div className="view-pad">
      <h2>Kundemoduler</h2>
      {kunder.isPending && <p className="muted">{TABEL_TEKST.indlaeser}</p>}
      {kunder.data && (
        <table className="plain-table">
          <thead>
            <tr>
              <th>Kunde</th>
              <th>Kommunenr.</th>
              <th>Moduler</th>
            </tr>
          </thead>
          <tbody>
            {kunder.data.map((k) => (
              <tr key={k.kundeId}>
                <td>{k.kundeNavn}</td>
                <td>{k.kundeNr}</td>
                <td>{k.moduler.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className="section-gap">Afprøv fejlvisning</h2>
      <p className="muted">
        Sender en forespørgsel, som serveren besvarer med den valgte fejl, så du kan se, at fejlvinduerne
        vises som de skal.
      </p>
      <div className="button-row">
        {FEJLTYPER.map((f) => (
          <button
            key={f.status}
            type="button"
            className="button"
            onClick={() => {
              setSidst(f.status);
              http.call(afproevFejl, { params: { status: f.status } }).catch(() => {});
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      {sidst && <p className="muted">Sidst afprøvet: {sidst}</p>}
    </div>
  );
}
