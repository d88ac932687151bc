import { useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  ARTER,
  opretSchema,
  type Registrering,
  type RegistreringArt,
} from '../../../contract/registreringer';
import { feltTom } from '../../../contract/virksomhed';
import { formatDato, isoDatoAf } from '../../lib/dates';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import type { RouteParams } from '../../routes/route-table';
import { useShellSession } from '../../shell/session-context';
import { useTableSettings } from '../../shell/useTableSettings';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { focusFirstField } from '../../ui/focus';
import { useForm } from '../../ui/form';
import { ConflictAlert } from '../../ui/form/ConflictAlert';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileDirty, type ViewProps } from '../../workspace/tile-api';
import { afterChange, api, keys, recordPath, saveFailure, TABS, useRegistreringer } from './api';
import { DetailFrame, type Detalje, useFrameCommands } from './DetailFrame';
import { FeltInput } from './FeltInput';
import { useLatest } from './hooks';
import { useFeltNavne, visVaerdi } from './visning';

type Vaerdier = Record<string, unknown>;

const iDag = () => isoDatoAf(new Date());

/** The form's values of a record: its fields, nothing else. */
function vaerdierAf(art: RegistreringArt, r: Registrering): Vaerdier {
  return Object.fromEntries(ARTER[art].felter.map((f) => [f.navn, r[f.navn] ?? feltTom(f)]));
}

/** A new record's starting values: empty fields, the user as case worker, today where a date is required. */
function nyeVaerdier(art: RegistreringArt, d: Detalje, brugerId: number | null): Vaerdier {
  const def = ARTER[art];
  const v: Vaerdier = Object.fromEntries(def.felter.map((f) => [f.navn, feltTom(f)]));
  if ('sagsbehandlerId' in v && brugerId) v.sagsbehandlerId = brugerId;
  for (const f of def.felter) if (f.type.kind === 'dato' && f.type.paakraevet) v[f.navn] = iDag();
  if (art === 'afgoerelse') v.dmaFortrolighedsNiveauId = 1;
  if (art === 'brugerbetaling') v.gebyrtype = d.v.basis.brugerbetaling ?? 'Timesats gebyr';
  return v;
}

/**
 * A record tab (tilsyn, håndhævelser ...): the company's records of one kind, newest first, and the
 * form of the selected one. The record id in the route selects the record, so a link opens it; 'Ny'
 * opens an empty form; saving a new record moves the tile to its address.
 */
