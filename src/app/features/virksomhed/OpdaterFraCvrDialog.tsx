import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type CvrFelt,
  hentCvrForskelle,
  type OpdaterValgteSvar,
  overtagCvrFelter,
} from '../../../contract/registre';
import { fejlTekst, httpStatus } from '../../lib/http-fejl';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TABEL_TEKST } from '../../ui/tabel-tekster';
import { toast } from '../../ui/toast';
import './cvr.css';

export interface OpdaterFraCvrDialogProps {
  virksomhedId: number;
  /** The version of the company the user is looking at; a newer one on the server answers 409. */
  version: number;
  /** After taking changes over (with the new version), or null when closed without changes. */
  onDone(result: OpdaterValgteSvar | null): void;
}

const besked = (err: unknown): string => fejlTekst(err, { kilder: ['felter', 'message'] });

/**
 * 'Opdater fra CVR': asks the register for the company's differences (POST
 * virksomhed/OpdaterCVROplysningerForVirksomhed, which also records them), lets the user tick which
 * to take over (all ticked at first) and saves them (POST
 * virksomhed/OpdaterValgteCVROplysningerForVirksomhed with the version). The company's
 * detail tile opens it.
 */
export function OpdaterFraCvrDialog({ virksomhedId, version, onDone }: OpdaterFraCvrDialogProps) {
  const queryClient = useQueryClient();
  const forskelle = useQuery({
    queryKey: ['virksomhed', virksomhedId, 'cvr-forskelle'],
    queryFn: ({ signal }) =>
      http.call(hentCvrForskelle, { query: { virksomhedid: virksomhedId }, signal, silent: true }),
    gcTime: 0,
    staleTime: 0,
  });
  const [valgte, setValgte] = useState<Set<CvrFelt>>(new Set());
  useEffect(() => {
    if (forskelle.data) setValgte(new Set(forskelle.data.forskelle.map((f) => f.felt)));
  }, [forskelle.data]);
  const stale = forskelle.data !== undefined && forskelle.data.version !== version;

  const gem = useMutation({
    mutationFn: () =>
      http.call(overtagCvrFelter, {
        query: { virksomhedid: virksomhedId },
        body: { version, felter: [...valgte] },
        silent: true,
      }),
    onSuccess: (svar) => {
      // Everything about companies may show the new values; the differences themselves are not asked again.
      void queryClient.invalidateQueries({
        queryKey: ['virksomhed'],
        predicate: (q) => q.queryKey[2] !== 'cvr-forskelle',
      });
      toast.success(
        svar.overtaget.length === 1
          ? '1 oplysning er opdateret fra CVR'
          : `${svar.overtaget.length} oplysninger er opdateret fra CVR`,
      );
      onDone(svar);
    },
  });
  const conflict = httpStatus(gem.error) === 409;

  const toggle = (felt: CvrFelt) =>
    setValgte((v) => {
      const next = new Set(v);
      if (next.has(felt)) next.delete(felt);
      else next.add(felt);
      return next;
    });

  const liste = forskelle.data?.forskelle ?? [];
  return (
    <Modal
      open
      title="Opdater fra CVR"
      size="large"
      onClose={() => onDone(null)}
      testId="opdater-fra-cvr"
      footer={
        <>
          {gem.isError && (
            <span role="alert" className="field-error" style={{ marginRight: 'auto' }}>
              {besked(gem.error)}
            </span>
          )}
          <Button color="secondary" onClick={() => onDone(null)}>
            {liste.length === 0 ? 'Luk' : 'Fortryd'}
          </Button>
          {liste.length > 0 && (
            <Button
              disabled={valgte.size === 0 || conflict || stale}
              loading={gem.isPending}
              loadingText="Gemmer …"
              onClick={() => gem.mutate()}
            >
              Overtag valgte ({valgte.size})
            </Button>
          )}
        </>
      }
    >
      {forskelle.isPending && <p>{TABEL_TEKST.indlaeser}</p>}
      {forskelle.isError && (
        <p role="alert" className="field-error">
          {besked(forskelle.error)}
        </p>
      )}
      {forskelle.data && liste.length === 0 && (
        <p>Virksomhedens oplysninger svarer til CVR (P-nummer {forskelle.data.pNr}).</p>
      )}
      {(stale || conflict) && (
        <p role="alert" className="field-error">
          Virksomheden er blevet ændret, siden du åbnede den. Luk og åbn den igen, før du overtager ændringer
          fra CVR.
        </p>
      )}
      {liste.length > 0 && (
        <table className="cvr-forskelle">
          <caption>
            Forskelle mellem virksomheden og CVR (P-nummer {forskelle.data?.pNr}). Vælg de oplysninger, der
            skal overtages.
          </caption>
          <thead>
            <tr>
              <th scope="col">Overtag</th>
              <th scope="col">Felt</th>
              <th scope="col">Nuværende</th>
              <th scope="col">CVR</th>
            </tr>
          </thead>
          <tbody>
            {liste.map((f) => (
              <tr key={f.felt}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Overtag ${f.label}`}
                    checked={valgte.has(f.felt)}
                    onChange={() => toggle(f.felt)}
                  />
                </td>
                <th scope="row">{f.label}</th>
                <td>{f.nuvaerende ?? '–'}</td>
                <td>
                  <strong>{f.register ?? '–'}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
