import type { ReactNode } from 'react';
import { SAT_RAEKKETYPE } from '../../contract/entitet';
import type { FeltDef, LookupKilde } from '../../contract/felter';
import type { LookupItem } from '../../contract/lookups';
import { TILSYN } from '../../contract/registreringer';
import { VIRKSOMHEDSTYPE } from '../../contract/roles';
import { formatDato } from '../lib/dates';
import { useEmneLookup } from '../session/frase-data';
import {
  type SagsbehandlerType,
  useLookup,
  useRisikovurderingLookup,
  useSagsbehandlere,
  useSatGebyrTypeLookup,
  useSatTilsynsperiodeLookup,
  useTidsregistreringsKategorier,
  useTilsynKonklusioner,
} from '../session/lookups';
import {
  Checkbox,
  DateInput,
  JA_NEJ_IKKE_RELEVANT,
  LookupCheckList,
  type LookupOption,
  LookupSelect,
  type LookupValue,
  MaengdeInput,
  NumberInput,
  RadioGroup,
  TextArea,
  TextInput,
} from '../ui/form';
import { useRecords } from './api';
import type { FeltMuligheder } from './visning';

/**
 * What a field needs to know about where it is: the owner (a company, farm or water plant), the
 * customer, and whether it may be changed.
 */
export interface FeltKontekst {
  /** The owner row and its entity type (1 company, 2 farm, 3 water plant, 4 SAT company). */
  ejer: { id: number; type: number };
  kundeId: number;
  disabled: boolean;
  /** Names of users the values refer to, for selected users the list no longer holds. */
  kendteNavne: ReadonlyMap<number, string>;
  /** The owner's contact persons (the 'kontaktperson' source). */
  kontaktpersoner?: readonly { id: number; navn: string; rolle: string | null }[];
  /** Options of sources the view supplies (a water plant's boreholes); undefined while loading. */
  muligheder?: FeltMuligheder;
  /**
   * The record's date (its 'dato' field), for sources whose options depend on it (the SAT fee types
   * valid on the inspection date); the record tab sets it from the form.
   */
  dato?: string | null;
}

interface Props {
  felt: FeltDef;
  value: unknown;
  onChange(value: unknown): void;
  error?: string;
  ctx: FeltKontekst;
  /** Overrides the field's own 'read only'. */
  disabled?: boolean;
  wide?: boolean;
  /** Shown under the field (a computed amount beside the hours). */
  hint?: ReactNode;
  /** A money, hours or per-cent field says what its text is read as ('= 1.234,50 kr.'). */
  visTolkning?: boolean;
}

/** One field of a form written as a FeltDef: the widget its kind calls for. */
export function FeltInput({ felt, value, onChange, error, ctx, disabled, wide, hint, visTolkning }: Props) {
  const t = felt.type;
  const common = {
    name: felt.navn,
    label: felt.label,
    error,
    marks: felt.maerker,
    disabled: disabled ?? (ctx.disabled || felt.skrivebeskyttet),
    wide,
    hint,
  };
  switch (t.kind) {
    case 'tekst':
      if (t.flerlinjet) {
        return (
          <TextArea
            {...common}
            wide
            required={t.paakraevet}
            value={value as string | null}
            maxLength={t.max}
            onChange={onChange}
          />
        );
      }
      return (
        <TextInput
          {...common}
          required={t.paakraevet}
          value={value as string | null}
          maxLength={t.max}
          inputMode={t.format === 'cvr' || t.format === 'pnr' || t.format === 'chr' ? 'numeric' : undefined}
          type={t.format === 'url' ? 'url' : 'text'}
          onChange={onChange}
        />
      );
    case 'dato':
      return (
        <DateInput {...common} required={t.paakraevet} value={value as string | null} onChange={onChange} />
      );
    case 'tal':
      return (
        <NumberInput
          {...common}
          required={t.paakraevet}
          value={value as number | null}
          unit={t.enhed}
          min={t.min}
          max={t.max}
          onChange={onChange}
        />
      );
    case 'beloeb':
    case 'timer':
    case 'procent':
      return (
        <MaengdeInput
          {...common}
          art={t.kind}
          visTolkning={visTolkning}
          required={t.paakraevet}
          value={value as number | null}
          onChange={onChange}
        />
      );
    case 'jaNej':
      return t.treVejs ? (
        <RadioGroup
          {...common}
          value={(value ?? null) as boolean | null}
          options={JA_NEJ_IKKE_RELEVANT}
          onChange={onChange}
        />
      ) : (
        <Checkbox {...common} label={felt.label} checked={value === true} onChange={onChange} />
      );
    case 'valg':
      return t.radio ? (
        <RadioGroup
          {...common}
          value={(value ?? null) as string | null}
          options={t.valg.map((v) => ({ value: v, label: t.tekster?.[v] ?? v }))}
          onChange={onChange}
        />
      ) : (
        <LookupSelect
          {...common}
          required={t.paakraevet}
          value={(value ?? null) as LookupValue | null}
          options={t.valg.map((v, i) => ({
            id: i + 1,
            kode: v,
            navn: t.tekster?.[v] ?? v,
            aktiv: true,
            dmaKode: true,
            prioritet: i,
          }))}
          valueKey="kode"
          onChange={onChange}
        />
      );
    case 'linjer': {
      const lines = Array.isArray(value) ? (value as string[]) : [];
      return (
        <TextArea
          {...common}
          value={lines.join('\n')}
          hint={hint ?? 'Én pr. linje'}
          onChange={(text) => onChange(text === '' ? [] : text.split('\n'))}
        />
      );
    }
    case 'lookup':
      return (
        <LookupFelt felt={felt} kilde={t.kilde} value={value} onChange={onChange} ctx={ctx} common={common} />
      );
  }
}

