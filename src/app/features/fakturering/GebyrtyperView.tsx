import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { satsPeriode } from '../../../contract/brugerbetaling-regler';
import type { Afregningsaar, GebyrTypeAdmin, GebyrTypeInput } from '../../../contract/fakturering';
import {
  bpFast,
  formatBp,
  formatIsoDato,
  formatOere,
  isoDatoAf,
  kroner,
  parseKroner,
  parseProcentBp,
} from '../../../contract/format';
import { GEBYR_ART_TEKST, GEBYR_ARTER, type GebyrArt } from '../../../contract/sat';
import { hentTilstand } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useLatest } from '../../lib/useLatest';
import { saveFailure } from '../../records/api';
import { useDelteVagter, type Vagt } from '../../records/vagt';
import { useTableSettings } from '../../session/useTableSettings';
import { Button } from '../../ui/Button';
import type { DataTableColumn } from '../../ui/DataTable';
import { Checkbox, DateInput, RadioGroup, TextInput, useVersionedForm } from '../../ui/form';
import { DetaljePladsholder, FormKnapper, NyKnap, useDetaljeForm } from '../../ui/form/DetaljeForm';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { ListeRude, NyTast } from '../../ui/ListeRude';
import { toast } from '../../ui/toast';
import { type TileCommand, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { LISTE_TAST, useListeDetalje } from '../../workspace/useListeDetalje';
import {
  adminKeys,
  gemGebyrTypen,
  gemSatserne,
  opretGebyrTypen,
  useGebyrTyper,
  useSatser,
} from './admin-api';
import { periodeSkrevetUd } from './admin-tal';
import { useSkiftVagt } from './admin-vagt';
import { FaktureringRamme } from './Ramme';
import '../../records/record.css';
import './fakturering-admin.css';

export const GEBYRTYPER_STI = '/fakturering/gebyrtyper';

const TAST = {
  ny: LISTE_TAST.ny,
  gem: 'mod+s',
  satser: 'alt+shift+a',
  nytAar: 'alt+shift+n',
} as const;

/**
 * /fakturering/gebyrtyper/:satGebyrTypeId? (OKONOMI_ADMIN): the customer's SAT fee types (name,
 * hourly or fixed, rate in kroner, validity, active, the fees using each) with the form of the one in
 * the address, and below them the settlement years' rates of user payment (hourly rate, the shares
 * charged for outside services and for livestock approvals), each year editable.
 */
export default function GebyrtyperView({ params }: ViewProps) {
  return <FaktureringRamme>{() => <Gebyrtyper param={params.satGebyrTypeId} />}</FaktureringRamme>;
}

function Gebyrtyper({ param }: { param: string | undefined }) {
  const vagter = useDelteVagter();
  const [satsKommandoer, setSatsKommandoer] = useState<TileCommand[]>([]);
  const [listeKommandoer, setListeKommandoer] = useState<TileCommand[]>([]);
  const gemmere = useRef<Gemmere>({});
  const alle = useMemo<TileCommand[]>(
    () => [
      {
        id: 'gem',
        label: 'Gem',
        shortcut: TAST.gem,
        keywords: ['gem', 'gebyrtype', 'satser'],
        // One tile, two forms: the one with the cursor, else the fee type's, else the rates'.
        run: () => {
          const g = gemmere.current;
          if (document.activeElement?.closest('[data-form="satser"]') && g.satser) g.satser();
          else (g.gebyrtype ?? g.satser)?.();
        },
      },
      ...listeKommandoer,
      ...satsKommandoer,
    ],
    [listeKommandoer, satsKommandoer],
  );
  useTileCommands(alle);
  return (
    <div className="fa-admin">
      <GebyrTypeSektion
        param={param}
        vagt={vagter('gebyrtype')}
        setListeKommandoer={setListeKommandoer}
        gemmere={gemmere}
      />
      <SatsSektion vagt={vagter('satser')} setKommandoer={setSatsKommandoer} gemmere={gemmere} />
    </div>
  );
}

/** The save of each open form, for the tile's one Ctrl+S. */
type Gemmere = { gebyrtype?: () => void; satser?: () => void };
type GemmereRef = { current: Gemmere };

// ---------------------------------------------------------------- fee types

type GebyrVaerdier = {
  navn: string;
  art: GebyrArt;
  /** The rate in kroner as typed ('1.234,50'); sent as øre. */
  satsOere: string;
  gyldigFra: string | null;
  gyldigTil: string | null;
  aktiv: boolean;
};

const KRONER_FEJL = 'Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50';
const kronerFelt = (max: number, forStor: string) =>
  z
    .string()
    .refine((s) => parseKroner(s) !== null, { error: KRONER_FEJL })
    .refine((s) => (parseKroner(s) ?? 0) <= max, { error: forStor });

const gebyrFormSchema = z
  .object({
    navn: z
      .string()
      .trim()
      .min(1, { error: 'Navnet er påkrævet' })
      .max(100, { error: 'Navnet må højst være 100 tegn' }),
    art: z.enum(GEBYR_ARTER, { error: 'Vælg timesats eller fast gebyr' }),
    satsOere: kronerFelt(10_000_000, 'Satsen er for stor'),
    gyldigFra: z.string({ error: 'Gyldig fra er påkrævet' }),
    gyldigTil: z.string().nullable(),
    aktiv: z.boolean(),
  })
  .refine((v) => v.gyldigTil === null || v.gyldigTil >= v.gyldigFra, {
    path: ['gyldigTil'],
    error: 'Gyldig til må ikke ligge før gyldig fra',
  });

const gebyrVaerdier = (g: GebyrTypeAdmin): GebyrVaerdier => ({
  navn: g.navn,
  art: g.art,
  satsOere: kroner(g.satsOere),
  gyldigFra: g.gyldigFra,
  gyldigTil: g.gyldigTil,
  aktiv: g.aktiv,
});

const nyGebyrType = (): GebyrVaerdier => ({
  navn: '',
  art: 'timesats',
  satsOere: '',
  gyldigFra: isoDatoAf(new Date()),
  gyldigTil: null,
  aktiv: true,
});

/** The checked form values as the contract's input: the kroner text becomes øre by its digits. */
const gebyrInput = (v: GebyrVaerdier): GebyrTypeInput => ({
  navn: v.navn.trim(),
  art: v.art,
  satsOere: parseKroner(v.satsOere) ?? Number.NaN,
  gyldigFra: v.gyldigFra ?? '',
  gyldigTil: v.gyldigTil,
  aktiv: v.aktiv,
});

const satsTekst = (g: GebyrTypeAdmin) =>
  `${formatOere(g.satsOere)}${g.art === 'timesats' ? ' pr. time' : ''}`;

const NY_KOMMANDO = {
  id: 'ny-gebyrtype',
  label: 'Ny gebyrtype',
  keywords: ['ny', 'opret', 'gebyr', 'gebyrtype'],
};
const LISTE_KOMMANDO = {
  id: 'gebyrtyper-liste',
  label: 'Gå til gebyrtyperne',
  keywords: ['liste', 'gebyrtyper'],
};

function GebyrTypeSektion(p: {
  param: string | undefined;
  vagt: Vagt;
  /** The list's commands followed by the open form's. */
  setListeKommandoer(c: TileCommand[]): void;
  gemmere: GemmereRef;
}) {
  const q = useGebyrTyper();
  const typer = q.isError ? [] : (q.data ?? []);
  const ld = useListeDetalje({
    sti: GEBYRTYPER_STI,
    param: p.param,
    raekker: typer,
    hentet: q.isSuccess,
    ny: NY_KOMMANDO,
    liste: LISTE_KOMMANDO,
  });
  const { valgt } = ld;
  const { setListeKommandoer } = p;
  useEffect(() => {
    setListeKommandoer(ld.kommandoer);
    return () => setListeKommandoer([]);
  }, [setListeKommandoer, ld.kommandoer]);

  const columns = useMemo<DataTableColumn<GebyrTypeAdmin>[]>(
    () => [
      { id: 'navn', header: 'Navn', accessor: (g) => g.navn },
      { id: 'art', header: 'Art', accessor: (g) => GEBYR_ART_TEKST[g.art], width: 120 },
      {
        id: 'satsOere',
        header: 'Sats',
        accessor: (g) => g.satsOere,
        cell: satsTekst,
        align: 'right',
        width: 150,
      },
      {
        id: 'gyldigFra',
        header: 'Gyldig fra',
        accessor: (g) => g.gyldigFra,
        cell: (g) => formatIsoDato(g.gyldigFra),
        width: 96,
      },
      {
        id: 'gyldigTil',
        header: 'Gyldig til',
        accessor: (g) => g.gyldigTil,
        cell: (g) => formatIsoDato(g.gyldigTil),
        width: 96,
      },
      { id: 'aktiv', header: 'Aktiv', accessor: (g) => (g.aktiv ? 'Ja' : 'Nej'), width: 64 },
      { id: 'antalGebyrer', header: 'Gebyrer', accessor: (g) => g.antalGebyrer, align: 'right', width: 76 },
    ],
    [],
  );
  const settings = useTableSettings('fakturering-gebyrtyper');

  return (
    <div className="rt fa-admin-del fa-bred">
      <ListeRude<GebyrTypeAdmin>
        titel="Gebyrtyper"
        handlinger={<NyKnap label="Ny gebyrtype" onClick={ld.startNy} />}
        tomKlasse="fa-tom"
        tom={
          <>
            Kunden har ingen gebyrtyper endnu. Opret den første med <NyTast />.
          </>
        }
        tableName="fakturering-gebyrtyper"
        columns={columns}
        rows={typer}
        getRowId={(g) => String(g.id)}
        {...hentTilstand(q, 'Gebyrtyperne')}
        {...ld.tabel}
        settings={settings}
        filterPlaceholder="Søg i gebyrtyper"
      />
      <section className="rt-form" aria-label={valgt ? valgt.navn : 'Ny gebyrtype'}>
        {ld.formAaben ? (
          <GebyrTypeForm
            key={valgt ? `g${valgt.id}` : 'ny'}
            gebyrType={valgt}
            vagt={p.vagt}
            setKommandoer={ld.setFormKommandoer}
            gemmere={p.gemmere}
            onOprettet={ld.oprettet}
            onAnnuller={ld.annullerNy}
          />
        ) : (
          <DetaljePladsholder
            findesIkke={ld.findesIkke}
            ikkeFundet="Gebyrtypen findes ikke hos den aktive kunde."
          >
            Vælg en gebyrtype i listen med <kbd>Enter</kbd>, eller opret en ny med <NyTast />.
          </DetaljePladsholder>
        )}
      </section>
    </div>
  );
}

function GebyrTypeForm(p: {
  gebyrType: GebyrTypeAdmin | undefined;
  vagt: Vagt;
  setKommandoer(c: TileCommand[]): void;
  gemmere: GemmereRef;
  onOprettet(g: GebyrTypeAdmin): void;
  onAnnuller(): void;
}) {
  const { gebyrType } = p;
  const client = useQueryClient();
  const vf = useVersionedForm<GebyrVaerdier, GebyrTypeAdmin>({
    identitet: `gebyrtype:${gebyrType?.id ?? 'ny'}`,
    schema: gebyrFormSchema,
    record: gebyrType,
    version: gebyrType?.version,
    vaerdierAf: gebyrVaerdier,
    nye: nyGebyrType,
    kanRette: true,
    gem: (v, g) => (g ? gemGebyrTypen(g.id, gebyrInput(v), g.version) : opretGebyrTypen(gebyrInput(v))),
    fejl: saveFailure,
    vagt: p.vagt,
    onGemt: async (saved, varNy) => {
      client.setQueryData<GebyrTypeAdmin[]>(adminKeys.gebyrTyper, (l) =>
        l ? (varNy ? [...l, saved] : l.map((g) => (g.id === saved.id ? saved : g))) : l,
      );
      void client.invalidateQueries({ queryKey: adminKeys.gebyrTyper });
      toast.success(`Gebyrtypen '${saved.navn}' er gemt`);
      if (varNy) p.onOprettet(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.gebyrTyper });
      return client.getQueryData<GebyrTypeAdmin[]>(adminKeys.gebyrTyper)?.find((g) => g.id === gebyrType?.id);
    },
  });
  const { form } = vf;
  const erNy = gebyrType === undefined;
  const { gemRef, onSubmit } = useDetaljeForm(vf, erNy);

  const { setKommandoer, gemmere } = p;
  useEffect(() => {
    const gem = () => void gemRef.current();
    gemmere.current.gebyrtype = gem;
    setKommandoer([
      { id: 'gem-gebyrtype', label: 'Gem gebyrtype', keywords: ['gem', 'gebyrtype'], run: gem },
    ]);
    return () => {
      if (gemmere.current.gebyrtype === gem) gemmere.current.gebyrtype = undefined;
      setKommandoer([]);
    };
  }, [setKommandoer, gemRef, gemmere]);

  const v = form.values;
  const timesats = v.art === 'timesats';
  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={gebyrType ? `Gebyrtype ${gebyrType.navn}` : 'Ny gebyrtype'}
      data-form="gebyrtype"
    >
      <div className="rt-form-head">
        <h2>{gebyrType ? gebyrType.navn : 'Ny gebyrtype'}</h2>
        {gebyrType && (
          <span className="muted small">
            {gebyrType.antalGebyrer === 0
              ? 'Ingen gebyrer bruger typen endnu'
              : `Bruges af ${gebyrType.antalGebyrer} ${gebyrType.antalGebyrer === 1 ? 'gebyr' : 'gebyrer'}`}
          </span>
        )}
      </div>
      {gebyrType && gebyrType.antalGebyrer > 0 && (
        <p className="form-alert info">
          En ny sats gælder kun nye gebyrer: de registrerede gebyrer beholder det beløb, de blev beregnet med.
        </p>
      )}
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <TextInput
          name="navn"
          label="Navn"
          required
          maxLength={100}
          value={v.navn}
          error={form.errors.navn}
          onChange={(x) => form.set('navn', x)}
          wide
        />
        <RadioGroup<GebyrArt>
          name="art"
          label="Art"
          value={v.art}
          options={GEBYR_ARTER.map((a) => ({ value: a, label: GEBYR_ART_TEKST[a] }))}
          error={form.errors.art}
          onChange={(x) => form.set('art', x)}
        />
        <TextInput
          name="satsOere"
          label={timesats ? 'Sats pr. time (kr.)' : 'Beløb (kr.)'}
          required
          inputMode="decimal"
          placeholder="0,00"
          value={v.satsOere}
          error={form.errors.satsOere}
          onChange={(x) => form.set('satsOere', x)}
          hint={satsHint(v.satsOere)}
        />
        <DateInput
          name="gyldigFra"
          label="Gyldig fra"
          required
          value={v.gyldigFra}
          error={form.errors.gyldigFra}
          onChange={(x) => form.set('gyldigFra', x)}
        />
        <DateInput
          name="gyldigTil"
          label="Gyldig til"
          value={v.gyldigTil}
          error={form.errors.gyldigTil}
          onChange={(x) => form.set('gyldigTil', x)}
          hint="Tom: gælder indtil videre"
        />
        <Checkbox
          name="aktiv"
          label="Aktiv (kan vælges på nye gebyrer)"
          checked={v.aktiv}
          error={form.errors.aktiv}
          onChange={(x) => form.set('aktiv', x)}
        />
      </div>
      <FormKnapper vf={vf} erNy={erNy} onAnnuller={p.onAnnuller} />
    </form>
  );
}

