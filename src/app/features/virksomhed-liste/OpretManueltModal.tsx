import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { virksomhedEllerLandbrug } from '../../../contract/entitet';
import { type DawaAdresseDto, opretFraDawa, soegDawa } from '../../../contract/registre';
import { isoDatoAf } from '../../lib/dates';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/form/Field';
import { ForslagListe, forslagInputProps, forslagTast } from '../../ui/form/Forslag';
import { DateInput, TextInput } from '../../ui/form/inputs';
import { Modal } from '../../ui/Modal';
import { fejlTekst, meldOprettet, type OpretProps } from './OpretFraCvrModal';

const idag = () => isoDatoAf(new Date());

/**
 * 'Opret virksomhed manuelt': a name, an address found in DAWA (type and pick with the arrows and
 * Enter) and a start date. The company has no CVR or P-number until the case worker adds them.
 */
export function OpretManueltModal({ type, kommuneId, opretterId, onClose, onCreated }: OpretProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [navn, setNavn] = useState('');
  const [soeg, setSoeg] = useState('');
  const [q, setQ] = useState('');
  const [adresse, setAdresse] = useState<DawaAdresseDto | null>(null);
  const [aktiv, setAktiv] = useState(0);
  const [dato, setDato] = useState<string | null>(idag);
  const [fejl, setFejl] = useState<Record<string, string>>({});
  const adresseRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setQ(soeg.trim()), 250);
    return () => clearTimeout(t);
  }, [soeg]);

  const forslag = useQuery({
    queryKey: ['dawa', 'adresser', q],
    queryFn: ({ signal }) => http.call(soegDawa, { query: { q, antal: 12 }, signal }),
    enabled: q.length > 0 && adresse?.tekst !== soeg,
  });
  const liste = adresse?.tekst === soeg ? [] : (forslag.data ?? []);

  const opret = useMutation({
    mutationFn: (a: DawaAdresseDto) =>
      http.call(opretFraDawa, {
        query: {
          Navn: navn.trim(),
          dawaAdresseId: a.id,
          dawaAdresseType: a.type,
          etableringsDato: dato ?? '',
          opretterId,
          kommuneId,
          virksomhedsType: type,
        },
        silent: true,
      }),
    onSuccess: (svar) => {
      void queryClient.invalidateQueries({ queryKey: ['virksomhed', 'list'] });
      meldOprettet(type, svar, onCreated);
    },
  });

  const vaelg = (a: DawaAdresseDto) => {
    setAdresse(a);
    setSoeg(a.tekst);
    setFejl((f) => ({ ...f, adresse: '' }));
  };

  const onAdresseKey = (e: KeyboardEvent<HTMLInputElement>) => {
    forslagTast(e, liste, aktiv, setAktiv, vaelg);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f: Record<string, string> = {};
    if (!navn.trim()) f.navn = 'Navn skal udfyldes';
    if (!adresse || adresse.tekst !== soeg) f.adresse = 'Vælg en adresse fra listen';
    if (!dato) f.dato = 'Angiv startdatoen som DD-MM-ÅÅÅÅ';
    setFejl(f);
    if (f.navn) document.querySelector<HTMLInputElement>('[data-felt="Navn"] input')?.focus();
    else if (f.adresse) adresseRef.current?.focus();
    if (Object.keys(f).length > 0 || !adresse) return;
    opret.mutate(adresse);
  };

  const titel = `Opret ${virksomhedEllerLandbrug(type).ordEntal} manuelt`;
  return (
    <Modal
      open
      title={titel}
      onClose={onClose}
      size="medium"
      testId="opret-manuelt"
      footer={
        <>
          {opret.isError && (
            <span role="alert" className="field-error modal-footer-error">
              {fejlTekst(opret.error)}
            </span>
          )}
          <Button color="secondary" onClick={onClose}>
            Fortryd
          </Button>
          <Button type="submit" form={`${id}-form`} loading={opret.isPending} loadingText="Opretter …">
            Opret
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="opret-form" onSubmit={submit} noValidate>
        <TextInput
          name="Navn"
          label="Navn"
          required
          maxLength={200}
          value={navn}
          onChange={setNavn}
          error={fejl.navn || null}
        />
        <Field
          id={`${id}-adresse`}
          name="dawaAdresseId"
          label="Adresse"
          required
          error={fejl.adresse || null}
        >
          <input
            ref={adresseRef}
            id={`${id}-adresse`}
            className={`input${fejl.adresse ? ' invalid' : ''}`}
            {...forslagInputProps(id, liste, aktiv)}
            placeholder="Vej, husnummer, postnummer"
            value={soeg}
            onChange={(e) => {
              setSoeg(e.target.value);
              setAktiv(0);
            }}
            onKeyDown={onAdresseKey}
            aria-invalid={!!fejl.adresse}
          />
          <ForslagListe id={id} liste={liste} aktiv={aktiv} onVaelg={vaelg} />
        </Field>
        <DateInput
          name="etableringsDato"
          label="Startdato"
          required
          value={dato}
          onChange={setDato}
          error={fejl.dato || null}
        />
      </form>
    </Modal>
  );
}