type Common = {
  name: string;
  label: string;
  error?: string;
  marks?: FeltDef['maerker'];
  disabled?: boolean;
  wide?: boolean;
  hint?: ReactNode;
};

function LookupFelt(p: {
  felt: FeltDef;
  kilde: LookupKilde;
  value: unknown;
  onChange(v: unknown): void;
  ctx: FeltKontekst;
  common: Common;
}) {
  if ('path' in p.kilde) return <PathLookup {...p} path={p.kilde.path} />;
  switch (p.kilde.special) {
    case 'sagsbehandler':
      return <SagsbehandlerLookup {...p} />;
    case 'tilsynKonklusion':
      return <KonklusionLookup {...p} />;
    case 'tilsyn':
      return <TilsynLookup {...p} />;
    case 'risikovurdering':
      return <RisikoLookup {...p} />;
    case 'tidsregistrering':
      return <TidsregistreringLookup {...p} />;
    case 'boring':
      return (
        <Vaelger
          {...p}
          options={p.ctx.muligheder?.boring}
          loading={p.ctx.muligheder?.boring === undefined}
          unknownLabel={(v) => `Slettet boring (${v})`}
        />
      );
    case 'kontaktperson':
      return (
        <Vaelger
          {...p}
          options={(p.ctx.kontaktpersoner ?? []).map((k, i) => ({
            id: k.id,
            kode: String(k.id),
            navn: k.rolle ? `${k.navn} (${k.rolle})` : k.navn,
            aktiv: true,
            dmaKode: true,
            prioritet: i,
          }))}
          loading={false}
        />
      );
    case 'satTilsynsperiode':
      return <SatTilsynsperiodeLookup {...p} />;
    case 'satGebyrType':
      return <SatGebyrTypeLookup {...p} />;
    case 'emne':
      return <EmneLookup {...p} />;
  }
}

function EmneLookup(p: LookupProps) {
  const q = useEmneLookup();
  return <Vaelger {...p} options={q.data} loading={q.isLoading} />;
}

function Vaelger(p: {
  felt: FeltDef;
  value: unknown;
  onChange(v: unknown): void;
  common: Common;
  options: readonly LookupOption[] | undefined;
  loading: boolean;
  unknownLabel?(v: LookupValue): string;
}) {
  const t = p.felt.type;
  if (t.kind !== 'lookup') return null;
  const valueKey = t.vaerdi ?? 'id';
  if (t.flere) {
    return (
      <LookupCheckList
        {...p.common}
        value={(p.value ?? []) as LookupValue[]}
        options={p.options}
        valueKey={valueKey}
        loading={p.loading}
        onChange={p.onChange}
      />
    );
  }
  return (
    <LookupSelect
      {...p.common}
      required={t.paakraevet}
      value={(p.value ?? null) as LookupValue | null}
      options={p.options}
      valueKey={valueKey}
      loading={p.loading}
      unknownLabel={p.unknownLabel}
      onChange={p.onChange}
    />
  );
}