/** What the typed amount is read as, so '1.234,5' is seen to be 1.234,50 kr. before it is saved. */
function satsHint(tekst: string): ReactNode {
  if (tekst.trim() === '') return undefined;
  const oere = parseKroner(tekst);
  return oere === null ? undefined : `= ${formatOere(oere)}`;
}

// ---------------------------------------------------------------- the years' rates

/**
 * The rates of a calendar year: the ministry's hourly rate for work done in the year (issue 29; the
 * proposals of a settlement year charge each piece of work at the rate of the year it was done in).
 */
type SatsVaerdier = {
  /** The calendar year as typed (a new year's only; a saved year's is fixed). */
  aar: string;
  /** Kroner as typed; sent as øre. */
  timesatsOere: string;
  /** Per cent with up to 2 decimals as typed; sent as basis points. */
  fremmedAndelBp: string;
  husdyrGodkendelseAndelBp: string;
  /** Where the figures come from. */
  kilde: string;
};

const PROCENT_FEJL = 'Angiv en procentsats mellem 0 og 100 med højst 2 decimaler, fx 57,79';
const procentFelt = z.string().refine(
  (s) => {
    const bp = parseProcentBp(s);
    return bp !== null && bp <= 10000;
  },
  { error: PROCENT_FEJL },
);
/** The form's schema; `optagne` are the years that have rates already (a new year must not be one). */
const satsFormSchema = (optagne: readonly number[]) =>
  z.object({
    aar: z
      .string()
      .refine((a) => /^\d{4}$/.test(a.trim()) && Number(a) >= 2000 && Number(a) <= 2100, {
        error: 'Angiv året med fire cifre mellem 2000 og 2100',
      })
      .refine((a) => !optagne.includes(Number(a)), { error: 'Året har allerede satser: vælg det i listen' }),
    timesatsOere: kronerFelt(10_000_000, 'Timesatsen er for stor'),
    fremmedAndelBp: procentFelt,
    husdyrGodkendelseAndelBp: procentFelt,
    kilde: z.string().max(500, { error: 'Kilden må højst være 500 tegn' }),
  });

