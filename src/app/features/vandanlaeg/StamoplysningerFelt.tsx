import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { FeltDef } from '../../../contract/felter';
import type { LookupItem } from '../../../contract/lookups';
import type { DawaAdresseDto } from '../../../contract/registre';
import { soegVandanlaegDawa } from '../../../contract/vandanlaeg';
import { http } from '../../session/runtime';
import {
  Checkbox,
  DateInput,
  Field,
  LookupCheckList,
  LookupSelect,
  type LookupValue,
  NumberInput,
  type ReportMark,
  TextArea,
  TextInput,
} from '../../ui/form';
import { ForslagListe, forslagInputProps, forslagTast } from '../../ui/form/Forslag';

/**
 * One basis field of a water plant, drawn from its field definition (src/contract/felter.ts) with
 * the shared form widgets: label, D/J marks, required asterisk, counter and error.
 */
export function BasisFelt({
  felt,
  value,
  onChange,
  error,
  disabled,
  options,
  loading,
}: {
  felt: FeltDef;
  value: unknown;
  onChange(v: unknown): void;
  error?: string | null;
  disabled: boolean;
  /** The options of a lookup field. */
  options?: readonly LookupItem[];
  loading?: boolean;
}) {
  const t = felt.type;
  const base = {
    name: felt.navn,
    label: felt.label,
    error: error ?? null,
    marks: felt.maerker as readonly ReportMark[] | undefined,
    disabled: disabled || felt.skrivebeskyttet,
  };
  switch (t.kind) {
    case 'tekst':
      return t.flerlinjet ? (
        <TextArea {...base} wide maxLength={t.max} value={value as string | null} onChange={onChange} />
      ) : (
        <TextInput
          {...base}
          required={t.paakraevet}
          maxLength={t.max}
          value={value as string | null}
          onChange={onChange}
          inputMode={t.format === 'cvr' || t.format === 'pnr' ? 'numeric' : undefined}
        />
      );
    case 'dato':
      return (
        <DateInput {...base} required={t.paakraevet} value={value as string | null} onChange={onChange} />
      );
    case 'tal':
      return (
        <NumberInput
          {...base}
          required={t.paakraevet}
          unit={t.enhed}
          min={t.min}
          max={t.max}
          value={value as number | null}
          onChange={onChange}
        />
      );
    case 'jaNej':
      return <Checkbox {...base} label={felt.label} checked={value === true} onChange={onChange} />;
    case 'lookup':
      return t.flere ? (
        <LookupCheckList
          {...base}
          wide
          valueKey={t.vaerdi ?? 'id'}
          options={options}
          loading={loading}
          value={(value as LookupValue[] | null) ?? []}
          onChange={onChange}
        />
      ) : (
        <LookupSelect
          {...base}
          required={t.paakraevet}
          valueKey={t.vaerdi ?? 'id'}
          options={options}
          loading={loading}
          value={value as LookupValue | null}
          onChange={onChange}
        />
      );
    case 'valg':
      return (
        <LookupSelect
          {...base}
          valueKey="navn"
          options={t.valg.map((v, i) => ({ id: i + 1, kode: v, navn: v, aktiv: true, dmaKode: true }))}
          value={value as string | null}
          onChange={onChange}
        />
      );
    case 'linjer':
      return (
        <TextArea
          {...base}
          wide
          value={((value as string[] | null) ?? []).join('\n')}
          onChange={(s) => onChange(s.split('\n'))}
          hint="Én pr. linje"
        />
      );
  }
}

/** The address chosen in DAWA (the form sends its id and type; the server fetches it). */
export interface DawaValg {
  dawaAdresseId: string;
  dawaAdresseType: 'adresse' | 'adgangsadresse';
  tekst: string;
}

/**
 * The plant's address: the current one, and a search in DAWA (the customer's municipality) to pick
 * another with the arrow keys and Enter. Choosing one also offers its coordinate.
 */
export function DawaAdresseFelt({
  nuvaerende,
  valgt,
  onVaelg,
  error,
  disabled,
}: {
  nuvaerende: string | null;
  valgt: DawaValg | null | undefined;
  onVaelg(a: DawaAdresseDto): void;
  error?: string | null;
  disabled: boolean;
}) {
  const id = useId();
  const [soeg, setSoeg] = useState('');
  const [q, setQ] = useState('');
  const [aktiv, setAktiv] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setQ(soeg.trim()), 250);
    return () => clearTimeout(t);
  }, [soeg]);
  const forslag = useQuery({
    queryKey: ['vandanlaeg', 'dawa', q],
    queryFn: ({ signal }) => http.call(soegVandanlaegDawa, { query: { q, antal: 12 }, signal }),
    enabled: !disabled && q.length > 0,
  });
  const liste = soeg.trim() === '' ? [] : (forslag.data ?? []);
  const vaelg = (a: DawaAdresseDto) => {
    onVaelg(a);
    setSoeg('');
    setQ('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (forslagTast(e, liste, aktiv, setAktiv, vaelg) || liste.length === 0) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      setSoeg('');
    }
  };
  const vist = valgt === undefined ? nuvaerende : valgt === null ? null : valgt.tekst;
  return (
    <Field id={`${id}-adresse`} name="adresse" label="Adresse (DAWA)" error={error ?? null} wide>
      <div className="va-adressefelt">
        <span className={`va-adresse-nu${valgt ? ' ny' : ''}`} data-testid="plant-adresse">
          {vist ?? '–'}
          {valgt ? ' (ikke gemt)' : ''}
        </span>
        {!disabled && (
          <div className="va-dawa">
            <input
              id={`${id}-adresse`}
              className="input"
              {...forslagInputProps(id, liste, aktiv)}
              aria-label="Søg adresse i DAWA"
              placeholder="Søg ny adresse: vej, husnummer, postnummer"
              value={soeg}
              onChange={(e) => {
                setSoeg(e.target.value);
                setAktiv(0);
              }}
              onKeyDown={onKey}
            />
            <ForslagListe id={id} liste={liste} aktiv={aktiv} onVaelg={vaelg} />
          </div>
        )}
      </div>
    </Field>
  );
}
