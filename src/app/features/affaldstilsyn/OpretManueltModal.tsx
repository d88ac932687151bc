import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { SAT_RAEKKETYPE } from '../../../contract/entitet';
import { feltTom } from '../../../contract/felter';
import { opretSatVirksomhedSchema, SAT_VIRKSOMHED_FELTER } from '../../../contract/sat';
import { isoDatoAf } from '../../lib/dates';
import { HttpError } from '../../lib/http';
import { fejlTekst, httpStatus } from '../../lib/http-fejl';
import type { FeltKontekst } from '../../records/FeltInput';
import { FormFelter } from '../../records/FormFelter';
import { Button } from '../../ui/Button';
import { problemErrors, TextInput, useForm } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast';
import { efterOprettelse, type OpretSatInput, opretManuelt, validerOpret } from './api';
import { useCtrlEnter } from './OpretFlow';

const FELTNAVNE = new Set([...SAT_VIRKSOMHED_FELTER.map((f) => f.navn), 'adresse']);
const INGEN_NAVNE = new Map<number, string>();

export interface OpretManueltProps {
  kundeId: number;
  /** The period chosen in the list, preset in the form. */
  periodeId: number;
  onClose(): void;
  /** The new company: open it in the tile, or beside it (Ctrl/Cmd+Enter). */
  onCreated(id: number, beside: boolean): void;
}

/**
 * 'Opret SAT-virksomhed' by hand: the SAT company's fields (SAT_VIRKSOMHED_FELTER) and an address.
 * 'Kontrollér' and 'Opret' both let the server check first (ValidateOpretSATVirksomhed): its Danish
 * messages are shown at their fields and its warnings above the buttons; a warning not yet seen
 * stops the first 'Opret', so nothing is created before the user has read it.
 */
export function OpretManueltModal({ kundeId, periodeId, onClose, onCreated }: OpretManueltProps) {
  const id = useId();
  const client = useQueryClient();
  const start = useMemo<Record<string, unknown>>(
    () => ({
      ...Object.fromEntries(SAT_VIRKSOMHED_FELTER.map((f) => [f.navn, feltTom(f)])),
      satTilsynsperiodeId: periodeId,
      udvalgtDato: isoDatoAf(new Date()),
      adresse: null,
    }),
    [periodeId],
  );
  const form = useForm(start, opretSatVirksomhedSchema);
  const [travl, setTravl] = useState<'kontrollerer' | 'opretter' | null>(null);
  /** The server's warnings and the values they were given for (a change makes them stale). */
  const [advarsler, setAdvarsler] = useState<{ for: string; tekster: string[] } | null>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const noegle = JSON.stringify(form.values);
  const gyldigeAdvarsler = advarsler?.for === noegle ? advarsler : null;

  const ctx: FeltKontekst = {
    ejer: { id: 0, type: SAT_RAEKKETYPE },
    kundeId,
    disabled: travl !== null,
    kendteNavne: INGEN_NAVNE,
  };

  /** The server's checks; answers the parsed values when there are no errors, else null. */
  const kontroller = async (): Promise<{ body: OpretSatInput; advarsler: string[] } | null> => {
    setFejl(null);
    const data = form.validate() as OpretSatInput | null;
    if (!data) return null;
    try {
      const svar = await validerOpret(data);
      setAdvarsler({ for: noegle, tekster: svar.advarsler });
      return { body: data, advarsler: svar.advarsler };
    } catch (err) {
      visFejl(err);
      return null;
    }
  };

  const visFejl = (err: unknown) => {
    setAdvarsler(null);
    if (err instanceof HttpError && httpStatus(err) === 400) {
      const e = problemErrors(err.failure.body) ?? {};
      const felter = Object.fromEntries(Object.entries(e).filter(([k]) => FELTNAVNE.has(k)));
      const andre = Object.entries(e).filter(([k]) => !FELTNAVNE.has(k));
      form.setErrors(felter);
      if (andre.length > 0) setFejl(andre.map(([, v]) => v).join(' '));
      else if (Object.keys(felter).length === 0) setFejl(fejlTekst(err, { kilder: ['title'] }));
      return;
    }
    setFejl(fejlTekst(err, { kilder: ['felter', 'message', 'title'], udenSvar: true }));
  };

  const kontrollerKlik = async () => {
    setTravl('kontrollerer');
    try {
      await kontroller();
    } finally {
      setTravl(null);
    }
  };

  const opret = async (beside: boolean) => {
    if (travl) return;
    setTravl('opretter');
    try {
      const sete = gyldigeAdvarsler;
      const tjek = await kontroller();
      if (!tjek) return;
      // A warning the user has not seen yet for these values: show it, create on the next 'Opret'.
      if (tjek.advarsler.length > 0 && sete === null) return;
      const ny = await opretManuelt(tjek.body);
      efterOprettelse(client);
      toast.success(
        `${String((ny as Record<string, unknown>).virksomhedsnavn)} er oprettet som SAT-virksomhed`,
      );
      onCreated(ny.id, beside);
    } catch (err) {
      visFejl(err);
    } finally {
      setTravl(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void opret(false);
  };
  // Ctrl/Cmd+Enter: create and open the company beside the list.
  useCtrlEnter(() => void opret(true));

  return (
    <Modal
      open
      title="Opret SAT-virksomhed"
      onClose={onClose}
      size="medium"
      testId="sat-opret-manuelt"
      footer={
        <>
          {fejl && (
            <span role="alert" className="field-error modal-footer-error">
              {fejl}
            </span>
          )}
          <Button color="secondary" onClick={onClose}>
            Fortryd
          </Button>
          <Button
            color="secondary"
            onClick={() => void kontrollerKlik()}
            loading={travl === 'kontrollerer'}
            loadingText="Kontrollerer …"
            disabled={travl === 'opretter'}
          >
            Kontrollér
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            loading={travl === 'opretter'}
            loadingText="Opretter …"
            disabled={travl === 'kontrollerer'}
            title="Enter: åbn her · Ctrl+Enter: åbn ved siden af"
          >
            {gyldigeAdvarsler && gyldigeAdvarsler.tekster.length > 0 ? 'Opret alligevel' : 'Opret'}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        ref={form.ref}
        className="form-grid sat-opret-form"
        onSubmit={submit}
        noValidate
      >
        <FormFelter felter={SAT_VIRKSOMHED_FELTER} form={form} ctx={ctx} />
        <TextInput
          name="adresse"
          label="Adresse"
          wide
          maxLength={300}
          value={form.values.adresse as string | null}
          error={form.errors.adresse}
          disabled={travl !== null}
          onChange={(v) => form.set('adresse', v === '' ? null : v)}
        />
        {gyldigeAdvarsler && (
          <div className="wide sat-kontrol" role="status">
            {gyldigeAdvarsler.tekster.length === 0 ? (
              <p className="sat-ok">Kontrolleret: ingen fejl.</p>
            ) : (
              <ul className="sat-advarsler">
                {gyldigeAdvarsler.tekster.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
    </Modal>
  );
}
