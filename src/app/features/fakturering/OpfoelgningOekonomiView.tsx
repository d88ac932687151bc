import { useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import type { OekonomiSummer } from '../../../contract/fakturering';
import {
  formatHalveTimer,
  formatIsoDato,
  formatOere,
  formatTimer,
  kroner,
  parseKroner,
} from '../../../contract/format';
import type { OpfoelgningOekonomi, Planlaegningsperiode } from '../../../contract/planlaegning';
import { fejlTekst } from '../../lib/http-fejl';
import { medGenvej } from '../../lib/keyboard';
import { useLatest } from '../../lib/useLatest';
import { saveFailure } from '../../records/api';
import type { Vagt } from '../../records/vagt';
import { AKTIVT_AAR, usePerioder } from '../../session/planlaegningsaar';
import { useShellSession } from '../../session/session-context';
import { useTableSettings } from '../../session/useTableSettings';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import type { DataTableColumn } from '../../ui/DataTable';
import { NumberInput, TextArea, TextInput, useNyFormFokus, useVersionedForm } from '../../ui/form';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { ListeRude, NyTast } from '../../ui/ListeRude';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import {
  adminKeys,
  gemOpfoelgning,
  type OpfoelgningInput,
  opretOpfoelgning,
  sletOpfoelgning,
  useOekonomiSummer,
  useOpfoelgning,
} from './admin-api';
import { standardPeriode } from './admin-tal';
import { useSkiftVagt } from './admin-vagt';
import { FaktureringRamme } from './Ramme';
import '../../records/record.css';
import './fakturering-admin.css';

export const OPFOELGNING_STI = '/fakturering/opfoelgningoekonomi';

const TAST = {
  periode: 'alt+p',
  ny: 'alt+n',
  liste: 'alt+l',
  gem: 'mod+s',
  udfyld: 'alt+u',
} as const;

/**
 * /fakturering/opfoelgningoekonomi/:aarsplanlaegningid? ('Opfølgning økonomi'): the economic
 * follow-up of a planning period. The period is chosen among the customer's (default: the session's
 * planning year, else the newest) and kept in the address; the figures the system computes (planned,
 * registered and invoiced hours and the amount invoiced) stand beside the period's own follow-up rows
 * and their total; the rows are created, edited with their version and deleted after a question.
 * A fetch that fails is logged and shown as such: nothing of an earlier period or answer is shown.
 */
export default function OpfoelgningOekonomiView({ params }: ViewProps) {
  return <FaktureringRamme>{() => <Opfoelgning param={params.aarsplanlaegningid} />}</FaktureringRamme>;
}

function Opfoelgning({ param }: { param: string | undefined }) {
  const tile = useTile();
  const { user, brugerSettings } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const perioder = usePerioder(kundeId);
  const aktivtAar = (brugerSettings as Record<string, unknown> | null)?.[AKTIVT_AAR];
  const liste = perioder.isError ? undefined : perioder.data;

  const standard = liste ? standardPeriode(liste, aktivtAar) : undefined;
  const idFraSti = param ? Number(param) : null;
  const periode = idFraSti !== null ? liste?.find((p) => p.id === idFraSti) : liste ? standard : undefined;

  // The default period goes into the address, so what is shown is what a link opens.
  useEffect(() => {
    if (param === undefined && standard) tile.navigate(`${OPFOELGNING_STI}/${standard.id}`);
  }, [param, standard, tile]);

  const vaelgerRef = useRef<HTMLSelectElement>(null);
  const [periodeKommandoer, setPeriodeKommandoer] = useState<TileCommand[]>([]);
  const kommandoer = useMemo<TileCommand[]>(
    () => [
      {
        id: 'vaelg-periode',
        label: 'Vælg planlægningsperiode',
        shortcut: TAST.periode,
        keywords: ['periode', 'planlægningsår', 'år'],
        disabled: !liste || liste.length === 0,
        run: () => vaelgerRef.current?.focus(),
      },
      ...periodeKommandoer,
    ],
    [liste, periodeKommandoer],
  );
  useTileCommands(kommandoer);

  if (perioder.isError)
    return (
      <FejlBoks
        tekst={`Planlægningsperioderne kunne ikke hentes: ${fejlTekst(perioder.error, { udenSvar: true })}`}
        onProevIgen={() => void perioder.refetch()}
      />
    );
  if (!liste) return <p className="muted fa-pad">Henter planlægningsperioder …</p>;
  if (liste.length === 0)
    return (
      <p className="muted fa-pad">
        Kunden har ingen planlægningsperioder endnu. De oprettes under Planlægning.
      </p>
    );

  return (
    <div className="fa-opf">
      <div className="fa-opf-hoved">
        <label className="fa-periode-vaelger">
          <span>Planlægningsperiode</span>
          <select
            ref={vaelgerRef}
            className="input"
            value={periode ? String(periode.id) : ''}
            onChange={(e) => tile.navigate(`${OPFOELGNING_STI}/${e.target.value}`)}
            title={medGenvej('Vælg planlægningsperiode', TAST.periode)}
          >
            {!periode && <option value="">Vælg …</option>}
            {[...liste]
              .sort((a, b) => b.aar - a.aar)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.navn}
                </option>
              ))}
          </select>
        </label>
        {periode && (
          <span className="muted small">
            {formatIsoDato(periode.startdato)} – {formatIsoDato(periode.slutdato)}
          </span>
        )}
      </div>
      {periode ? (
        <PeriodeOpfoelgning key={periode.id} periode={periode} setKommandoer={setPeriodeKommandoer} />
      ) : (
        <p className="form-alert fa-pad" role="alert">
          Planlægningsperioden findes ikke hos den aktive kunde. Vælg en anden periode.
        </p>
      )}
    </div>
  );
}

