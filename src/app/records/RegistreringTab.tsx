import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { feltTom } from '../../contract/felter';
import {
  type AnyRecord,
  type AnyRecordKind,
  formLabel,
  kanOprettes,
  kindEndpoints,
  recordEntal,
  recordFormSchema,
  recordTitel,
} from '../../contract/record-kind';
import { formatDato, isoDatoAf } from '../lib/dates';
import { medGenvej, platformKey, shortcutLabel } from '../lib/keyboard';
import { useLatest } from '../lib/useLatest';
import { useShellSession } from '../session/session-context';
import { useTableSettings } from '../session/useTableSettings';
import { Button, SpinnerButton } from '../ui/Button';
import { useConfirm } from '../ui/ConfirmModal';
import type { DataTableColumn } from '../ui/DataTable';
import { useNyFormFokus, useVersionedForm } from '../ui/form';
import { FormBeskeder } from '../ui/form/KladdeBesked';
import { RecordKnapper } from '../ui/form/RecordKnapper';
import { ListeRude } from '../ui/ListeRude';
import { toast } from '../ui/toast';
import type { TileCommand } from '../workspace/tile-api';
import { useTile } from '../workspace/tile-api';
import { recordApi, recordKeys, saveFailure } from './api';
import { harSektioner, MedSektioner } from './BrevSektioner';
import { FeltInput, type FeltKontekst } from './FeltInput';
import type { Vagt } from './vagt';
import { useFeltNavne, visVaerdi } from './visning';
import './record.css';

type Vaerdier = Record<string, unknown>;

const iDag = () => isoDatoAf(new Date());

/** Which record is selected and how the tab moves to another: the route (a link opens it) or local state. */
export interface RecordValg {
  id: number | null;
  vaelg(id: number | null): void;
  /** Opens the record in a tile beside (Ctrl+Enter in the list). */
  aabnBeside?(id: number): void;
}

