import { useEffect, useRef, useState } from 'react';
import { stiFor } from '../../../contract/endpoint';
import { formatTal } from '../../../contract/format';
import {
  type EksportFormat,
  eksporterRapport,
  type RapportDef,
  type RapportQuery,
} from '../../../contract/rapport';
import { gemSomFil } from '../../lib/gem-fil';
import { fejlTekst } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { RadioLinje } from '../../ui/RadioLinje';

type Tilstand =
  | { trin: 'vaelg' }
  | { trin: 'henter'; format: EksportFormat; bytes: number; raekker: number; total: number | null }
  | { trin: 'fejl'; besked: string };

const LF = 10;

/**
 * Exports the report's whole result (the view's columns, filters and sort; not only the page) as
 * CSV or XLSX. The server streams it; here the rows received (CSV) or megabytes (XLSX) show how far it
 * is, against the number of rows the server announced, and 'Annullér' (or Escape) stops it.
 */
export function EksportModal({
  def,
  query,
  onClose,
}: {
  def: RapportDef;
  query: RapportQuery;
  onClose(): void;
}) {
  const [t, setT] = useState<Tilstand>({ trin: 'vaelg' });
  const [format, setFormat] = useState<EksportFormat>('xlsx');
  const afbryd = useRef<AbortController | null>(null);
  useEffect(() => () => afbryd.current?.abort(), []);

  const start = async () => {
    const ctrl = new AbortController();
    afbryd.current = ctrl;
    setT({ trin: 'henter', format, bytes: 0, raekker: 0, total: null });
    const { start: _s, take: _t, ...visning } = query;
    try {
      const svar = await http.download('GET', stiFor(eksporterRapport, { reportType: def.navn }), {
        query: { ...visning, format },
        signal: ctrl.signal,
        silent: true,
        onProgress: (chunk, headers) => {
          let lf = 0;
          if (format === 'csv') for (const b of chunk) if (b === LF) lf++;
          const total = Number(headers.get('x-antal-raekker'));
          setT((x) =>
            x.trin === 'henter'
              ? {
                  ...x,
                  bytes: x.bytes + chunk.length,
                  raekker: x.raekker + lf,
                  total: Number.isFinite(total) ? total : null,
                }
              : x,
          );
        },
      });
      gemSomFil(svar.blob, svar.filename);
      onClose();
    } catch (err) {
      if (ctrl.signal.aborted) return;
      setT({ trin: 'fejl', besked: fejlTekst(err) });
    }
  };
  const annuller = () => {
    afbryd.current?.abort();
    onClose();
  };

  return (
    <Modal
      open
      title={`Eksportér ${def.titel}`}
      onClose={annuller}
      size="small"
      testId="rapport-eksport-modal"
      footer={
        t.trin === 'henter' ? (
          <Button color="secondary" onClick={annuller}>
            Annullér
          </Button>
        ) : (
          <>
            <Button color="secondary" onClick={onClose}>
              Fortryd
            </Button>
            <Button onClick={() => void start()} data-autofocus="">
              Eksportér
            </Button>
          </>
        )
      }
    >
      {t.trin === 'henter' ? (
        <div className="rapport-eksport-status" role="status" aria-live="polite">
          <progress
            max={t.format === 'csv' && t.total ? t.total + 1 : undefined}
            value={t.format === 'csv' && t.total ? t.raekker : undefined}
          />
          <p>
            {t.format === 'csv'
              ? `${formatTal(Math.max(0, t.raekker - 1))} af ${t.total === null ? '…' : formatTal(t.total)} rækker`
              : `${formatTal(t.bytes / 1_048_576, 1)} MB hentet${t.total === null ? '' : ` (${formatTal(t.total)} rækker)`}`}
          </p>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <fieldset className="rapport-filter-valg">
            <legend>Format</legend>
            <RadioLinje
              className="check"
              name="format"
              checked={format === 'xlsx'}
              onVaelg={() => setFormat('xlsx')}
            >
              Excel (XLSX)
            </RadioLinje>
            <RadioLinje
              className="check"
              name="format"
              checked={format === 'csv'}
              onVaelg={() => setFormat('csv')}
            >
              CSV (semikolon, til dansk Excel)
            </RadioLinje>
          </fieldset>
          <p className="muted">
            Hele resultatet eksporteres med de viste kolonner, filtre og sortering
            {query.filter ? '; filtrene skrives over tabellen i Excel-filen.' : '.'}
          </p>
          {t.trin === 'fejl' && (
            <p className="rapport-filter-fejl" role="alert">
              {t.besked}
            </p>
          )}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
      )}
    </Modal>
  );
}
