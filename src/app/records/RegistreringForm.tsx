import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo } from 'react';
import { feltTom } from '../../contract/felter';
import {
  type AnyRecord,
  type AnyRecordKind,
  formLabel,
  kindEndpoints,
  recordFormSchema,
  recordTitel,
} from '../../contract/record-kind';
import { isoDatoAf } from '../lib/dates';
import { medGenvej } from '../lib/keyboard';
import { useLatest } from '../lib/useLatest';
import { useShellSession } from '../session/session-context';
import { Button, SpinnerButton } from '../ui/Button';
import { useConfirm } from '../ui/ConfirmModal';
import { useNyFormFokus, useVersionedForm } from '../ui/form';
import { FormBeskeder } from '../ui/form/KladdeBesked';
import { OprettetLinje } from '../ui/form/OprettetLinje';
import { RecordKnapper } from '../ui/form/RecordKnapper';
import { toast } from '../ui/toast';
import type { TileCommand } from '../workspace/tile-api';
import { useTile } from '../workspace/tile-api';
import { recordApi, saveFailure } from './api';
import { FeltInput, type FeltKontekst } from './FeltInput';
import type { RegistreringTabProps } from './RegistreringTab';

type Vaerdier = Record<string, unknown>;

const iDag = () => isoDatoAf(new Date());

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
export const harDato = (kind: AnyRecordKind) => kind.felter.some((f) => f.navn === 'dato');

/** The form's values of a record: its fields, nothing else. */
function vaerdierAf(kind: AnyRecordKind, r: AnyRecord): Vaerdier {
  return Object.fromEntries(kind.felter.map((f) => [f.navn, r[f.navn] ?? feltTom(f)]));
}

/**
 * The form of one record of a record tab (RegistreringTab): a new one or the selected one, its fields
 * from the kind's declaration, saved with its version (409 in Danish when stale), deleted after a
 * question, with the kind's form actions and the tab's slots; its commands are the tile's while open.
 */
export function RegistreringForm({
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
        {record?.oprettet && <OprettetLinje record={record} />}
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