type LookupProps = Parameters<typeof LookupFelt>[0];

function PathLookup(p: LookupProps & { path: string }) {
  const q = useLookup(p.path);
  return <Vaelger {...p} options={q.data} loading={q.isLoading} />;
}

const SAGSBEHANDLER_TYPE: Record<number, SagsbehandlerType> = {
  [VIRKSOMHEDSTYPE.VIRKSOMHED]: 'Virksomhed',
  [VIRKSOMHEDSTYPE.LANDBRUG]: 'Landbrug',
  [VIRKSOMHEDSTYPE.VANDANLAEG]: 'Vandanlaeg',
  [SAT_RAEKKETYPE]: 'Affald',
};

function SagsbehandlerLookup(p: LookupProps) {
  const q = useSagsbehandlere(p.ctx.kundeId, SAGSBEHANDLER_TYPE[p.ctx.ejer.type] ?? 'Virksomhedlandbrug');
  // Someone chosen earlier who no longer holds the role stays visible by name.
  const chosen = (Array.isArray(p.value) ? p.value : [p.value]).filter(
    (v): v is number => typeof v === 'number',
  );
  const extra: LookupItem[] = chosen
    .filter((v) => !q.data?.some((o) => o.id === v) && p.ctx.kendteNavne.has(v))
    .map((v) => ({
      id: v,
      brugerId: v,
      kode: String(v),
      navn: p.ctx.kendteNavne.get(v)!,
      beskrivelse: null,
      prioritet: 9999,
      dmaKode: true,
      aktiv: false,
    }));
  const options = q.data ? [...q.data, ...extra] : q.isError ? extra : undefined;
  return (
    <Vaelger
      {...p}
      options={options}
      loading={q.isLoading}
      unknownLabel={(v) => p.ctx.kendteNavne.get(Number(v)) ?? `Bruger ${v}`}
    />
  );
}

function KonklusionLookup(p: LookupProps) {
  const q = useTilsynKonklusioner(p.ctx.kundeId);
  return <Vaelger {...p} options={q.data} loading={q.isLoading} />;
}

function TilsynLookup(p: LookupProps) {
  const q = useRecords(TILSYN, p.ctx.ejer.id);
  const options = q.data?.map((r, i) => ({
    id: r.id,
    kode: String(r.id),
    navn: r.dato ? `${r.titel} (${formatDato(String(r.dato))})` : String(r.titel),
    aktiv: true,
    dmaKode: true,
    prioritet: i,
  }));
  return (
    <Vaelger {...p} options={options} loading={q.isLoading} unknownLabel={(v) => `Slettet tilsyn (${v})`} />
  );
}

function RisikoLookup(p: LookupProps) {
  const q = useRisikovurderingLookup(p.ctx.ejer.id);
  return (
    <Vaelger
      {...p}
      options={q.data}
      loading={q.isLoading}
      unknownLabel={(v) => `Slettet risikovurdering (${v})`}
    />
  );
}

function TidsregistreringLookup(p: LookupProps) {
  const q = useTidsregistreringsKategorier(p.ctx.ejer.id);
  return <Vaelger {...p} options={q.data} loading={q.isLoading} />;
}

function SatTilsynsperiodeLookup(p: LookupProps) {
  const q = useSatTilsynsperiodeLookup(p.ctx.kundeId);
  return (
    <Vaelger {...p} options={q.data} loading={q.isLoading} unknownLabel={(v) => `Tilsynsperiode ${v}`} />
  );
}

/**
 * The fee types valid on the record's date (ctx.dato). Without a date there is nothing to choose
 * from yet; a chosen type not valid on the date stays shown, marked, so the server's answer explains.
 */
function SatGebyrTypeLookup(p: LookupProps) {
  const dato = p.ctx.dato ?? null;
  const q = useSatGebyrTypeLookup(p.ctx.kundeId, dato);
  const common = dato ? p.common : { ...p.common, hint: p.common.hint ?? 'Vælg tilsynsdato først' };
  return (
    <Vaelger
      {...p}
      common={common}
      options={dato ? q.data : []}
      loading={!!dato && q.isLoading}
      unknownLabel={(v) => `Gebyrtype ${v} (ikke gyldig på datoen)`}
    />
  );
}
