import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  type AnyRecord,
  type AnyRecordKind,
  kanOprettes,
  recordEntal,
  recordTitel,
} from '../../contract/record-kind';
import { medGenvej, platformKey, shortcutLabel } from '../lib/keyboard';
import { useLatest } from '../lib/useLatest';
import { useTableSettings } from '../session/useTableSettings';
import { Button } from '../ui/Button';
import type { DataTableColumn } from '../ui/DataTable';
import { ListeRude } from '../ui/ListeRude';
import type { TileCommand } from '../workspace/tile-api';
import { recordApi, recordKeys } from './api';
import { harSektioner, MedSektioner } from './BrevSektioner';
import type { FeltKontekst } from './FeltInput';
import { type FormHandling, type FormTilstand, harDato, RegistreringForm } from './RegistreringForm';
import type { Vagt } from './vagt';
import { useFeltNavne, visVaerdi } from './visning';
import './record.css';

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
