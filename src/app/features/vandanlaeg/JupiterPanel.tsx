import { useId, useRef } from 'react';
import { antalMed, danskeDatoerITekst } from '../../../contract/format';
import type {
  ElementStatus,
  JupiterIndberetning,
  JupiterIndhold,
  JupiterKlarInput,
  JupiterMangel,
} from '../../../contract/jupiter';
import type { Vandanlaeg } from '../../../contract/vandanlaeg';
import { formatDatoTidKort } from '../../lib/dates';
import { fejlTekst, httpStatus } from '../../lib/http-fejl';
import { Button } from '../../ui/Button';
import { Collapsible } from '../../ui/Collapsible';
import { useConfirm } from '../../ui/ConfirmModal';
import { focusableWithin } from '../../ui/focus';
import { indberetSpaerret, useIndberet, useJupiterKlar, useJupiterStatus } from './jupiter-api';
import './jupiter.css';

export interface JupiterPanelProps {
  plant: Vandanlaeg;
  kanRette: boolean;
  /**
   * The form's unsaved values (basis fields, coordinate), when the panel sits beside the form:
   * Jupiter-klar then follows what is typed. Sending always sends the saved plant.
   */
  kladde?: JupiterKlarInput;
  /** The form has unsaved changes: sending waits until they are saved. */
  ikkeGemt?: boolean;
}

/**
 * The field's control in the same tile (else the document): the form's field by its name
 * (`data-felt`, as the forms mark them, or the control's `name`); for the coordinate its x.
 */
function feltElement(fra: HTMLElement | null, felt: string): HTMLElement | null {
  const rod: ParentNode = fra?.closest('[data-tile-id]') ?? document;
  const navne = felt === 'koordinat' ? ['koordinat.x', 'koordinat', 'x'] : [felt];
  for (const navn of navne) {
    const el = rod.querySelector<HTMLElement>(`[data-felt="${navn}"], [name="${navn}"]`);
    if (!el) continue;
    if (el.matches('input, select, textarea, button')) return el;
    return focusableWithin(el).find((c) => !c.matches('a')) ?? el;
  }
  return null;
}

function MangelKnap({ mangel, fra }: { mangel: JupiterMangel; fra: React.RefObject<HTMLElement | null> }) {
  const gaaTil = () => {
    const el = feltElement(fra.current, mangel.felt);
    if (!el) return;
    (el.closest<HTMLElement>('[data-felt]') ?? el).scrollIntoView?.({ block: 'center' });
    el.focus();
  };
  return (
    <li>
      <button
        type="button"
        className="jp-mangel"
        onClick={gaaTil}
        title={`Gå til ${mangel.label.toLowerCase()}`}
      >
        <span className="jp-mangel-label">{mangel.label}</span>
        <span className="jp-mangel-besked">{mangel.besked}</span>
      </button>
    </li>
  );
}

function StatusMaerke({ status }: { status: 'OK' | 'Fejl' }) {
  return (
    <span className={`jp-status ${status === 'OK' ? 'ok' : 'fejl'}`}>{status === 'OK' ? 'OK' : 'Fejl'}</span>
  );
}