function FejlBoks({ tekst, onProevIgen }: { tekst: string; onProevIgen(): void }) {
  return (
    <div className="form-alert fa-fejl" role="alert">
      <span>{tekst}</span>
      <Button size="small" color="secondary" onClick={onProevIgen}>
        Prøv igen
      </Button>
    </div>
  );
}

const sum = (rows: readonly OpfoelgningOekonomi[], f: (r: OpfoelgningOekonomi) => number) =>
  rows.reduce((s, r) => s + f(r), 0);

function PeriodeOpfoelgning({
  periode,
  setKommandoer,
}: {
  periode: Planlaegningsperiode;
  setKommandoer(c: TileCommand[]): void;
}) {
  const summer = useOekonomiSummer(periode.id);
  const rows = useOpfoelgning(periode.id);
  const [valgtId, setValgtId] = useState<number | null>(null);
  const [ny, setNy] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const tile = useTile();
  const { formVagt, skift, confirmModal } = useSkiftVagt(tile.setDirty);
  /** Another row (or a new one): asks first while the open row's form holds changes. */
  const aabn = (id: number | null) => {
    if (id === valgtId && (id !== null || ny)) return;
    void skift(() => {
      setNy(id === null);
      setValgtId(id);
    });
  };

  const fejl = summer.isError ? summer.error : rows.isError ? rows.error : null;
  const raekker = rows.isError || summer.isError ? undefined : rows.data;
  const tal = rows.isError || summer.isError ? undefined : summer.data;
  const valgt = valgtId !== null ? raekker?.find((r) => r.id === valgtId) : undefined;

  const startNy = useLatest(() => aabn(null));
  const [formKommandoer, setFormKommandoer] = useState<TileCommand[]>([]);
  const klar = raekker !== undefined;
  useEffect(() => {
    setKommandoer([
      {
        id: 'ny-opfoelgning',
        label: 'Ny opfølgningsrække',
        shortcut: TAST.ny,
        keywords: ['ny', 'opret', 'opfølgning', 'økonomi'],
        disabled: !klar,
        run: () => startNy.current(),
      },
      {
        id: 'opfoelgning-liste',
        label: 'Gå til opfølgningens rækker',
        shortcut: TAST.liste,
        keywords: ['liste', 'rækker'],
        run: () => gridRef.current?.focus(),
      },
      ...formKommandoer,
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, startNy, klar, formKommandoer]);

  const columns = useMemo<DataTableColumn<OpfoelgningOekonomi>[]>(
    () => [
      { id: 'tekst', header: 'Tekst', accessor: (r) => r.tekst },
      ...timeKolonne('planlagteTimer', 'Planlagte timer'),
      ...timeKolonne('registreredeTimer', 'Registrerede timer'),
      ...timeKolonne('faktureredeTimer', 'Fakturerede timer'),
      ...beloebKolonne('planlagtBeloebOere', 'Planlagt beløb'),
      ...beloebKolonne('faktureretBeloebOere', 'Faktureret beløb'),
      { id: 'bemaerkning', header: 'Bemærkning', accessor: (r) => r.bemaerkning ?? '', defaultHidden: true },
    ],
    [],
  );
  const settings = useTableSettings('fakturering-opfoelgningoekonomi');
  const selected = useMemo(() => new Set(valgtId !== null ? [String(valgtId)] : []), [valgtId]);
  const client = useQueryClient();

  if (fejl)
    return (
      <FejlBoks
        tekst={`Opfølgningen for ${periode.aar} kunne ikke hentes: ${fejlTekst(fejl, { udenSvar: true })}`}
        onProevIgen={() => {
          void client.refetchQueries({ queryKey: adminKeys.summer(periode.id) });
          void client.refetchQueries({ queryKey: adminKeys.opfoelgning(periode.id) });
        }}
      />
    );

  const formAaben = valgt !== undefined || (ny && valgtId === null);
  return (
    <div className="fa-opf-krop">
      <Noegletal aar={periode.aar} tal={tal} raekker={raekker} />
      <div className="rt fa-opf-del fa-bred">
        <ListeRude<OpfoelgningOekonomi>
          titel={`Opfølgning ${periode.aar}`}
          ariaLabel="Opfølgningens rækker"
          hentet={raekker !== undefined}
          handlinger={
            <Button
              size="small"
              onClick={() => startNy.current()}
              disabled={!klar}
              title={medGenvej('Ny opfølgningsrække', TAST.ny)}
            >
              <Plus size={14} aria-hidden="true" />
              Ny
            </Button>
          }
          tomKlasse="fa-tom"
          tom={
            <>
              Ingen opfølgningsrækker for {periode.aar} endnu. Opret en med <NyTast />.
            </>
          }
          tableName="fakturering-opfoelgningoekonomi"
          columns={columns}
          rows={raekker ?? []}
          getRowId={(r) => String(r.id)}
          loading={rows.isLoading}
          selectionMode="single"
          selected={selected}
          onSelectionChange={(s) => {
            const first = [...s][0];
            if (first) aabn(Number(first));
          }}
          onOpen={(r) => aabn(r.id)}
          settings={settings}
          gridRef={gridRef}
          filterPlaceholder="Søg i opfølgningen"
        />
        <section className="rt-form" aria-label={valgt ? valgt.tekst : 'Ny opfølgningsrække'}>
          {formAaben ? (
            <OpfoelgningForm
              key={valgt ? `r${valgt.id}` : 'ny'}
              periode={periode}
              raekke={valgt}
              tal={tal}
              vagt={formVagt}
              setKommandoer={setFormKommandoer}
              onOprettet={(r) => {
                setNy(false);
                setValgtId(r.id);
              }}
              onLukket={() => {
                setNy(false);
                setValgtId(null);
              }}
            />
          ) : (
            <div className="rt-placeholder">
              <p className="muted">
                Vælg en række med <kbd>Enter</kbd>, eller opret en ny med <NyTast />.
              </p>
            </div>
          )}
        </section>
      </div>
      {confirmModal}
    </div>
  );
}

type TimeFelt = 'planlagteTimer' | 'registreredeTimer' | 'faktureredeTimer';
type BeloebFelt = 'planlagtBeloebOere' | 'faktureretBeloebOere';

const timeKolonne = (id: TimeFelt, header: string): DataTableColumn<OpfoelgningOekonomi>[] => [
  { id, header, accessor: (r) => r[id], cell: (r) => formatTimer(r[id]), align: 'right', width: 110 },
];
const beloebKolonne = (id: BeloebFelt, header: string): DataTableColumn<OpfoelgningOekonomi>[] => [
  { id, header, accessor: (r) => r[id], cell: (r) => formatOere(r[id]), align: 'right', width: 130 },
];

/**
 * The computed figures beside the rows' total: planned hours from the year's plan, registered hours
 * from the user-payment records, invoiced hours and amount from the transferred invoices (credit
 * notes subtracted).
 */
function Noegletal({
  aar,
  tal,
  raekker,
}: {
  aar: number;
  tal: OekonomiSummer | undefined;
  raekker: readonly OpfoelgningOekonomi[] | undefined;
}) {
  const vent = <span className="muted">…</span>;
  return (
    <section className="fa-noegletal" aria-label={`Nøgletal ${aar}`}>
      <table className="vd-table">
        <thead>
          <tr>
            <th scope="col">{aar}</th>
            <th scope="col" className="tal">
              Planlagte timer
            </th>
            <th scope="col" className="tal">
              Registrerede timer
            </th>
            <th scope="col" className="tal">
              Fakturerede timer
            </th>
            <th scope="col" className="tal">
              Planlagt beløb
            </th>
            <th scope="col" className="tal">
              Faktureret beløb
            </th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="oekonomi-beregnet">
            <th scope="row">Beregnet af systemet</th>
            <td className="tal">{tal ? formatHalveTimer(tal.planlagteTimerHalve) : vent}</td>
            <td className="tal">{tal ? formatHalveTimer(tal.registreredeTimerHalve) : vent}</td>
            <td className="tal">{tal ? formatHalveTimer(tal.faktureredeTimerHalve) : vent}</td>
            <td className="tal muted">–</td>
            <td className="tal">{tal ? formatOere(tal.faktureretBeloebOere) : vent}</td>
          </tr>
          <tr data-testid="oekonomi-i-alt" className="fa-i-alt">
            <th scope="row">Opfølgningens rækker i alt</th>
            <td className="tal">{raekker ? formatTimer(sum(raekker, (r) => r.planlagteTimer)) : vent}</td>
            <td className="tal">{raekker ? formatTimer(sum(raekker, (r) => r.registreredeTimer)) : vent}</td>
            <td className="tal">{raekker ? formatTimer(sum(raekker, (r) => r.faktureredeTimer)) : vent}</td>
            <td className="tal">{raekker ? formatOere(sum(raekker, (r) => r.planlagtBeloebOere)) : vent}</td>
            <td className="tal">
              {raekker ? formatOere(sum(raekker, (r) => r.faktureretBeloebOere)) : vent}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="muted small">
        Planlagte timer er årets tilsynsplan. Registrerede timer er brugerbetalingens timer dateret i {aar}.
        Fakturerede timer og beløb er overførte fakturaer for afregningsåret {aar}, kreditnotaer trukket fra.
      </p>
    </section>
  );
}

// ---------------------------------------------------------------- the form of a row

type RaekkeVaerdier = {
  tekst: string;
  planlagteTimer: number | null;
  registreredeTimer: number | null;
  faktureredeTimer: number | null;
  /** Kroner as typed; sent as øre. */
  planlagtBeloebOere: string;
  faktureretBeloebOere: string;
  bemaerkning: string;
};

const timerFelt = z
  .number({ error: 'Angiv timer som et tal' })
  .refine((t) => Number.isFinite(t), { error: 'Angiv timer som et tal' })
  .refine((t) => t >= 0, { error: 'Må ikke være negativ' })
  .refine((t) => t <= 1_000_000, { error: 'For mange timer' })
  .refine((t) => Number.isInteger(t * 2), { error: 'Timer angives i halve timer' });
const beloebFelt = z
  .string()
  .refine((s) => parseKroner(s) !== null, {
    error: 'Angiv beløbet i kroner med højst 2 decimaler, fx 1.234,50',
  })
  .refine((s) => (parseKroner(s) ?? 0) <= 100_000_000_000, { error: 'Beløbet er for stort' });

const raekkeSchema = z.object({
  tekst: z
    .string()
    .trim()
    .min(1, { error: 'Feltet er påkrævet' })
    .max(200, { error: 'Må højst være 200 tegn' }),
  planlagteTimer: timerFelt,
  registreredeTimer: timerFelt,
  faktureredeTimer: timerFelt,
  planlagtBeloebOere: beloebFelt,
  faktureretBeloebOere: beloebFelt,
  bemaerkning: z.string().max(2000, { error: 'Må højst være 2000 tegn' }),
});

const raekkeVaerdier = (r: OpfoelgningOekonomi): RaekkeVaerdier => ({
  tekst: r.tekst,
  planlagteTimer: r.planlagteTimer,
  registreredeTimer: r.registreredeTimer,
  faktureredeTimer: r.faktureredeTimer,
  planlagtBeloebOere: kroner(r.planlagtBeloebOere),
  faktureretBeloebOere: kroner(r.faktureretBeloebOere),
  bemaerkning: r.bemaerkning ?? '',
});

const nyRaekke = (): RaekkeVaerdier => ({
  tekst: '',
  planlagteTimer: 0,
  registreredeTimer: 0,
  faktureredeTimer: 0,
  planlagtBeloebOere: '0,00',
  faktureretBeloebOere: '0,00',
  bemaerkning: '',
});

const raekkeInput = (v: RaekkeVaerdier): OpfoelgningInput => ({
  tekst: v.tekst.trim(),
  planlagteTimer: v.planlagteTimer ?? 0,
  registreredeTimer: v.registreredeTimer ?? 0,
  faktureredeTimer: v.faktureredeTimer ?? 0,
  planlagtBeloebOere: parseKroner(v.planlagtBeloebOere) ?? Number.NaN,
  faktureretBeloebOere: parseKroner(v.faktureretBeloebOere) ?? Number.NaN,
  bemaerkning: v.bemaerkning.trim() === '' ? null : v.bemaerkning.trim(),
});

function OpfoelgningForm(p: {
  periode: Planlaegningsperiode;
  raekke: OpfoelgningOekonomi | undefined;
  tal: OekonomiSummer | undefined;
  vagt: Vagt;
  setKommandoer(c: TileCommand[]): void;
  onOprettet(r: OpfoelgningOekonomi): void;
  onLukket(): void;
}) {
  const { periode, raekke } = p;
  const client = useQueryClient();
  const key = adminKeys.opfoelgning(periode.id);
  const vf = useVersionedForm<RaekkeVaerdier, OpfoelgningOekonomi>({
    identitet: `opfoelgning:${raekke?.id ?? 'ny'}@periode:${periode.id}`,
    schema: raekkeSchema,
    record: raekke,
    version: raekke?.version,
    vaerdierAf: raekkeVaerdier,
    nye: nyRaekke,
    kanRette: true,
    gem: (v, r) =>
      r ? gemOpfoelgning(r.id, raekkeInput(v), r.version) : opretOpfoelgning(periode.id, raekkeInput(v)),
    fejl: saveFailure,
    vagt: p.vagt,
    onGemt: (saved, varNy) => {
      client.setQueryData<OpfoelgningOekonomi[]>(key, (l) =>
        l ? (varNy ? [...l, saved] : l.map((r) => (r.id === saved.id ? saved : r))) : l,
      );
      void client.invalidateQueries({ queryKey: key });
      toast.success(`Opfølgningen '${saved.tekst}' er gemt`);
      if (varNy) p.onOprettet(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: key });
      return client.getQueryData<OpfoelgningOekonomi[]>(key)?.find((r) => r.id === raekke?.id);
    },
    onVaek: p.onLukket,
  });
  const { form, busy } = vf;
  const erNy = raekke === undefined;
  useNyFormFokus(form.ref, erNy);
  const { confirm, confirmModal } = useConfirm();

  const slet = async () => {
    if (!raekke || busy) return;
    const ok = await confirm({
      title: 'Er du sikker?',
      message: `Opfølgningsrækken '${raekke.tekst}' slettes.`,
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    await vf.koer('slet', async () => {
      await sletOpfoelgning(raekke.id, raekke.version);
      vf.fortryd();
      client.setQueryData<OpfoelgningOekonomi[]>(key, (l) => l?.filter((r) => r.id !== raekke.id));
      void client.invalidateQueries({ queryKey: key });
      toast.success(`Opfølgningsrækken '${raekke.tekst}' er slettet`);
      p.onLukket();
    });
  };

  /** Fills the hours and the invoiced amount with what the system computes for the period. */
  const udfyld = () => {
    const t = p.tal;
    if (!t) return;
    form.set('planlagteTimer', t.planlagteTimerHalve / 2);
    form.set('registreredeTimer', t.registreredeTimerHalve / 2);
    form.set('faktureredeTimer', t.faktureredeTimerHalve / 2);
    form.set('faktureretBeloebOere', kroner(t.faktureretBeloebOere));
  };

  const gemRef = useLatest(vf.gem);
  const sletRef = useLatest(slet);
  const udfyldRef = useLatest(udfyld);
  const harTal = p.tal !== undefined;
  const { setKommandoer } = p;
  useEffect(() => {
    setKommandoer([
      {
        id: 'gem-opfoelgning',
        label: 'Gem opfølgningsrækken',
        shortcut: TAST.gem,
        keywords: ['gem'],
        run: () => void gemRef.current(),
      },
      {
        id: 'udfyld-opfoelgning',
        label: 'Udfyld med systemets tal',
        shortcut: TAST.udfyld,
        keywords: ['udfyld', 'beregnet', 'timer', 'faktureret'],
        disabled: !harTal,
        run: () => udfyldRef.current(),
      },
      ...(erNy
        ? []
        : [
            {
              id: 'slet-opfoelgning',
              label: 'Slet opfølgningsrækken',
              keywords: ['slet'],
              run: () => void sletRef.current(),
            },
          ]),
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, gemRef, sletRef, udfyldRef, harTal, erNy]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };
  const v = form.values;
  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={raekke ? `Opfølgning ${raekke.tekst}` : 'Ny opfølgningsrække'}
    >
      <div className="rt-form-head">
        <h2>{raekke ? raekke.tekst : 'Ny opfølgningsrække'}</h2>
      </div>
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <TextInput
          name="tekst"
          label="Tekst"
          required
          maxLength={200}
          value={v.tekst}
          error={form.errors.tekst}
          onChange={(x) => form.set('tekst', x)}
          wide
        />
        {(
          [
            ['planlagteTimer', 'Planlagte timer'],
            ['registreredeTimer', 'Registrerede timer'],
            ['faktureredeTimer', 'Fakturerede timer'],
          ] as const
        ).map(([navn, label]) => (
          <NumberInput
            key={navn}
            name={navn}
            label={label}
            required
            unit="t"
            step={0.5}
            min={0}
            value={v[navn]}
            error={form.errors[navn]}
            onChange={(x) => form.set(navn, x)}
          />
        ))}
        {(
          [
            ['planlagtBeloebOere', 'Planlagt beløb (kr.)'],
            ['faktureretBeloebOere', 'Faktureret beløb (kr.)'],
          ] as const
        ).map(([navn, label]) => (
          <TextInput
            key={navn}
            name={navn}
            label={label}
            required
            inputMode="decimal"
            placeholder="0,00"
            value={v[navn]}
            error={form.errors[navn]}
            onChange={(x) => form.set(navn, x)}
          />
        ))}
        <TextArea
          name="bemaerkning"
          label="Bemærkning"
          maxLength={2000}
          value={v.bemaerkning}
          error={form.errors.bemaerkning}
          onChange={(x) => form.set('bemaerkning', x)}
          wide
        />
      </div>
      <div className="rt-actions">
        <SpinnerButton
          type="submit"
          loading={busy === 'gem'}
          loadingText="Gemmer …"
          title={medGenvej('Gem', TAST.gem)}
        >
          <Save size={14} aria-hidden="true" />
          Gem
        </SpinnerButton>
        <Button
          color="secondary"
          disabled={!harTal}
          onClick={udfyld}
          title={medGenvej('Udfyld med systemets tal', TAST.udfyld)}
        >
          Udfyld med systemets tal
        </Button>
        {erNy ? (
          <Button
            color="secondary"
            onClick={() => {
              vf.fortryd();
              p.onLukket();
            }}
          >
            Annullér
          </Button>
        ) : (
          <SpinnerButton
            color="danger"
            loading={busy === 'slet'}
            loadingText="Sletter …"
            onClick={() => void slet()}
          >
            <Trash2 size={14} aria-hidden="true" />
            Slet
          </SpinnerButton>
        )}
        {form.dirty && <span className="muted small">Ikke gemte ændringer</span>}
      </div>
      {confirmModal}
    </form>
  );
}
