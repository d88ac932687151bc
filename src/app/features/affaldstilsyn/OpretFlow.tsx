import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { OpretFraCvrSvar, SatListeLinje, SatTilsynsperiode } from '../../../contract/sat';
import { isoDatoAf } from '../../lib/dates';
import { fejlTekst } from '../../lib/http-fejl';
import { Button } from '../../ui/Button';
import { DateInput } from '../../ui/form';
import { Field } from '../../ui/form/Field';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast';
import { efterOprettelse, type FraCvrValg, opretFraCvr } from './api';

/**
 * The dry run and create flow that 'Opret fra CVR' and 'Importér Miljøstyrelsens liste' share:
 * 'Kontrollér' asks the server to sort the P-numbers (new / already in the period / outside the
 * municipality / unknown to the register) without creating anything; 'Opret N SAT-virksomheder'
 * then creates the new ones in portions, with progress; the summary says what was created.
 */

/** Lines per call: the server takes at most 2000; smaller portions let the progress move. */
const PORTION_KONTROL = 1000;
const PORTION_OPRET = 50;

export type Trin = 'indtast' | 'kontrollerer' | 'kontrolleret' | 'opretter' | 'faerdig';

const tomtSvar = (proevekoersel: boolean): OpretFraCvrSvar => ({
  proevekoersel,
  nye: [],
  findes: [],
  udenforKommune: [],
  ukendte: [],
});

function saml(a: OpretFraCvrSvar, b: OpretFraCvrSvar): OpretFraCvrSvar {
  return {
    proevekoersel: a.proevekoersel,
    nye: [...a.nye, ...b.nye],
    findes: [...a.findes, ...b.findes],
    udenforKommune: [...a.udenforKommune, ...b.udenforKommune],
    ukendte: [...a.ukendte, ...b.ukendte],
  };
}