export interface RegistreringTabProps {
  kind: AnyRecordKind;
  /** The owner: its row, whether the user may change its records and whether new ones may be made. */
  ejer: {
    id: number;
    type: number;
    kanRette: boolean;
    /** Default: kanRette. */
    kanOprette?: boolean;
    /** Why no new records can be made (shown above the list). */
    ikkeOpretBesked?: string;
    /** 'denne virksomhed', 'dette vandanlæg': where a missing record was looked for. */
    betegnelse: string;
    /** The whole sentence when a record in the address is missing (default: the kind's name on betegnelse). */
    ikkeFundet?: string;
  };
  kontekst: FeltKontekst;
  /** The selection from the route; omitted: the tab keeps its own (several lists on one tab). */
  valg?: RecordValg;
  /** Values of a new record besides the kind's defaults (e.g. the company's fee type). */
  nyeStandard?: Readonly<Record<string, unknown>>;
  /** Values fixed by where the tab is shown (a dispensation's order): set on new records, not shown. */
  faste?: Readonly<Record<string, unknown>>;
  /** Fields kept out of the form (their values still saved: a permit's fixed purpose). */
  skjulte?: readonly string[];
  /** The list when it is not the kind's own (the dispensations of an order). */
  liste?: { key: QueryKey; hent(signal: AbortSignal): Promise<AnyRecord[]> };
  /** After every change (the owner's version, log or derived values are stale). */
  efterAendring?(): void;
  /** Registers the tab's commands with the frame (a hook: the same function on every render). */
  useKommandoer(commands: TileCommand[]): void;
  /** The heading; default the kind's plural. */
  overskrift?: string;
  /** Shown under the form of a saved record (an inspection's files). */
  tilbehoer?(record: AnyRecord): ReactNode;
  /** The table settings key; default `<owner segment>-<art>`. */
  tabelNavn?: string;
  /** The form's unsaved-changes guard; default the tile's (several forms on one tile: useDelteVagter). */
  vagt?: Vagt;
  /** Shown under a field of the form, from the form's current values (a fee computed beside the hours). */
  feltHint?(
    navn: string,
    vaerdier: Readonly<Record<string, unknown>>,
    record: AnyRecord | undefined,
  ): ReactNode;
  /** List columns after the kind's, computed from a record (a resource's hours over or under, a set's logo). */
  ekstraKolonner?: readonly DataTableColumn<AnyRecord>[];
  /** A list column's heading and text instead of the field's own (an amount in øre shown in kroner). */
  kolonneVisning?: Readonly<Record<string, { overskrift?: string; tekst(r: AnyRecord): string }>>;
  /** A note above a saved record's fields (a fee type in use: a new rate applies to new fees only). */
  formBesked?(record: AnyRecord): ReactNode;
  /** Why a record cannot be changed (an invoiced fee): its form is read-only with this message. */
  laast?(r: AnyRecord): string | null;
  /** The list's accessible name (default the heading). */
  listeNavn?: string;
  /**
   * A filter of the list the view keeps (a subject): its control beside 'Ny', and which rows it
   * shows; the count then says how many of all.
   */
  filter?: { kontrol: ReactNode; vis(r: AnyRecord): boolean };
  /** Under the placeholder's text (where a shortcut of the kind is explained). */
  pladsholderTekst?: ReactNode;
  /** The list's text when it has no rows. */
  tom?: ReactNode;
  /** Shown inside the form under its buttons, from the form's current values (a link's test). */
  tilForm?(vaerdier: Readonly<Record<string, unknown>>, record: AnyRecord | undefined): ReactNode;
  /** The form's own commands besides save and delete (a link's 'Test', alt+t). */
  formKommandoer?: readonly TileCommand[];
  /**
   * The form's actions besides save and delete that work on its values (the follow-up's 'Udfyld med
   * systemets tal'): each a button after Gem and a command of the tile while the form is open.
   */
  formHandlinger?: readonly FormHandling[];
  /** The view's own commands, registered with the tab's (the follow-up's choice of period). */
  visningsKommandoer?: readonly TileCommand[];
  /** Shown inside the form after its fields, with the form's state (a set's logo upload). */
  efterFelter?(t: FormTilstand): ReactNode;
  /** Beside a saved record's heading (the standard set's mark). */
  hovedTillaeg?(record: AnyRecord): ReactNode;
  /** Whether a saved record may be deleted (not the standard set); default: when the kind may be. */
  sletbar?(record: AnyRecord): boolean;
  /** A field's own label and read-only state for a saved record (the standard set's fixed mark). */
  feltTilpasning?(
    navn: string,
    record: AnyRecord | undefined,
  ): { label?: string; disabled?: boolean } | undefined;
}

/** What a slot inside the form gets: the values, the record, and the form's busy and dirty state. */
export interface FormTilstand {
  vaerdier: Readonly<Record<string, unknown>>;
  record: AnyRecord | undefined;
  busy: string | null;
  dirty: boolean;
  /** Runs an action on the record with the form's busy state and failure handling ('logo'). */
  koer(navn: string, action: () => Promise<void>): Promise<void>;
  /** After a change made beside the form: the list (and the owner) fetched again. */
  efterAendring(): void;
  /** Sets a field's value as typing it would: the form turns dirty (the guard and Gem see it). */
  saet(navn: string, vaerdi: unknown): void;
}

/** An action of the form on its values: a button after Gem, and a tile command with its shortcut. */
export interface FormHandling {
  id: string;
  label: string;
  shortcut?: string;
  keywords?: string[];
  /** Not possible now (what it fills in is not fetched). */
  disabled?: boolean;
  /** Runs with the form's state; `t.saet` changes values as typing does. */
  koer(t: FormTilstand): void;
}

/** How the form's messages name a record (RecordKind.bestemt). */
const bestemtAf = (kind: AnyRecordKind, hvor: 'gemt' | 'slettet') => kind.bestemt?.[hvor] ?? kind.navn;

/** The kind has a 'dato' field: the record's date, which date-dependent sources read. */
const harDato = (kind: AnyRecordKind) => kind.felter.some((f) => f.navn === 'dato');

/** The form's values of a record: its fields, nothing else. */
function vaerdierAf(kind: AnyRecordKind, r: AnyRecord): Vaerdier {
  return Object.fromEntries(kind.felter.map((f) => [f.navn, r[f.navn] ?? feltTom(f)]));
}

