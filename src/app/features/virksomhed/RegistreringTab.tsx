import { useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { feltTom } from '../../../contract/felter';
import { recordOpretSchema } from '../../../contract/record-kind';
import {
  ARTER,
  type ArtDef,
  type Registrering,
  type RegistreringArt,
} from '../../../contract/registreringer';
import { formatDato, isoDatoAf } from '../../lib/dates';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import type { RouteParams } from '../../routes/route-table';
import { useShellSession } from '../../shell/session-context';
import { useTableSettings } from '../../shell/useTableSettings';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { focusFirstField } from '../../ui/focus';
import { useVersionedForm } from '../../ui/form';
import { ConflictAlert } from '../../ui/form/ConflictAlert';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, type ViewProps } from '../../workspace/tile-api';
import { afterChange, api, keys, recordPath, saveFailure, TABS, useRegistreringer } from './api';
import { DetailFrame, type Detalje, useFrameCommands } from './DetailFrame';
import { FeltInput } from './FeltInput';
import { useLatest } from './hooks';
import { useFeltNavne, visVaerdi } from './visning';

type Vaerdier = Record<string, unknown>;

const iDag = () => isoDatoAf(new Date());

/** The form's values of a record: its fields, nothing else. */
function vaerdierAf(kind: ArtDef, r: Registrering): Vaerdier {
  return Object.fromEntries(kind.felter.map((f) => [f.navn, r[f.navn] ?? feltTom(f)]));
}

/** A new record's starting values: empty fields, the user as case worker, today where a date is required. */
function nyeVaerdier(kind: ArtDef, d: Detalje, brugerId: number | null): Vaerdier {
  const v: Vaerdier = Object.fromEntries(kind.felter.map((f) => [f.navn, feltTom(f)]));
  if ('sagsbehandlerId' in v && brugerId) v.sagsbehandlerId = brugerId;
  for (const f of kind.felter) if (f.type.kind === 'dato' && f.type.paakraevet) v[f.navn] = iDag();
  Object.assign(v, kind.nyeStandard);
  // A user-payment record starts from the company's fee type.
  if (kind.kraeverBrugerbetaling) v.gebyrtype = d.v.basis.brugerbetaling ?? 'Timesats gebyr';
  return v;
}

/**
 * A record tab (tilsyn, håndhævelser ...): the company's records of one kind, newest first, and the
 * form of the selected one. The record id in the route selects the record, so a link opens it; 'Ny'
 * opens an empty form; saving a new record moves the tile to its address.
 */
export function RegistreringTab({ d, kind, params }: { d: Detalje; kind: ArtDef; params: RouteParams }) {
  const def = kind;
  const art = kind.art;
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
            kind={kind}
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
            kind={kind}
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
  kind: ArtDef;
  missing: boolean;
  kanOprette: boolean;
  onNy(): void;
  listCommands: TileCommand[];
}) {
  useFrameCommands(p.listCommands);
  const def = p.kind;
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
  kind,
  record,
  listCommands,
  onCreated,
  onDeleted,
  onCancelNew,
}: {
  d: Detalje;
  kind: ArtDef;
  record: Registrering | undefined;
  listCommands: TileCommand[];
  onCreated(r: Registrering): void;
  onDeleted(): void;
  onCancelNew(): void;
}) {
  const { v, kanRette, ctx } = d;
  const session = useShellSession();
  const brugerId = session.user ? Number(session.user.userId) : null;
  const client = useQueryClient();
  const tile = useTile();
  const schema = useMemo(() => recordOpretSchema(kind), [kind]);
  const listeKey = keys.registreringer(v.id, kind.art);
  // The form starts from the record it was opened with; later versions replace it while it is clean.
  const vf = useVersionedForm<Vaerdier, Registrering>({
    identitet: `${kind.art}:${record?.id ?? 'ny'}@virksomhed:${v.id}`,
    schema,
    record,
    version: record?.version,
    vaerdierAf: (r) => vaerdierAf(kind, r),
    nye: () => nyeVaerdier(kind, d, brugerId),
    kanRette,
    gem: (data, r) =>
      r ? api.ret(kind, r.id, { ...data, version: r.version }) : api.opret(kind, v.id, data),
    fejl: saveFailure,
    vagt: tile.setDirty,
    onGemt: (saved, varNy) => {
      client.setQueryData<Registrering[]>(listeKey, (list) => {
        if (!list) return list;
        return varNy ? [saved, ...list] : list.map((r) => (r.id === saved.id ? saved : r));
      });
      afterChange(client, v.id, kind.art);
      toast.success(`${kind.navn} '${saved.titel}' er gemt`);
      if (varNy) onCreated(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: listeKey });
      return client.getQueryData<Registrering[]>(listeKey)?.find((r) => r.id === record?.id);
    },
    onVaek: onDeleted,
  });
  const { form, busy } = vf;
  // A new record's form opens with the cursor in its first field ('Ny', Alt+N).
  const erNy = record === undefined;
  useEffect(() => {
    if (erNy) focusFirstField(form.ref.current);
  }, [erNy, form.ref]);
  const { confirm, confirmModal } = useConfirm();

  const slet = async () => {
    if (!record || !kanRette || busy) return;
    const ok = await confirm({
      title: 'Er du sikker?',
      message: `${kind.navn} '${record.titel}' slettes.`,
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    await vf.koer('slet', async () => {
      await api.slet(kind, record.id, record.version);
      vf.fortryd();
      afterChange(client, v.id, kind.art);
      toast.success(`${kind.navn} '${record.titel}' er slettet`);
      onDeleted();
    });
  };

  const gemRef = useLatest(vf.gem);
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
                    label: `Slet ${kind.navn.toLowerCase()}`,
                    keywords: ['slet'],
                    run: () => void sletRef.current(),
                  },
                ]
              : []),
          ]
        : []),
    ],
    [listCommands, kanRette, record, kind, gemRef, sletRef],
  );
  useFrameCommands(commands);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };

  return (
    <form ref={form.ref} className="rt-form-inner" onSubmit={onSubmit} noValidate aria-label={kind.navn}>
      <div className="rt-form-head">
        <h2>{record ? String(record.titel) : kind.nyLabel}</h2>
        {record && (
          <span className="muted small">
            Oprettet {formatDato(record.oprettet)}
            {record.oprettetAf ? ` af ${record.oprettetAf}` : ''}
            {record.version > 1 && record.opdateretAf ? ` · ændret af ${record.opdateretAf}` : ''}
          </span>
        )}
      </div>
      <ConflictAlert message={vf.konflikt} onReload={() => void vf.genindlaes()} />
      <div className="form-grid">
        {kind.felter.map((f) => (
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
                vf.fortryd();
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
      {(d) => <RegistreringTab d={d} kind={ARTER[art]} params={params} />}
    </DetailFrame>
  );
}
