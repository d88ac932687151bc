import { useId, useState } from 'react';
import { formatTal } from '../../../contract/format';
import { formatDato } from '../../lib/dates';
import { Field } from '../../ui/form/Field';
import { laesListeTekst, parseSatListeCsv, SAT_LISTE_KOLONNER, type SatCsvResultat } from './liste-csv';
import { FlowDialog, type OpretDialogProps, useOpretDialog } from './OpretFlow';

/**
 * 'Importér Miljøstyrelsens liste': a .csv file of the companies Miljøstyrelsen selected for the
 * period (liste-csv.ts), each line shown with its faults; a file without faults goes through the
 * dry run and create flow with `fraSatListe` (the risk score, method and deadline are the list's,
 * and the companies cannot be edited here afterwards).
 */
export function OpretFraListeModal(props: OpretDialogProps) {
  const { onClose } = props;
  const id = useId();
  const [fil, setFil] = useState<{ navn: string; resultat: SatCsvResultat } | null>(null);
  const [laeseFejl, setLaeseFejl] = useState<string | null>(null);
  const { flow, valg } = useOpretDialog(props, true);
  const resultat = fil?.resultat;
  const antalFejl = resultat ? resultat.linjer.filter((l) => l.fejl.length > 0).length : 0;
  const kanKontrollere =
    !!resultat && resultat.filFejl.length === 0 && antalFejl === 0 && resultat.gyldige.length > 0;
  const kontroller = () => {
    if (resultat) void flow.kontroller(resultat.gyldige);
  };

  const vaelgFil = async (f: File | undefined) => {
    flow.nulstil();
    setLaeseFejl(null);
    if (!f) {
      setFil(null);
      return;
    }
    try {
      const bytes = await f.arrayBuffer();
      setFil({ navn: f.name, resultat: parseSatListeCsv(laesListeTekst(bytes)) });
    } catch {
      setFil(null);
      setLaeseFejl(`Filen ${f.name} kunne ikke læses`);
    }
  };

  return (
    <FlowDialog
      title="Importér Miljøstyrelsens liste"
      size="x-large"
      testId="sat-importer-liste"
      flow={flow}
      valg={valg}
      kanKontrollere={kanKontrollere}
      onKontroller={kontroller}
      onClose={onClose}
    >
      <Field
        id={`${id}-fil`}
        name="fil"
        label="Listen (.csv)"
        error={laeseFejl}
        hint={`Semikolonsepareret med overskrifterne ${SAT_LISTE_KOLONNER.join(';')}; deadline som DD-MM-ÅÅÅÅ, risikoscore med decimalkomma`}
      >
        <input
          id={`${id}-fil`}
          type="file"
          accept=".csv,text/csv"
          className="input"
          disabled={flow.trin === 'opretter' || flow.trin === 'kontrollerer'}
          onChange={(e) => void vaelgFil(e.target.files?.[0])}
        />
      </Field>
      {resultat && resultat.filFejl.length > 0 && (
        <p role="alert" className="field-error">
          {resultat.filFejl.join('. ')}
        </p>
      )}
      {resultat && resultat.linjer.length > 0 && (
        <>
          <p
            className={antalFejl > 0 ? 'field-error' : 'sat-muted'}
            role={antalFejl > 0 ? 'alert' : undefined}
          >
            {fil?.navn}: {resultat.linjer.length} linjer
            {antalFejl > 0 ? `, ${antalFejl} med fejl – ret filen og vælg den igen` : ', ingen fejl'}
          </p>
          <div className="sat-csv">
            <table className="sat-csv-tabel" aria-label="Linjer i filen">
              <thead>
                <tr>
                  <th>Linje</th>
                  <th>P-nummer</th>
                  <th>Risikoscore</th>
                  <th>Udvælgelsesmetode</th>
                  <th>Deadline</th>
                  <th>Fejl</th>
                </tr>
              </thead>
              <tbody>
                {resultat.linjer.map((l) => (
                  <tr key={l.linje} className={l.fejl.length > 0 ? 'fejl' : undefined}>
                    <td className="tal">{l.linje}</td>
                    <td>{l.raa.pNr}</td>
                    <td className="tal">
                      {l.data?.risikoscore != null ? formatTal(l.data.risikoscore, 1) : l.raa.risikoscore}
                    </td>
                    <td>{l.data?.udvaelgelsesmetode ?? l.raa.udvaelgelsesmetode}</td>
                    <td>{l.data?.deadlineDato ? formatDato(l.data.deadlineDato) : l.raa.deadline}</td>
                    <td>{l.fejl.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </FlowDialog>
  );
}