/**
 * A record tab for any record kind of any owner (tilsyn, håndhævelser, permits ...): the owner's
 * records of one kind, newest first, and the form of the selected one. With `valg` from the route the
 * record id in the address selects the record, so a link opens it; 'Ny' opens an empty form; saving
 * a new record selects it. Read-only (no create, save or delete) unless the owner's kanRette.
 */
export function RegistreringTab(p: RegistreringTabProps) {
  const { kind, ejer } = p;
  const client = useQueryClient();
  const listeKey = p.liste?.key ?? recordKeys.liste(kind, ejer.id);
  const q = useQuery({
    queryKey: listeKey,
    queryFn: ({ signal }) => (p.liste ? p.liste.hent(signal) : recordApi.liste(kind, ejer.id, signal)),
    staleTime: 30_000,
  });

  // The selection: from the route, or the tab's own.
  const [egetValg, setEgetValg] = useState<number | null>(null);
  const recordId = p.valg ? p.valg.id : egetValg;
  const vaelg = (id: number | null) => (p.valg ? p.valg.vaelg(id) : setEgetValg(id));
  const alle = q.data ?? [];
  const filter = p.filter;
  const records = useMemo(() => (filter ? alle.filter(filter.vis) : alle), [alle, filter]);
  const record = recordId ? alle.find((r) => r.id === recordId) : undefined;

  // 'Ny' on a selected record first leaves the record (the unsaved-changes guard may stop that).
  const [ny, setNy] = useState(false);
  const nyOenskes = useRef(false);
  useEffect(() => {
    if (recordId !== null) setNy(false);
    else if (nyOenskes.current) {
      nyOenskes.current = false;
      setNy(true);
    }
  }, [recordId]);

  const kanOprette = ejer.kanRette && (ejer.kanOprette ?? true) && kanOprettes(kind);
  const startNy = () => {
    if (!kanOprette) return;
    if (recordId !== null) {
      nyOenskes.current = true;
      vaelg(null);
    } else setNy(true);
  };

  // Date-dependent sources name each value from its own record's date.
  const datoer = useMemo(
    () =>
      harDato(kind) ? records.flatMap((r) => (typeof r.dato === 'string' && r.dato ? [r.dato] : [])) : [],
    [kind, records],
  );
  const navne = useFeltNavne(kind.felter, {
    kundeId: p.kontekst.kundeId,
    ejerId: ejer.id,
    muligheder: p.kontekst.muligheder,
    datoer,
  });
  const { kolonneVisning, ekstraKolonner } = p;
  const columns = useMemo<DataTableColumn<AnyRecord>[]>(
    () => [
      ...kind.listeFelter.map((navn) => {
        const f = kind.felter.find((x) => x.navn === navn)!;
        const numeric = ['tal', 'beloeb', 'timer', 'procent'].includes(f.type.kind);
        return {
          id: navn,
          header: kolonneVisning?.[navn]?.overskrift ?? f.label,
          accessor: (r: AnyRecord) => {
            const value = r[navn];
            const egen = kolonneVisning?.[navn];
            if (egen) return numeric ? ((value as number | null) ?? null) : egen.tekst(r);
            if (navn === 'sagsbehandlerId') return r.sagsbehandler ?? '';
            if (numeric || f.type.kind === 'dato') return (value as number | string | null) ?? null;
            return visVaerdi(f, value, navne);
          },
          cell: kolonneVisning?.[navn]
            ? kolonneVisning[navn].tekst
            : numeric || f.type.kind === 'dato'
              ? (r: AnyRecord) => visVaerdi(f, r[navn], navne)
              : undefined,
          align: numeric ? ('right' as const) : undefined,
          width: f.type.kind === 'dato' ? 96 : undefined,
        };
      }),
      ...(ekstraKolonner ?? []),
    ],
    [kind, navne, kolonneVisning, ekstraKolonner],
  );
  const tabelNavn = p.tabelNavn ?? `${kind.owner.segment}-${kind.art}`;
  const settings = useTableSettings(tabelNavn);
  const selected = useMemo(() => new Set(recordId ? [String(recordId)] : []), [recordId]);
  const gridRef = useRef<HTMLTableElement>(null);
  const startNyRef = useLatest(startNy);

  const { visningsKommandoer } = p;
  const listCommands = useMemo<TileCommand[]>(
    () => [
      ...(visningsKommandoer ?? []),
      {
        id: 'ny',
        label: kind.nyLabel,
        shortcut: 'alt+n',
        keywords: ['ny', 'opret', kind.navn],
        disabled: !kanOprette,
        run: () => startNyRef.current(),
      },
      { id: 'liste', label: 'Gå til listen', shortcut: 'alt+l', run: () => gridRef.current?.focus() },
    ],
    [kind, kanOprette, startNyRef, visningsKommandoer],
  );

  const efterAendring = () => {
    void client.invalidateQueries({ queryKey: listeKey });
    p.efterAendring?.();
  };

  const overskrift = p.overskrift ?? kind.flertal;
  const formOgTilbehoer = (tab: RegistreringTabProps) => (
    <>
      <RegistreringForm
        key={record ? `r${record.id}` : 'ny'}
        tab={tab}
        record={record}
        listCommands={listCommands}
        listeKey={listeKey}
        efterAendring={efterAendring}
        onCreated={(r) => {
          setNy(false);
          vaelg(r.id);
        }}
        onDeleted={() => vaelg(null)}
        onCancelNew={() => setNy(false)}
      />
      {record && p.tilbehoer?.(record)}
    </>
  );
  const formOpen = record !== undefined || (ny && recordId === null);
  return (
    <div className="rt">
      <ListeRude<AnyRecord>
        titel={overskrift}
        hentet={q.isSuccess}
        ariaLabel={p.listeNavn}
        antal={q.data ? (filter ? `${records.length} af ${alle.length}` : `${records.length}`) : ''}
        handlinger={
          ejer.kanRette && (
            <>
              {filter?.kontrol}
              {kanOprettes(kind) && (
                <Button
                  size="small"
                  onClick={startNy}
                  disabled={!kanOprette}
                  title={medGenvej(kind.nyLabel, 'alt+n')}
                >
                  <Plus size={14} aria-hidden="true" />
                  Ny
                </Button>
              )}
            </>
          )
        }
        foerTabel={ejer.ikkeOpretBesked && <p className="form-alert info">{ejer.ikkeOpretBesked}</p>}
        tom={p.tom}
        tableName={tabelNavn}
        columns={columns}
        rows={records}
        getRowId={(r) => String(r.id)}
        loading={q.isLoading}
        error={q.isError ? 'Listen kunne ikke hentes' : null}
        onRetry={() => void q.refetch()}
        selectionMode="single"
        selected={selected}
        onSelectionChange={(s) => {
          const first = [...s][0];
          if (first && Number(first) !== recordId) vaelg(Number(first));
        }}
        onOpen={(r, o) => (o?.beside && p.valg?.aabnBeside ? p.valg.aabnBeside(r.id) : vaelg(r.id))}
        settings={settings}
        gridRef={gridRef}
        filterPlaceholder={`Søg i ${overskrift.toLowerCase()}`}
      />
      <section className="rt-form" aria-label={record ? recordTitel(kind, record) : kind.nyLabel}>
        {formOpen ? (
          harSektioner(kind.art) ? (
            // The kind's extra sections (an inspection's control points and letters): ./BrevSektioner.
            <MedSektioner
              key={kind.art}
              art={kind.art}
              record={record}
              kind={kind}
              ejer={ejer}
              kundeId={p.kontekst.kundeId}
              useKommandoer={p.useKommandoer}
            >
              {(vagt, useKommandoer) => formOgTilbehoer({ ...p, vagt, useKommandoer })}
            </MedSektioner>
          ) : (
            formOgTilbehoer(p)
          )
        ) : (
          <FormPlaceholder
            tab={p}
            missing={recordId !== null && q.isSuccess}
            kanOprette={kanOprette}
            onNy={startNy}
            listCommands={listCommands}
          />
        )}
      </section>
    </div>
  );
}