function portioner<T>(xs: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** The state of one flow; `valg` are the period, customer and source of the lines. */
export function useOpretFlow(valg: FraCvrValg) {
  const client = useQueryClient();
  const [trin, setTrin] = useState<Trin>('indtast');
  const [proeve, setProeve] = useState<OpretFraCvrSvar | null>(null);
  const [resultat, setResultat] = useState<OpretFraCvrSvar | null>(null);
  const [fremskridt, setFremskridt] = useState({ udfoert: 0, i_alt: 0 });
  const [fejl, setFejl] = useState<string | null>(null);
  const linjerRef = useRef<readonly SatListeLinje[]>([]);
  const valgRef = useRef(valg);
  valgRef.current = valg;

  /** The input changed: an earlier dry run no longer applies. */
  const nulstil = useCallback(() => {
    setTrin((t) => (t === 'kontrolleret' || t === 'faerdig' ? 'indtast' : t));
    setProeve(null);
    setResultat(null);
    setFejl(null);
  }, []);

  const kontroller = useCallback(async (linjer: readonly SatListeLinje[]) => {
    linjerRef.current = linjer;
    setTrin('kontrollerer');
    setFejl(null);
    setResultat(null);
    try {
      let svar = tomtSvar(true);
      for (const del of portioner(linjer, PORTION_KONTROL))
        svar = saml(svar, await opretFraCvr(del, valgRef.current, true));
      setProeve(svar);
      setTrin('kontrolleret');
    } catch (err) {
      setFejl(fejlTekst(err, { kilder: ['felter', 'message', 'title'], udenSvar: true }));
      setTrin('indtast');
    }
  }, []);

  const opret = useCallback(async () => {
    if (!proeve) return;
    const nye = new Set(proeve.nye.map((e) => e.pNr));
    const linjer = linjerRef.current.filter((l) => nye.has(l.pNr));
    setTrin('opretter');
    setFejl(null);
    setFremskridt({ udfoert: 0, i_alt: linjer.length });
    let svar = tomtSvar(false);
    try {
      for (const del of portioner(linjer, PORTION_OPRET)) {
        svar = saml(svar, await opretFraCvr(del, valgRef.current, false));
        setFremskridt({
          udfoert: svar.nye.length + svar.findes.length + svar.udenforKommune.length + svar.ukendte.length,
          i_alt: linjer.length,
        });
      }
      toast.success(
        svar.nye.length === 1
          ? '1 SAT-virksomhed er oprettet'
          : `${svar.nye.length} SAT-virksomheder er oprettet`,
      );
    } catch (err) {
      // What was created before the failure stays created; the summary says how far it came.
      setFejl(
        `${fejlTekst(err, { kilder: ['felter', 'message', 'title'], udenSvar: true })}. ${svar.nye.length} af ${linjer.length} blev oprettet, før fejlen.`,
      );
    } finally {
      setResultat(svar);
      setTrin('faerdig');
      efterOprettelse(client);
    }
  }, [proeve, client]);

  return { trin, proeve, resultat, fremskridt, fejl, kontroller, opret, nulstil };
}
export type OpretFlow = ReturnType<typeof useOpretFlow>;

type Enhed = OpretFraCvrSvar['nye'][number];

function Gruppe({
  titel,
  enheder,
  tone,
  vis,
}: {
  titel: string;
  enheder: readonly Enhed[];
  tone: 'ny' | 'findes' | 'ude' | 'ukendt';
  vis: (e: Enhed) => ReactNode;
}) {
  return (
    <section className={`sat-gruppe ${tone}`} aria-label={titel}>
      <h3>
        {titel} <span className="sat-antal">{enheder.length}</span>
      </h3>
      {enheder.length > 0 && (
        <ul>
          {enheder.map((e) => (
            <li key={e.pNr} title={[e.navn, e.pNr, e.adresse].filter(Boolean).join(' · ')}>
              {vis(e)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const enhedTekst = (e: Enhed, ekstra?: string | null) => (
  <>
    <span className="sat-enhed-navn">{e.navn ?? 'Ukendt navn'}</span>
    <span className="sat-enhed-detalje">
      P {e.pNr}
      {e.adresse ? ` · ${e.adresse}` : ''}
      {ekstra ? ` · ${ekstra}` : ''}
    </span>
  </>
);

/** The answer in its four groups: the dry run's, or what the creation did. */
export function SvarGrupper({ svar, oprettet }: { svar: OpretFraCvrSvar; oprettet: boolean }) {
  return (
    <div className="sat-grupper">
      <Gruppe titel={oprettet ? 'Oprettet' : 'Nye'} enheder={svar.nye} tone="ny" vis={enhedTekst} />
      <Gruppe titel="Findes allerede i perioden" enheder={svar.findes} tone="findes" vis={enhedTekst} />
      <Gruppe
        titel="Uden for kommunen"
        enheder={svar.udenforKommune}
        tone="ude"
        vis={(e) => enhedTekst(e, e.kommune)}
      />
      <Gruppe titel="Ukendt i CVR" enheder={svar.ukendte} tone="ukendt" vis={(e) => `P ${e.pNr}`} />
    </div>
  );
}

/** The part of both dialogs under their own input: period, selection date, the answer and the progress. */
/** The period and selection date a create dialog's flow uses, and their setters. */
export interface FlowValg {
  perioder: readonly SatTilsynsperiode[];
  periodeId: number;
  onPeriode(id: number): void;
  udvalgtDato: string | null;
  onUdvalgtDato(v: string | null): void;
}

function FlowIndhold({
  flow,
  perioder,
  periodeId,
  onPeriode,
  udvalgtDato,
  onUdvalgtDato,
}: FlowValg & { flow: OpretFlow }) {
  const laast = flow.trin === 'opretter' || flow.trin === 'kontrollerer';
  return (
    <>
      <div className="sat-flow-valg">
        <Field id="sat-flow-periode" name="satTilsynsperiodeId" label="Tilsynsperiode" required>
          <select
            id="sat-flow-periode"
            className="input"
            value={periodeId}
            disabled={laast}
            onChange={(e) => {
              onPeriode(Number(e.target.value));
              flow.nulstil();
            }}
          >
            {perioder.map((p) => (
              <option key={p.id} value={p.id}>
                {p.navn}
              </option>
            ))}
          </select>
        </Field>
        <DateInput
          name="udvalgtDato"
          label="Udvalgt dato"
          value={udvalgtDato}
          disabled={laast}
          onChange={(v) => {
            onUdvalgtDato(v);
            flow.nulstil();
          }}
        />
      </div>
      {flow.fejl && (
        <p role="alert" className="field-error">
          {flow.fejl}
        </p>
      )}
      {flow.trin === 'opretter' && (
        <div className="sat-fremskridt" role="status">
          <progress value={flow.fremskridt.udfoert} max={Math.max(1, flow.fremskridt.i_alt)} />
          <span>
            Opretter … {flow.fremskridt.udfoert} af {flow.fremskridt.i_alt}
          </span>
        </div>
      )}
      {flow.trin === 'faerdig' && flow.resultat && (
        <>
          <p className="sat-resume" role="status">
            {flow.resultat.nye.length === 1
              ? '1 SAT-virksomhed er oprettet.'
              : `${flow.resultat.nye.length} SAT-virksomheder er oprettet.`}
          </p>
          <SvarGrupper svar={flow.resultat} oprettet />
        </>
      )}
      {(flow.trin === 'kontrolleret' || flow.trin === 'opretter') && flow.proeve && (
        <SvarGrupper svar={flow.proeve} oprettet={false} />
      )}
    </>
  );
}

/**
 * The footer's buttons: Fortryd/Luk and the primary step (Kontrollér, then Opret N, then Luk).
 * `kanKontrollere` is false while the input has faults or nothing to send.
 */
export function FlowKnapper({
  flow,
  kanKontrollere,
  onKontroller,
  onClose,
}: {
  flow: OpretFlow;
  kanKontrollere: boolean;
  onKontroller(): void;
  onClose(): void;
}) {
  const n = flow.proeve?.nye.length ?? 0;
  if (flow.trin === 'faerdig') {
    return <Button onClick={onClose}>Luk</Button>;
  }
  return (
    <>
      <Button color="secondary" onClick={onClose} disabled={flow.trin === 'opretter'}>
        Fortryd
      </Button>
      {flow.trin === 'kontrolleret' || flow.trin === 'opretter' ? (
        <Button
          disabled={n === 0}
          loading={flow.trin === 'opretter'}
          loadingText="Opretter …"
          onClick={() => void flow.opret()}
          title="Ctrl+Enter"
        >
          Opret {n} {n === 1 ? 'SAT-virksomhed' : 'SAT-virksomheder'}
        </Button>
      ) : (
        <Button
          disabled={!kanKontrollere}
          loading={flow.trin === 'kontrollerer'}
          loadingText="Kontrollerer …"
          onClick={onKontroller}
          title="Ctrl+Enter"
        >
          Kontrollér
        </Button>
      )}
    </>
  );
}

/**
 * Ctrl/Cmd+Enter while the dialog is open runs `run`. Listened for on the document, so it works
 * wherever focus is inside the dialog, also after a step has disabled the control that had it.
 */
export function useCtrlEnter(run: () => void) {
  const ref = useRef(run);
  ref.current = run;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.defaultPrevented) return;
      e.preventDefault();
      ref.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The flow's primary step for Ctrl/Cmd+Enter: Kontrollér, then Opret N, then Luk. */
export function usePrimaerTast(
  flow: OpretFlow,
  kanKontrollere: boolean,
  onKontroller: () => void,
  onClose: () => void,
) {
  useCtrlEnter(() => {
    if (flow.trin === 'indtast' && kanKontrollere) onKontroller();
    else if (flow.trin === 'kontrolleret' && (flow.proeve?.nye.length ?? 0) > 0) void flow.opret();
    else if (flow.trin === 'faerdig') onClose();
  });
}

/** What every create dialog gets from the list: the customer, the periods and the list's period. */
export interface OpretDialogProps {
  kundeId: number;
  perioder: readonly SatTilsynsperiode[];
  /** The period chosen in the list. */
  periodeId: number;
  onClose(): void;
}

/**
 * A create dialog's flow with its own choice of period (from the list's) and selection date (today);
 * `valg` goes to FlowDialog, which shows the choice under the dialog's own fields.
 */
export function useOpretDialog(
  { kundeId, perioder, periodeId: start }: Omit<OpretDialogProps, 'onClose'>,
  fraSatListe: boolean,
) {
  const [periodeId, setPeriodeId] = useState(start);
  const [udvalgtDato, setUdvalgtDato] = useState<string | null>(() => isoDatoAf(new Date()));
  const flow = useOpretFlow({ kundeId, periodeId, fraSatListe, udvalgtDato });
  const valg: FlowValg = {
    perioder,
    periodeId,
    onPeriode: setPeriodeId,
    udvalgtDato,
    onUdvalgtDato: setUdvalgtDato,
  };
  return { flow, valg };
}

/**
 * The dialog of a creation flow (from CVR, from Miljøstyrelsen's list): the modal with the flow's
 * buttons as its footer, Ctrl/Cmd+Enter for the primary step, and the dialog's own input above the
 * flow's answer.
 */
export function FlowDialog(p: {
  title: string;
  size: 'large' | 'x-large';
  testId: string;
  flow: OpretFlow;
  valg: FlowValg;
  kanKontrollere: boolean;
  onKontroller(): void;
  onClose(): void;
  children: ReactNode;
}) {
  usePrimaerTast(p.flow, p.kanKontrollere, p.onKontroller, p.onClose);
  return (
    <Modal
      open
      title={p.title}
      onClose={p.onClose}
      size={p.size}
      testId={p.testId}
      footer={
        <FlowKnapper
          flow={p.flow}
          kanKontrollere={p.kanKontrollere}
          onKontroller={p.onKontroller}
          onClose={p.onClose}
        />
      }
    >
      <form className="sat-dialog" onSubmit={(e) => e.preventDefault()}>
        {p.children}
        <FlowIndhold flow={p.flow} {...p.valg} />
      </form>
    </Modal>
  );
}