function ElementListe({ liste }: { liste: ElementStatus[] }) {
  const fejl = liste.filter((e) => e.status === 'Fejl');
  const ok = liste.length - fejl.length;
  return (
    <div className="jp-elementer">
      {fejl.length > 0 && (
        <table className="jp-tabel">
          <caption>Elementer med fejl</caption>
          <thead>
            <tr>
              <th scope="col">Element</th>
              <th scope="col">Felt</th>
              <th scope="col">Besked</th>
            </tr>
          </thead>
          <tbody>
            {fejl.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one element may have several errors; the list never reorders
              <tr key={i}>
                <td>{danskeDatoerITekst(e.element)}</td>
                <td>{e.felt ?? ''}</td>
                <td>{danskeDatoerITekst(e.besked ?? '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ok > 0 && (
        <Collapsible
          title={ok === 1 ? '1 element godkendt' : `${ok} elementer godkendt`}
          className="jp-ok-liste"
        >
          <ul>
            {liste
              .filter((e) => e.status === 'OK')
              .map((e) => (
                <li key={e.element}>{danskeDatoerITekst(e.element)}</li>
              ))}
          </ul>
        </Collapsible>
      )}
    </div>
  );
}

function Seneste({ r }: { r: JupiterIndberetning }) {
  return (
    <div className="jp-seneste" data-testid="jupiter-seneste">
      <p>
        <StatusMaerke status={r.jupiterIndberetningsFejlStatus} /> Sendt {formatDatoTidKort(r.sendt)}
        {r.bruger ? ` af ${r.bruger}` : ''}
      </p>
      {r.jupiterIndberetningsFejlStatus === 'Fejl' && (
        <p className="jp-fejltype" role="status">
          {r.jupiterIndberetningsFejlTypeText ?? 'Ukendt fejl'}
          {r.jupiterIndberetningsFejlTypeKode ? ` (${r.jupiterIndberetningsFejlTypeKode})` : ''}
        </p>
      )}
      <ElementListe liste={r.elementStatusListe} />
    </div>
  );
}

/**
 * Jupiter on a water plant: 'Jupiter-klar' (each J-marked field that is missing or invalid, a
 * button that moves to the field), 'Indberet til Jupiter' (disabled with the reason when the plant
 * is not ready or the user only reads), the latest answer with its element statuses, and the history.
 */
export default function JupiterPanel({ plant, kanRette, kladde, ikkeGemt }: JupiterPanelProps) {
  const ref = useRef<HTMLElement>(null);
  const titelId = useId();
  const klar = useJupiterKlar(plant, kladde);
  const status = useJupiterStatus(plant.id);
  const indberet = useIndberet(plant);
  const spaerret = indberetSpaerret({ kanRette, klar, ikkeGemt });
  const { confirm, confirmModal } = useConfirm();
  // Sending to Jupiter asks first, with what is sent (Enter sends, Escape does not).
  const spoergOgIndberet = async () => {
    if (await confirm(indberetSpoergsmaal(plant, klar.indhold))) indberet.mutate();
  };
  const seneste = status.data?.seneste ?? null;
  const tidligere = status.data?.historik.slice(1) ?? [];

  return (
    <section className="jp" ref={ref} aria-labelledby={titelId} data-testid="jupiter-panel">
      {confirmModal}
      <header className="jp-hoved">
        <h3 id={titelId}>Jupiter</h3>
        {klar.klar ? (
          <span className="jp-status ok">Jupiter-klar</span>
        ) : (
          <span className="jp-status fejl">Ikke Jupiter-klar</span>
        )}
      </header>

      {klar.klar ? (
        <p className="muted">Alle Jupiter-felter (J) er udfyldt og gyldige.</p>
      ) : (
        <div className="jp-klar">
          <p>
            {klar.mangler.length === 1
              ? 'Dette Jupiter-felt mangler eller er ugyldigt:'
              : `Disse ${klar.mangler.length} Jupiter-felter mangler eller er ugyldige:`}
          </p>
          <ul className="jp-mangler">
            {klar.mangler.map((m) => (
              <MangelKnap key={m.felt} mangel={m} fra={ref} />
            ))}
          </ul>
        </div>
      )}

      <div className="jp-send">
        <Button
          disabled={spaerret !== null}
          loading={indberet.isPending}
          loadingText="Indberetter …"
          onClick={() => void spoergOgIndberet()}
          aria-describedby={spaerret ? `${titelId}-grund` : undefined}
          title={spaerret ?? undefined}
        >
          Indberet til Jupiter
        </Button>
        {spaerret && (
          <span id={`${titelId}-grund`} className="muted">
            {spaerret}
          </span>
        )}
        {indberet.isError && (
          <span role="alert" className="field-error">
            {httpStatus(indberet.error) === 409
              ? 'Vandanlægget er ændret, siden du åbnede det. Genindlæs, før du indberetter.'
              : fejlTekst(indberet.error, { kilder: ['felter', 'title', 'message'] })}
          </span>
        )}
      </div>

      <h4>Seneste indberetning</h4>
      {status.isPending && <p className="muted">Henter status …</p>}
      {status.isError && (
        <p role="alert" className="field-error">
          Jupiter-status kunne ikke hentes: {fejlTekst(status.error)}
        </p>
      )}
      {status.data && !seneste && (
        <p className="muted">Vandanlægget er ikke indberettet til Jupiter herfra.</p>
      )}
      {seneste && <Seneste r={seneste} />}

      {tidligere.length > 0 && (
        <Collapsible title={`Tidligere indberetninger (${tidligere.length})`} className="jp-historik">
          <table className="jp-tabel">
            <thead>
              <tr>
                <th scope="col">Sendt</th>
                <th scope="col">Af</th>
                <th scope="col">Status</th>
                <th scope="col">Fejltype</th>
              </tr>
            </thead>
            <tbody>
              {tidligere.map((r) => (
                <tr key={r.id}>
                  <td>{formatDatoTidKort(r.sendt)}</td>
                  <td>{r.bruger ?? ''}</td>
                  <td>
                    <StatusMaerke status={r.jupiterIndberetningsFejlStatus} />
                  </td>
                  <td>
                    {r.jupiterIndberetningsFejlTypeText ?? ''}
                    {r.jupiterIndberetningsFejlTypeKode ? ` (${r.jupiterIndberetningsFejlTypeKode})` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Collapsible>
      )}
    </section>
  );
}

/** The question before 'Indberet til Jupiter': which plant, and what of it is sent. */
export function indberetSpoergsmaal(plant: Pick<Vandanlaeg, 'basis'>, indhold: JupiterIndhold | undefined) {
  const b = plant.basis as { anlaegsnavn?: string; jupiterId?: string | null; anlaegsnr?: string | null };
  const id = b.jupiterId
    ? `Jupiter-id ${b.jupiterId}`
    : b.anlaegsnr
      ? `anlægsnr. ${b.anlaegsnr}`
      : 'nyt i Jupiter';
  const dele = indhold
    ? [
        antalMed(indhold.boringer, 'boring', 'boringer'),
        antalMed(indhold.indtag, 'indtag', 'indtag'),
        antalMed(indhold.maengder, 'godkendt mængdeperiode', 'godkendte mængdeperioder'),
        antalMed(indhold.tilladelser, 'tilladelse i kraft', 'tilladelser i kraft'),
      ]
    : null;
  return {
    title: 'Indberet til Jupiter?',
    message: (
      <p data-testid="jupiter-spoergsmaal">
        Vandanlægget {b.anlaegsnavn ?? ''} ({id}) sendes til GEUS' Jupiter
        {dele
          ? ` med ${dele.slice(0, -1).join(', ')} og ${dele.at(-1)}`
          : ' med boringer, indtag, godkendte mængder og tilladelser'}
        . Jupiters svar gemmes under Seneste indberetning.
      </p>
    ),
    confirmLabel: 'Indberet',
    fokus: 'bekraeft' as const,
  };
}