function FormPlaceholder(p: {
  tab: RegistreringTabProps;
  missing: boolean;
  kanOprette: boolean;
  onNy(): void;
  listCommands: TileCommand[];
}) {
  p.tab.useKommandoer(p.listCommands);
  const kind = p.tab.kind;
  const { koen, navn } = recordEntal(kind);
  return (
    <div className="rt-placeholder">
      {p.missing ? (
        <p className="form-alert" role="alert">
          {p.tab.ejer.ikkeFundet ??
            `${kind.navn} findes ikke på ${p.tab.ejer.betegnelse}. Den kan være slettet.`}
        </p>
      ) : (
        <p className="muted">
          Vælg {koen} {navn} i listen
          {p.kanOprette ? (
            <>
              , eller opret {koen} {koen === 'et' ? 'nyt' : 'ny'} med{' '}
              <kbd>{shortcutLabel(platformKey('alt+n'))}</kbd>.
            </>
          ) : (
            '.'
          )}
          {p.tab.pladsholderTekst && <> {p.tab.pladsholderTekst}</>}
        </p>
      )}
      {p.kanOprette && (
        <Button onClick={p.onNy}>
          <Plus size={14} aria-hidden="true" />
          {kind.nyLabel}
        </Button>
      )}
    </div>
  );
}

