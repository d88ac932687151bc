import { useMemo, useState } from 'react';
import { TextArea } from '../../ui/form';
import { parsePNumre } from './liste-pnumre';
import { FlowDialog, type OpretDialogProps, useOpretDialog } from './OpretFlow';

/**
 * 'Opret fra CVR': P-numbers typed or pasted (one per line, or separated by spaces, commas or
 * semicolons); the invalid ones are listed before anything is sent. Then the shared dry run and
 * create flow (OpretFlow).
 */
export function OpretFraCvrModal(props: OpretDialogProps) {
  const { onClose } = props;
  const [tekst, setTekst] = useState('');
  const { flow, valg } = useOpretDialog(props, false);
  const pnumre = useMemo(() => parsePNumre(tekst), [tekst]);
  const kanKontrollere = pnumre.gyldige.length > 0 && pnumre.ugyldige.length === 0;
  const kontroller = () => void flow.kontroller(pnumre.gyldige.map((pNr) => ({ pNr })));

  return (
    <FlowDialog
      title="Opret SAT-virksomheder fra CVR"
      size="large"
      testId="sat-opret-fra-cvr"
      flow={flow}
      valg={valg}
      kanKontrollere={kanKontrollere}
      onKontroller={kontroller}
      onClose={onClose}
    >
      <TextArea
        name="pNumre"
        label="P-numre"
        wide
        rows={5}
        value={tekst}
        disabled={flow.trin === 'opretter' || flow.trin === 'kontrollerer'}
        placeholder="Ét P-nummer pr. linje, eller adskilt af mellemrum, komma eller semikolon"
        hint={
          pnumre.gyldige.length > 0
            ? `${pnumre.gyldige.length} P-numre${pnumre.gentagne > 0 ? ` (${pnumre.gentagne} gentagne udeladt)` : ''}`
            : undefined
        }
        onChange={(v) => {
          setTekst(v);
          flow.nulstil();
        }}
      />
      {pnumre.ugyldige.length > 0 && (
        <div className="sat-ugyldige" role="alert">
          <p>
            {pnumre.ugyldige.length === 1
              ? '1 ugyldigt P-nummer'
              : `${pnumre.ugyldige.length} ugyldige P-numre`}{' '}
            – ret dem, før der kontrolleres:
          </p>
          <ul>
            {pnumre.ugyldige.map((u, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same text may be wrong twice
              <li key={i}>
                <strong>{u.tekst}</strong>: {u.besked}
              </li>
            ))}
          </ul>
        </div>
      )}
    </FlowDialog>
  );
}