export function RegistreringTab({
  d,
  art,
  params,
}: {
  d: Detalje;
  art: RegistreringArt;
  params: RouteParams;
}) {
  const def = ARTER[art];
  const { v, kanRette } = d;
  const q = useRegistreringer(v.id, art);
  const tile = useTile();
  const recordIdText = params[TABS[art].param];
  const recordId = recordIdText ? Number(recordIdText) : null;
  const records = q.data ?? [];
  const record = recordId ? records.find((r) => r.id === recordId) : undefined;

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

  const kanOprette = kanRette && (!def.kraeverBrugerbetaling || v.basis.omfattetAfBrugerbetaling === true);
  const startNy = () => {
    if (!kanOprette) return;
    if (recordId !== null) {
      nyOenskes.current = true;
      tile.navigate(recordPath(v.type, v.id, art));
    } else setNy(true);
  };

  const navne = useFeltNavne(def.felter, { kundeId: d.ctx.kundeId, virksomhedId: v.id });
  const columns = useMemo<DataTableColumn<Registrering>[]>(
    () =>
      def.listeFelter.map((navn) => {
        const f = def.felter.find((x) => x.navn === navn)!;
        const numeric = f.type.kind === 'tal';
        return {
          id: navn,
          header: f.label,
          accessor: (r: Registrering) => {
            const value = r[navn];
            if (navn === 'sagsbehandlerId') return r.sagsbehandler ?? '';
            if (numeric || f.type.kind === 'dato') return (value as number | string | null) ?? null;
            return visVaerdi(f, value, navne);
          },
          cell:
            numeric || f.type.kind === 'dato' ? (r: Registrering) => visVaerdi(f, r[navn], navne) : undefined,
          align: numeric ? ('right' as const) : undefined,
          width: f.type.kind === 'dato' ? 96 : undefined,
        };
      }),
    [def, navne],
  );
  const settings = useTableSettings(`virksomhed-${art}`);
  const selected = useMemo(() => new Set(recordId ? [String(recordId)] : []), [recordId]);
  const vaelg = (id: number | null) => tile.navigate(recordPath(v.type, v.id, art, id ?? undefined));
  const gridRef = useRef<HTMLTableElement>(null);
  const startNyRef = useLatest(startNy);

  const listCommands = useMemo<TileCommand[]>(
    () => [
      {
        id: 'ny',
        label: def.nyLabel,
        shortcut: 'alt+n',
        keywords: ['ny', 'opret', def.navn],
        disabled: !kanOprette,
        run: () => startNyRef.current(),
      },
      { id: 'liste', label: 'Gå til listen', shortcut: 'alt+l', run: () => gridRef.current?.focus() },
    ],
    [def, kanOprette, startNyRef],
  );

  const formOpen = record !== undefined || (ny && recordId === null);
  return (
    <div className="rt">
      <section className="rt-list" aria-label={def.flertal}>
        <div className="rt-head">
          <h2>{def.flertal}</h2>
          <span className="muted small">{q.data ? `${records.length}` : ''}</span>
          <span className="rt-spacer" />
          {kanRette && (
            <Button
              size="small"
              onClick={startNy}
              disabled={!kanOprette}
              title={`${def.nyLabel} (${shortcutLabel(platformKey('alt+n'))})`}
            >
              <Plus size={14} aria-hidden="true" />
              Ny
            </Button>
          )}
        </div>
        {def.kraeverBrugerbetaling && v.basis.omfattetAfBrugerbetaling !== true && (
          <p className="form-alert info">Virksomheden er ikke omfattet af brugerbetaling.</p>
        )}
        <DataTable<Registrering>
          tableName={`virksomhed-${art}`}
          ariaLabel={def.flertal}
          columns={columns}
          rows={records}
          getRowId={(r) => String(r.id)}
          mode="memory"
          loading={q.isLoading}
          error={q.isError ? 'Listen kunne ikke hentes' : null}
          onRetry={() => void q.refetch()}
          selectionMode="single"
          selected={selected}
          onSelectionChange={(s) => {
            const first = [...s][0];
            if (first && Number(first) !== recordId) vaelg(Number(first));
          }}
          onOpen={(r, o) => (o?.beside ? tile.openBeside(recordPath(v.type, v.id, art, r.id)) : vaelg(r.id))}
          settings={settings}
          gridRef={gridRef}
          filterPlaceholder={`Søg i ${def.flertal.toLowerCase()}`}
        />
      </section>
      <section className="rt-form" aria-label={record ? String(record.titel) : def.nyLabel}>
        {formOpen ? (
          <RegistreringForm
            key={record ? `r${record.id}` : 'ny'}
            d={d}
            art={art}
            record={record}
            listCommands={listCommands}
            onCreated={(r) => {
              setNy(false);
              vaelg(r.id);
            }}
            onDeleted={() => vaelg(null)}
            onCancelNew={() => setNy(false)}
          />
        ) : (
          <FormPlaceholder
            art={art}
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
  art: RegistreringArt;
  missing: boolean;
  kanOprette: boolean;
  onNy(): void;
  listCommands: TileCommand[];
}) {
  useFrameCommands(p.listCommands);
  const def = ARTER[p.art];
  return (
    <div className="rt-placeholder">
      {p.missing ? (
        <p className="form-alert" role="alert">
          {def.navn} findes ikke på denne virksomhed. Den kan være slettet.
        </p>
      ) : (
        <p className="muted">
          Vælg en registrering i listen
          {p.kanOprette ? (
            <>
              , eller opret en ny med <kbd>{shortcutLabel(platformKey('alt+n'))}</kbd>.
            </>
          ) : (
            '.'
          )}
        </p>
      )}
      {p.kanOprette && (
        <Button onClick={p.onNy}>
          <Plus size={14} aria-hidden="true" />
          {def.nyLabel}
        </Button>
      )}
    </div>
  );
}

function RegistreringForm({
  d,
  art,
  record,
  listCommands,
  onCreated,
  onDeleted,
  onCancelNew,
}: {
  d: Detalje;
  art: RegistreringArt;
  record: Registrering | undefined;
  listCommands: TileCommand[];
  onCreated(r: Registrering): void;
  onDeleted(): void;
  onCancelNew(): void;
}) {
  const def = ARTER[art];
  const { v, kanRette, ctx } = d;
  const session = useShellSession();
  const brugerId = session.user ? Number(session.user.userId) : null;
  const client = useQueryClient();
  const tile = useTile();
  const schema = useMemo(() => opretSchema(art), [art]);
  // The form starts from the record it was opened with; later versions arrive through the effect below.
  const form = useForm<Vaerdier>(
    () => (record ? vaerdierAf(art, record) : nyeVaerdier(art, d, brugerId)),
    schema,
    `${art}:${record?.id ?? 'ny'}@virksomhed:${v.id}`,
  );
  // A new record's form opens with the cursor in its first field ('Ny', Alt+N).
  const erNy = record === undefined;
  useEffect(() => {
    if (erNy) focusFirstField(form.ref.current);
  }, [erNy, form.ref]);
  const [busy, setBusy] = useState<'gem' | 'slet' | null>(null);
  const [konflikt, setKonflikt] = useState<string | null>(null);
  const { confirm, confirmModal } = useConfirm();

  const formReset = form.reset;
  useTileDirty(kanRette && form.dirty, formReset);

  // Someone else's newer version (after a reload) replaces the form only while it holds no edits.
  const version = record?.version;
  const dirtyRef = useLatest(form.dirty);
  const recordRef = useLatest(record);
  useEffect(() => {
    const r = recordRef.current;
    if (version !== undefined && r && !dirtyRef.current) formReset(vaerdierAf(art, r));
  }, [version, art, formReset, recordRef, dirtyRef]);

  const gem = async () => {
    if (!kanRette || busy) return;
    setKonflikt(null);
    const data = form.validate() as Vaerdier | null;
    if (!data) return;
    setBusy('gem');
    try {
      const saved = record
        ? await api.ret(art, record.id, { ...data, version: record.version })
        : await api.opret(v.id, art, data);
      // The guard must see a clean form before the tile moves to the new record.
      tile.setDirty(false);
      form.reset(vaerdierAf(art, saved));
      client.setQueryData<Registrering[]>(keys.registreringer(v.id, art), (list) => {
        if (!list) return list;
        return record ? list.map((r) => (r.id === saved.id ? saved : r)) : [saved, ...list];
      });
      afterChange(client, v.id, art);
      toast.success(`${def.navn} '${saved.titel}' er gemt`);
      if (!record) onCreated(saved);
    } catch (err) {
      const f = saveFailure(err);
      if (f.kind === 'felter') form.showServerErrors(f.body);
      else if (f.kind === 'konflikt') setKonflikt(f.message);
    } finally {
      setBusy(null);
    }
  };

  const slet = async () => {
    if (!record || !kanRette || busy) return;
    const ok = await confirm({
      title: 'Er du sikker?',
      message: `${def.navn} '${record.titel}' slettes.`,
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    setBusy('slet');
    try {
      await api.slet(art, record.id, record.version);
      tile.setDirty(false);
      form.reset();
      afterChange(client, v.id, art);
      toast.success(`${def.navn} '${record.titel}' er slettet`);
      onDeleted();
    } catch (err) {
      const f = saveFailure(err);
      if (f.kind === 'konflikt') setKonflikt(f.message);
    } finally {
      setBusy(null);
    }
  };

  const genindlaes = async () => {
    setKonflikt(null);
    tile.setDirty(false);
    await client.invalidateQueries({ queryKey: keys.registreringer(v.id, art) });
    const fresh = client
      .getQueryData<Registrering[]>(keys.registreringer(v.id, art))
      ?.find((r) => r.id === record?.id);
    form.reset(fresh ? vaerdierAf(art, fresh) : undefined);
    if (record && !fresh) onDeleted();
  };

  const gemRef = useLatest(gem);
  const sletRef = useLatest(slet);
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
            ...(record
              ? [
                  {
                    id: 'slet',
                    label: `Slet ${def.navn.toLowerCase()}`,
                    keywords: ['slet'],
                    run: () => void sletRef.current(),
                  },
                ]
              : []),
          ]
        : []),
    ],
    [listCommands, kanRette, record, def, gemRef, sletRef],
  );
  useFrameCommands(commands);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void gem();
  };

  return (
    <form ref={form.ref} className="rt-form-inner" onSubmit={onSubmit} noValidate aria-label={def.navn}>
      <div className="rt-form-head">
        <h2>{record ? String(record.titel) : def.nyLabel}</h2>
        {record && (
          <span className="muted small">
            Oprettet {formatDato(record.oprettet)}
            {record.oprettetAf ? ` af ${record.oprettetAf}` : ''}
            {record.version > 1 && record.opdateretAf ? ` · ændret af ${record.opdateretAf}` : ''}
          </span>
        )}
      </div>
      <ConflictAlert message={konflikt} onReload={() => void genindlaes()} />
      <div className="form-grid">
        {def.felter.map((f) => (
          <FeltInput
            key={f.navn}
            felt={f}
            ctx={ctx}
            value={form.values[f.navn]}
            error={form.errors[f.navn]}
            onChange={(x) => form.set(f.navn, x)}
            wide={f.type.kind === 'lookup' && f.type.flere ? false : undefined}
          />
        ))}
      </div>
      {kanRette && (
        <div className="rt-actions">
          <SpinnerButton
            type="submit"
            loading={busy === 'gem'}
            loadingText="Gemmer …"
            title={`Gem (${shortcutLabel(platformKey('mod+s'))})`}
          >
            <Save size={14} aria-hidden="true" />
            Gem
          </SpinnerButton>
          {record ? (
            <SpinnerButton
              color="danger"
              loading={busy === 'slet'}
              loadingText="Sletter …"
              onClick={() => void slet()}
            >
              <Trash2 size={14} aria-hidden="true" />
              Slet
            </SpinnerButton>
          ) : (
            <Button
              color="secondary"
              onClick={() => {
                tile.setDirty(false);
                form.reset();
                onCancelNew();
              }}
            >
              Annullér
            </Button>
          )}
          {form.dirty && <span className="muted small">Ikke gemte ændringer</span>}
        </div>
      )}
      {confirmModal}
    </form>
  );
}

/** A record tab's view: the shared frame around the kind's list and form. */
export function RegistreringView({ route, params, art }: ViewProps & { art: RegistreringArt }) {
  return (
    <DetailFrame route={route} params={params}>
      {(d) => <RegistreringTab d={d} art={art} params={params} />}
    </DetailFrame>
  );
}