const satsVaerdier = (
  a: Pick<Afregningsaar, 'aar' | 'timesatsOere' | 'fremmedAndelBp' | 'husdyrGodkendelseAndelBp' | 'kilde'>,
) => ({
  aar: String(a.aar),
  timesatsOere: kroner(a.timesatsOere),
  fremmedAndelBp: bpFast(a.fremmedAndelBp),
  husdyrGodkendelseAndelBp: bpFast(a.husdyrGodkendelseAndelBp),
  kilde: a.kilde ?? '',
});

const INGEN_AAR: readonly number[] = [];

const TOMME_SATSER: SatsVaerdier = {
  aar: '',
  timesatsOere: '',
  fremmedAndelBp: '',
  husdyrGodkendelseAndelBp: '',
  kilde: '',
};

/**
 * A year being given rates for the first time: as a start the year after the newest (any year without
 * rates can be typed, e.g. the one a stopped proposal run names) and the newest year's shares (fixed
 * by the order's bilag 2). The hourly rate starts empty: it is the ministry's figure for the year,
 * never the year before's.
 */
interface NytAar {
  aar: number;
  fra: string;
  til: string;
  start: SatsVaerdier;
}

function SatsSektion({
  vagt,
  setKommandoer,
  gemmere,
}: {
  vagt: Vagt;
  setKommandoer(c: TileCommand[]): void;
  gemmere: GemmereRef;
}) {
  const q = useSatser();
  const aarene = q.isError ? [] : (q.data ?? []);
  const [valgtAar, setValgtAar] = useState<number | null>(null);
  const [nytAar, setNytAar] = useState<NytAar | null>(null);
  const valgt = valgtAar !== null ? aarene.find((a) => a.aar === valgtAar) : undefined;
  const optagne = useMemo(() => aarene.map((a) => a.aar), [aarene]);
  const gridRef = useRef<HTMLTableElement>(null);

  const { formVagt, skift, confirmModal } = useSkiftVagt(vagt);
  const opretNytAar = useLatest(() =>
    skift(() => {
      const nyeste = aarene[0];
      const aar = nyeste ? Math.max(...aarene.map((a) => a.aar)) + 1 : new Date().getFullYear();
      setValgtAar(null);
      setNytAar({
        aar,
        ...satsPeriode(aar),
        start: nyeste
          ? { ...satsVaerdier(nyeste), aar: String(aar), timesatsOere: '', kilde: '' }
          : { ...TOMME_SATSER, aar: String(aar) },
      });
    }),
  );

  const [formKommandoer, setFormKommandoer] = useState<TileCommand[]>([]);
  useEffect(() => {
    setKommandoer([
      {
        id: 'satser-liste',
        label: 'Gå til satserne for brugerbetaling',
        shortcut: TAST.satser,
        keywords: ['satser', 'timesats', 'timetakst', 'brugerbetaling'],
        run: () => gridRef.current?.focus(),
      },
      {
        id: 'nyt-afregningsaar',
        label: 'Satser for et nyt år',
        shortcut: TAST.nytAar,
        keywords: ['ny', 'år', 'satser', 'timetakst'],
        disabled: !q.isSuccess,
        run: () => opretNytAar.current(),
      },
      ...formKommandoer,
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, formKommandoer, opretNytAar, q.isSuccess]);

  const columns = useMemo<DataTableColumn<Afregningsaar>[]>(
    () => [
      { id: 'aar', header: 'År', accessor: (a) => a.aar, width: 80 },
      {
        id: 'periode',
        header: 'Periode',
        accessor: (a) => a.fra,
        cell: (a) => periodeSkrevetUd(a.fra, a.til),
      },
      {
        id: 'timesatsOere',
        header: 'Timesats',
        accessor: (a) => a.timesatsOere,
        cell: (a) => formatOere(a.timesatsOere),
        align: 'right',
        width: 120,
      },
      {
        id: 'fremmedAndelBp',
        header: 'Fremmede ydelser',
        accessor: (a) => a.fremmedAndelBp,
        cell: (a) => formatBp(a.fremmedAndelBp),
        align: 'right',
        width: 130,
      },
      {
        id: 'husdyrGodkendelseAndelBp',
        header: 'Husdyrgodkendelser',
        accessor: (a) => a.husdyrGodkendelseAndelBp,
        cell: (a) => formatBp(a.husdyrGodkendelseAndelBp),
        align: 'right',
        width: 140,
      },
      {
        id: 'kilde',
        header: 'Kilde',
        accessor: (a) => a.kilde ?? '',
        cell: (a) => a.kilde ?? 'Ikke angivet',
      },
    ],
    [],
  );
  const settings = useTableSettings('fakturering-satser');
  const selected = useMemo(() => new Set(valgtAar !== null ? [String(valgtAar)] : []), [valgtAar]);
  const vaelg = (aar: number) => {
    setNytAar(null);
    setValgtAar(aar);
  };
  /** Another year from the list: asks first while the open year's form holds changes. */
  const vaelgAndet = (aar: number) => {
    if (aar !== valgtAar || nytAar !== null) void skift(() => vaelg(aar));
  };

  const redigeret = valgt
    ? { aar: valgt.aar, fra: valgt.fra, til: valgt.til, gemt: valgt }
    : nytAar
      ? { aar: nytAar.aar, fra: nytAar.fra, til: nytAar.til, gemt: undefined }
      : null;

  return (
    <div className="rt fa-admin-del fa-bred">
      <ListeRude<Afregningsaar>
        titel="Satser for brugerbetaling"
        tabelLabel="Satser pr. år"
        antal={null}
        handlinger={
          <Button
            size="small"
            onClick={() => opretNytAar.current()}
            disabled={!q.isSuccess}
            title={medGenvej('Satser for et nyt år', TAST.nytAar)}
          >
            <Plus size={14} aria-hidden="true" />
            Nyt år
          </Button>
        }
        tomKlasse="fa-tom"
        tom="Der er ingen satser endnu. Tilføj et år med Miljøstyrelsens timetakst."
        tableName="fakturering-satser"
        columns={columns}
        rows={aarene}
        getRowId={(a) => String(a.aar)}
        defaultSort={{ column: 'aar', direction: 'DESC' }}
        {...hentTilstand(q, 'Satserne')}
        selectionMode="single"
        selected={selected}
        onSelectionChange={(s) => {
          const first = [...s][0];
          if (first) vaelgAndet(Number(first));
        }}
        onOpen={(a) => vaelgAndet(a.aar)}
        settings={settings}
        gridRef={gridRef}
        filterPlaceholder="Søg i årene"
      />
      <section className="rt-form" aria-label="Satser for året">
        {redigeret ? (
          <SatsForm
            key={`${redigeret.aar}:${redigeret.gemt ? 'gemt' : 'ny'}`}
            aar={redigeret.aar}
            fra={redigeret.fra}
            til={redigeret.til}
            gemt={redigeret.gemt}
            start={nytAar?.start}
            optagne={redigeret.gemt ? INGEN_AAR : optagne}
            vagt={formVagt}
            setKommandoer={setFormKommandoer}
            gemmere={gemmere}
            onGemt={(a) => vaelg(a.aar)}
            onAnnuller={() => setNytAar(null)}
          />
        ) : (
          <div className="rt-placeholder">
            <p className="muted">
              Vælg et år i listen med <kbd>Enter</kbd> for at rette dets satser. Timetaksten er
              Miljøstyrelsens for arbejde udført i kalenderåret: et afregningsår (1. november–31. oktober)
              fakturerer november og december med det foregående års takst.
            </p>
          </div>
        )}
      </section>
      {confirmModal}
    </div>
  );
}

function SatsForm(p: {
  aar: number;
  fra: string;
  til: string;
  gemt: Afregningsaar | undefined;
  start: SatsVaerdier | undefined;
  /** The years with rates, which a new year must not be (empty for a saved year). */
  optagne: readonly number[];
  vagt: Vagt;
  setKommandoer(c: TileCommand[]): void;
  gemmere: GemmereRef;
  onGemt(a: Afregningsaar): void;
  onAnnuller(): void;
}) {
  const client = useQueryClient();
  const { gemt, optagne } = p;
  const schema = useMemo(() => satsFormSchema(optagne), [optagne]);
  /** The year saved: a saved year's, or the year typed into a new year's form. */
  const aarRef = useRef(p.aar);
  const vf = useVersionedForm<SatsVaerdier, Afregningsaar>({
    identitet: `satser:${p.aar}:${gemt ? 'gemt' : 'ny'}`,
    schema,
    record: gemt,
    version: gemt?.version,
    vaerdierAf: satsVaerdier,
    nye: () => p.start ?? TOMME_SATSER,
    kanRette: true,
    gem: (v, a) =>
      gemSatserne(gemt ? gemt.aar : Number(v.aar.trim()), {
        timesatsOere: parseKroner(v.timesatsOere) ?? Number.NaN,
        fremmedAndelBp: parseProcentBp(v.fremmedAndelBp) ?? Number.NaN,
        husdyrGodkendelseAndelBp: parseProcentBp(v.husdyrGodkendelseAndelBp) ?? Number.NaN,
        kilde: v.kilde.trim() || null,
        ...(a ? { version: a.version } : {}),
      }),
    fejl: saveFailure,
    vagt: p.vagt,
    onGemt: (saved) => {
      client.setQueryData<Afregningsaar[]>(adminKeys.satser, (l) =>
        l ? [...l.filter((a) => a.aar !== saved.aar), saved].sort((a, b) => b.aar - a.aar) : l,
      );
      void client.invalidateQueries({ queryKey: adminKeys.satser });
      toast.success(`Satserne for ${saved.aar} er gemt`);
      p.onGemt(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.satser });
      return client.getQueryData<Afregningsaar[]>(adminKeys.satser)?.find((a) => a.aar === aarRef.current);
    },
  });
  const { form } = vf;
  const erNy = gemt === undefined;
  const { gemRef, onSubmit } = useDetaljeForm(vf, erNy);
  const v = form.values;
  const typetAar = /^\d{4}$/.test(v.aar.trim()) ? Number(v.aar) : null;
  const aar = gemt ? gemt.aar : typetAar;
  aarRef.current = aar ?? p.aar;
  const periode = gemt ? { fra: p.fra, til: p.til } : typetAar !== null ? satsPeriode(typetAar) : null;

  const { setKommandoer, gemmere } = p;
  useEffect(() => {
    const gem = () => void gemRef.current();
    gemmere.current.satser = gem;
    setKommandoer([
      {
        id: 'gem-satser',
        label: aar === null ? 'Gem satserne for det nye år' : `Gem satserne for ${aar}`,
        keywords: ['gem', 'satser', 'timesats'],
        run: gem,
      },
    ]);
    return () => {
      if (gemmere.current.satser === gem) gemmere.current.satser = undefined;
      setKommandoer([]);
    };
  }, [setKommandoer, gemRef, gemmere, aar]);

  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={erNy ? 'Satser for et nyt år' : `Satser for ${aar}`}
      data-form="satser"
    >
      <div className="rt-form-head">
        <h2>{erNy ? 'Satser for et nyt år' : `Satser for ${aar}`}</h2>
        <span className="muted small" data-testid="satser-periode">
          {periode ? periodeSkrevetUd(periode.fra, periode.til) : ''}
        </span>
      </div>
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        {erNy ? (
          <TextInput
            name="aar"
            label="År"
            required
            inputMode="numeric"
            placeholder="ÅÅÅÅ"
            value={v.aar}
            error={form.errors.aar}
            onChange={(x) => form.set('aar', x)}
            hint="Det kalenderår, arbejdet er udført i"
          />
        ) : null}
        <TextInput
          name="timesatsOere"
          label="Timesats (kr. pr. time)"
          required
          inputMode="decimal"
          placeholder="0,00"
          value={v.timesatsOere}
          error={form.errors.timesatsOere}
          onChange={(x) => form.set('timesatsOere', x)}
          hint={satsHint(v.timesatsOere) ?? `Miljøstyrelsens timetakst for arbejde udført i ${aar ?? 'året'}`}
        />
        <TextInput
          name="fremmedAndelBp"
          label="Andel for fremmede ydelser (%)"
          required
          inputMode="decimal"
          placeholder="0,00"
          value={v.fremmedAndelBp}
          error={form.errors.fremmedAndelBp}
          onChange={(x) => form.set('fremmedAndelBp', x)}
          hint="Den del af regningen ekskl. moms, der opkræves"
        />
        <TextInput
          name="husdyrGodkendelseAndelBp"
          label="Andel for husdyrgodkendelser (%)"
          required
          inputMode="decimal"
          placeholder="0,00"
          value={v.husdyrGodkendelseAndelBp}
          error={form.errors.husdyrGodkendelseAndelBp}
          onChange={(x) => form.set('husdyrGodkendelseAndelBp', x)}
          hint="Den del af hele beløbet for godkendelse af husdyrbrug, der opkræves"
        />
        <TextInput
          name="kilde"
          label="Kilde"
          value={v.kilde}
          error={form.errors.kilde}
          onChange={(x) => form.set('kilde', x)}
          hint="Hvor taksten er offentliggjort (fx Miljøstyrelsens nyhed), eller at den er en antagelse"
        />
      </div>
      <FormKnapper
        vf={vf}
        erNy={erNy}
        gemLabel={aar === null ? 'Gem satser' : `Gem satser for ${aar}`}
        onAnnuller={p.onAnnuller}
      />
    </form>
  );
}