function RegistreringForm({
  tab,
  record,
  listCommands,
  listeKey,
  efterAendring,
  onCreated,
  onDeleted,
  onCancelNew,
}: {
  tab: RegistreringTabProps;
  record: AnyRecord | undefined;
  listCommands: TileCommand[];
  listeKey: QueryKey;
  efterAendring(): void;
  onCreated(r: AnyRecord): void;
  onDeleted(): void;
  onCancelNew(): void;
}) {
  const { kind, ejer } = tab;
  const laastBesked = record ? (tab.laast?.(record) ?? null) : null;
  const kanRette = ejer.kanRette && laastBesked === null;
  const session = useShellSession();
  const brugerId = session.user ? Number(session.user.userId) : null;
  const client = useQueryClient();
  const tile = useTile();
  const schema = useMemo(() => recordFormSchema(kind), [kind]);
  const skjulte = useMemo(
    () =>
      new Set([
        ...(tab.skjulte ?? []),
        ...Object.keys(tab.faste ?? {}),
        ...kind.felter.filter((f) => kind.formFelter?.[f.navn]?.kunListe).map((f) => f.navn),
      ]),
    [tab.skjulte, tab.faste, kind],
  );
  /** 'Gebyrtypen' in the toasts, where the kind declares it. */
  /** A new record's starting values: empty fields, the user as case worker, today where a date is required. */
  const nye = (): Vaerdier => {
    const v: Vaerdier = Object.fromEntries(kind.felter.map((f) => [f.navn, feltTom(f)]));
    if ('sagsbehandlerId' in v && brugerId) v.sagsbehandlerId = brugerId;
    for (const f of kind.felter) if (f.type.kind === 'dato' && f.type.paakraevet) v[f.navn] = iDag();
    return { ...v, ...kind.nyeStandard, ...tab.nyeStandard, ...tab.faste };
  };
  // The form starts from the record it was opened with; later versions replace it while it is clean.
  const vf = useVersionedForm<Vaerdier, AnyRecord>({
    identitet: `${kind.art}:${record?.id ?? 'ny'}@${kind.owner.segment}:${ejer.id}`,
    schema,
    record,
    version: record?.version,
    vaerdierAf: (r) => vaerdierAf(kind, r),
    nye,
    kanRette,
    gem: (data, r) =>
      r
        ? recordApi.ret(kind, r.id, { ...data, version: r.version }, ejer.id)
        : recordApi.opret(kind, ejer.id, data),
    fejl: saveFailure,
    vagt: tab.vagt ?? tile.setDirty,
    onGemt: (saved, varNy) => {
      client.setQueryData<AnyRecord[]>(listeKey, (list) => {
        if (!list) return list;
        return varNy ? [saved, ...list] : list.map((r) => (r.id === saved.id ? saved : r));
      });
      efterAendring();
      toast.success(`${bestemtAf(kind, 'gemt')} '${recordTitel(kind, saved)}' er gemt`);
      if (varNy) onCreated(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: listeKey });
      return client.getQueryData<AnyRecord[]>(listeKey)?.find((r) => r.id === record?.id);
    },
    onVaek: onDeleted,
  });
  const { form, busy } = vf;
  // Date-dependent sources read the record's date as the form holds it.
  const datoVaerdi = harDato(kind) ? form.values.dato : undefined;
  const kontekst = useMemo<FeltKontekst>(
    () =>
      datoVaerdi === undefined
        ? { ...tab.kontekst, disabled: tab.kontekst.disabled || !kanRette }
        : {
            ...tab.kontekst,
            disabled: tab.kontekst.disabled || !kanRette,
            dato: typeof datoVaerdi === 'string' && datoVaerdi ? datoVaerdi : null,
          },
    [tab.kontekst, kanRette, datoVaerdi],
  );
  // A new record's form opens in view with the cursor in its first field ('Ny', Alt+N).
  const erNy = record === undefined;
  useNyFormFokus(form.ref, erNy);
  const { confirm, confirmModal } = useConfirm();

  const slet = async () => {
    if (!record || !kanRette || busy) return;
    const ok = await confirm({
      title: 'Er du sikker?',
      message: `${bestemtAf(kind, 'slettet')} '${recordTitel(kind, record)}' slettes.`,
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    await vf.koer('slet', async () => {
      await recordApi.slet(kind, record.id, record.version, ejer.id);
      vf.fortryd();
      efterAendring();
      toast.success(`${bestemtAf(kind, 'slettet')} '${recordTitel(kind, record)}' er slettet`);
      onDeleted();
    });
  };

  // A kind that is taken out of use instead of deleted: the stored record saved with the field switched.
  const aktivFelt = kind.aktivFelt;
  const aktiv = record && aktivFelt ? record[aktivFelt] === true : undefined;
  const skiftAktiv = async () => {
    if (!record || !aktivFelt || !kanRette || busy) return;
    await vf.koer('aktiv', async () => {
      const saved = await recordApi.ret(
        kind,
        record.id,
        { ...vaerdierAf(kind, record), [aktivFelt]: !aktiv, version: record.version },
        ejer.id,
      );
      client.setQueryData<AnyRecord[]>(listeKey, (list) => list?.map((r) => (r.id === saved.id ? saved : r)));
      efterAendring();
      toast.success(
        `${bestemtAf(kind, 'gemt')} '${recordTitel(kind, saved)}' er ${saved[aktivFelt] === true ? 'genaktiveret' : 'deaktiveret'}`,
      );
    });
  };
  const kanSlette =
    kindEndpoints(kind).slet !== undefined && (record === undefined || (tab.sletbar?.(record) ?? true));

  // What a slot or an action inside the form sees and may do.
  const tilstand: FormTilstand = {
    vaerdier: form.values,
    record,
    busy,
    dirty: form.dirty,
    koer: vf.koer,
    efterAendring,
    saet: form.set,
  };
  const tilstandRef = useLatest(tilstand);
  const handlinger = tab.formHandlinger;

  const gemRef = useLatest(vf.gem);
  const sletRef = useLatest(slet);
  const aktivRef = useLatest(skiftAktiv);
  const commands = useMemo<TileCommand[]>(
    () => [
      ...listCommands,
      ...(kanRette
        ? [
            {
              id: 'gem',
              label: 'Gem',
              shortcut: 'mod+s',
              keywords: ['gem', 'save'],
              run: () => void gemRef.current(),
            },
            ...(record && kanSlette
              ? [
                  {
                    id: 'slet',
                    label: `Slet ${bestemtAf(kind, 'slettet').toLowerCase()}`,
                    keywords: ['slet'],
                    run: () => void sletRef.current(),
                  },
                ]
              : []),
            ...(tab.formKommandoer ?? []),
            ...(handlinger ?? []).map(({ koer, ...h }) => ({
              ...h,
              run: () => koer(tilstandRef.current),
            })),
            ...(aktiv !== undefined
              ? [
                  {
                    id: 'aktiv',
                    label: `${aktiv ? 'Deaktivér' : 'Genaktivér'} ${kind.navn.toLowerCase()}`,
                    keywords: ['aktiv', 'deaktiver', 'genaktiver'],
                    run: () => void aktivRef.current(),
                  },
                ]
              : []),
          ]
        : []),
    ],
    [
      listCommands,
      kanRette,
      record,
      kind,
      gemRef,
      sletRef,
      kanSlette,
      aktiv,
      aktivRef,
      tab.formKommandoer,
      handlinger,
      tilstandRef,
    ],
  );
  tab.useKommandoer(commands);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };

  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={
        // A customer's library of many: each form is named by its record.
        kind.egne ? (record ? `${kind.navn} ${recordTitel(kind, record)}` : kind.nyLabel) : kind.navn
      }
      data-art={kind.art}
    >
      <div className="rt-form-head">
        <h2>{record ? recordTitel(kind, record) : kind.nyLabel}</h2>
        {record && tab.hovedTillaeg?.(record)}
        {aktiv === false && <span className="muted small">Deaktiveret</span>}
        {record?.oprettet && (
          <span className="muted small">
            Oprettet {formatDato(record.oprettet)}
            {record.oprettetAf ? ` af ${record.oprettetAf}` : ''}
            {record.version > 1 && record.opdateretAf ? ` · ændret af ${record.opdateretAf}` : ''}
          </span>
        )}
      </div>
      {laastBesked && <p className="form-alert info">{laastBesked}</p>}
      {record && tab.formBesked?.(record)}
      <FormBeskeder vf={vf} />
      {Object.entries(form.errors)
        .filter(([navn]) => skjulte.has(navn))
        .map(([navn, fejl]) => (
          <p key={navn} className="form-alert" role="alert">
            {fejl}
          </p>
        ))}
      <div className="form-grid">
        {kind.felter
          .filter((f) => !skjulte.has(f.navn))
          .map((f) => {
            const egen = tab.feltTilpasning?.(f.navn, record);
            const vis = kind.formFelter?.[f.navn];
            return (
              <FeltInput
                key={f.navn}
                felt={{ ...f, label: egen?.label ?? formLabel(kind.formFelter, f, form.values) }}
                disabled={egen?.disabled || undefined}
                ctx={kontekst}
                value={form.values[f.navn]}
                error={form.errors[f.navn]}
                onChange={(x) => form.set(f.navn, x)}
                wide={vis?.bred || (f.type.kind === 'lookup' && f.type.flere ? false : undefined)}
                hint={tab.feltHint?.(f.navn, form.values, record) ?? vis?.hint}
                visTolkning={vis?.visTolkning}
              />
            );
          })}
      </div>
      {tab.efterFelter?.(tilstand)}
      {kanRette && (
        <RecordKnapper
          busy={busy}
          dirty={form.dirty}
          gemt={!!record}
          onSlet={kanSlette ? () => void slet() : undefined}
          handlinger={handlinger?.map((h) => (
            <Button
              key={h.id}
              color="secondary"
              disabled={h.disabled}
              onClick={() => h.koer(tilstand)}
              title={h.shortcut ? medGenvej(h.label, h.shortcut) : undefined}
            >
              {h.label}
            </Button>
          ))}
          // A customer-level kind's form takes back its changes, as the library views did.
          onFortrydAendringer={kind.egne ? vf.fortryd : undefined}
          efterGem={
            aktiv !== undefined && (
              <SpinnerButton
                color="secondary"
                loading={busy === 'aktiv'}
                loadingText="Gemmer …"
                disabled={form.dirty}
                title={form.dirty ? 'Gem eller fortryd ændringerne først' : undefined}
                onClick={() => void skiftAktiv()}
              >
                {aktiv ? 'Deaktivér' : 'Genaktivér'}
              </SpinnerButton>
            )
          }
          onAnnuller={() => {
            vf.fortryd();
            onCancelNew();
          }}
        />
      )}
      {tab.tilForm?.(form.values, record)}
      {confirmModal}
    </form>
  );
}
