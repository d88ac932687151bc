import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type FeltDef, feltTom } from '../../../contract/felter';
import { type AnyRecord, recordOpretSchema } from '../../../contract/record-kind';
import {
  AFFALDSFRAKTIONER,
  fraktionFelt,
  SAT_LANDBRUG_KATEGORIER,
  type SatResultatKategori,
  type SatVirksomhed,
} from '../../../contract/sat';
import { SAT_KATEGORI_STI, SAT_RESULTAT } from '../../../contract/sat-registreringer';
import { medGenvej } from '../../lib/keyboard';
import { recordApi, saveFailure } from '../../records/api';
import { FeltInput, type FeltKontekst } from '../../records/FeltInput';
import { useDelKommandoer } from '../../records/ramme';
import { panelerForaeldet } from '../../records/SidePanels';
import type { Vagt } from '../../records/vagt';
import { useLookup } from '../../session/lookups';
import { useShellSession } from '../../session/session-context';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { LookupSelect, type LookupValue, useNyFormFokus, useVersionedForm } from '../../ui/form';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { OprettetLinje } from '../../ui/form/OprettetLinje';
import { RecordKnapper } from '../../ui/form/RecordKnapper';
import { toast } from '../../ui/toast';
import type { TileCommand } from '../../workspace/tile-api';
import { listeForaeldet, satKeys, satStam } from './detail-api';
import { Fraktioner } from './Fraktioner';
import type { GemDel } from './SatStamdata';

type Vaerdier = Record<string, unknown>;

const felt = (navn: string): FeltDef => SAT_RESULTAT.felter.find((f) => f.navn === navn)!;
const FRAKTION_NAVNE = new Set<string>(AFFALDSFRAKTIONER.map(fraktionFelt));
/** The fields the form shows (fractions included); a message about anything else is shown above them. */
const FORM_FELTER = new Set<string>(SAT_RESULTAT.felter.filter((f) => !f.skrivebeskyttet).map((f) => f.navn));

/** The form's values of a saved result: its fields, nothing else. */
function vaerdierAf(r: AnyRecord): Vaerdier {
  return Object.fromEntries(SAT_RESULTAT.felter.map((f) => [f.navn, r[f.navn] ?? feltTom(f)]));
}

/** The fields of the first part of the form, in reading order (the fractions and the ministry's data follow). */
const GRUND_FELTER = ['titel', 'satTilsynsresultatTypeId', 'timeantal', 'udfoertDato', 'sagsbehandlerId'];

/**
 * The SAT company's result (one `satresultat` record): 'Opret resultat' while there is none, then
 * its form (category, result type, remark, hours, performed date, case worker, the 18 fractions as a
 * keyboard grid, wrong fractions / actors in the ministry's data with their remarks), saved with the
 * version edited (409 keeps the input and offers a reload), deleted after a confirmation. A farm's
 * result offers only the categories a farm may have; the server refuses the others too.
 */
export function Resultat({
  sat,
  kanRette,
  vagt,
  saetKommandoer,
  onDirty,
  registrerGem,
}: {
  sat: SatVirksomhed;
  kanRette: boolean;
  vagt: Vagt;
  /** Takes the result's commands (stable). */
  saetKommandoer(commands: TileCommand[]): void;
  /** The form has unsaved changes (the transfer waits for a save). */
  onDirty(dirty: boolean): void;
  /** What the tab's Gem (Mod+S) saves of the result. */
  registrerGem(del: GemDel | null): void;
}) {
  const record = (sat.satResult ?? undefined) as AnyRecord | undefined;
  const [ny, setNy] = useState(false);
  useEffect(() => {
    if (record) setNy(false);
  }, [record]);

  const nyKommando = useMemo<TileCommand[]>(
    () =>
      kanRette && !record
        ? [
            {
              id: 'sat-opret-resultat',
              label: 'Opret resultat',
              shortcut: 'alt+n',
              keywords: ['ny', 'opret', 'resultat', 'affaldstilsyn'],
              run: () => setNy(true),
            },
          ]
        : [],
    [kanRette, record],
  );

  if (!record && !ny) {
    return (
      <IngenResultat
        kanRette={kanRette}
        onOpret={() => setNy(true)}
        kommandoer={nyKommando}
        saet={saetKommandoer}
      />
    );
  }
  return (
    <ResultatForm
      key={record ? `r${record.id}` : 'ny'}
      sat={sat}
      record={record}
      kanRette={kanRette}
      vagt={vagt}
      saetKommandoer={saetKommandoer}
      onDirty={onDirty}
      registrerGem={registrerGem}
      onAnnuller={() => setNy(false)}
    />
  );
}

function IngenResultat({
  kanRette,
  onOpret,
  kommandoer,
  saet,
}: {
  kanRette: boolean;
  onOpret(): void;
  kommandoer: TileCommand[];
  saet(c: TileCommand[]): void;
}) {
  useDelKommandoer(saet, kommandoer);
  return (
    <div className="sat-ingen-resultat">
      <p className="muted">Der er ikke registreret et resultat af affaldstilsynet endnu.</p>
      {kanRette && (
        <Button onClick={onOpret} title={medGenvej('Opret resultat', 'alt+n')}>
          <Plus size={14} aria-hidden="true" />
          Opret resultat
        </Button>
      )}
    </div>
  );
}

function ResultatForm({
  sat,
  record,
  kanRette,
  vagt,
  saetKommandoer,
  onDirty,
  registrerGem,
  onAnnuller,
}: {
  sat: SatVirksomhed;
  record: AnyRecord | undefined;
  kanRette: boolean;
  vagt: Vagt;
  saetKommandoer(commands: TileCommand[]): void;
  onDirty(dirty: boolean): void;
  registrerGem(del: GemDel | null): void;
  onAnnuller(): void;
}) {
  const client = useQueryClient();
  const session = useShellSession();
  const brugerId = session.user ? Number(session.user.userId) : null;
  const stam = satStam(sat);
  const schema = useMemo(() => recordOpretSchema(SAT_RESULTAT), []);
  const noegle = satKeys.sat(sat.id);

  /** A new result: empty fields, the user as case worker, a farm's first allowed category. */
  const nye = (): Vaerdier => {
    const v: Vaerdier = Object.fromEntries(SAT_RESULTAT.felter.map((f) => [f.navn, feltTom(f)]));
    if (brugerId) v.sagsbehandlerId = brugerId;
    return {
      ...v,
      ...SAT_RESULTAT.nyeStandard,
      ...(stam.erLandbrug ? { satTilsynsresultatKategori: SAT_LANDBRUG_KATEGORIER[0] } : {}),
    };
  };

  /** The company with its result replaced (or removed), as the cache holds it until it is fetched again. */
  const saetResultat = (r: AnyRecord | null) => {
    client.setQueryData<SatVirksomhed>(noegle, (s) => (s ? { ...s, satResult: r } : s));
    // Status, board counts and the log follow from the server.
    void client.invalidateQueries({ queryKey: noegle, exact: true });
    listeForaeldet(client);
    panelerForaeldet(client, noegle);
  };

  const vf = useVersionedForm<Vaerdier, AnyRecord>({
    identitet: `satresultat:${record?.id ?? 'ny'}@satvirksomhed:${sat.id}`,
    schema,
    record,
    version: record?.version,
    vaerdierAf,
    nye,
    kanRette,
    gem: (data, r) =>
      r
        ? recordApi.ret(SAT_RESULTAT, r.id, { ...data, version: r.version })
        : recordApi.opret(SAT_RESULTAT, sat.id, data),
    fejl: saveFailure,
    vagt,
    onGemt: (saved, varNy) => {
      saetResultat(saved);
      toast.success(varNy ? 'Resultatet er oprettet' : 'Resultatet er gemt');
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: noegle, exact: true });
      return (client.getQueryData<SatVirksomhed>(noegle)?.satResult ?? undefined) as AnyRecord | undefined;
    },
    onVaek: () => saetResultat(null),
  });
  const { form, busy } = vf;
  const dirty = kanRette && form.dirty;
  useEffect(() => {
    onDirty(dirty);
    return () => onDirty(false);
  }, [dirty, onDirty]);
  // Mod+S of the tab saves a new result even before anything is typed (the defaults may be enough).
  const gem = vf.gem;
  useEffect(() => {
    registrerGem(kanRette ? { dirty: dirty || record === undefined, gem } : null);
  }, [registrerGem, kanRette, dirty, record, gem]);
  useEffect(() => () => registrerGem(null), [registrerGem]);

  const erNy = record === undefined;
  useNyFormFokus(form.ref, erNy);

  const { confirm, confirmModal } = useConfirm();
  /** A result in SAT is deleted there first (the server refuses otherwise). */
  const iSat = !!record?.overfoertTilMiljoestyrelsenDato;
  const slet = async () => {
    if (!record || !kanRette || busy || iSat) return;
    const ok = await confirm({
      title: 'Er du sikker?',
      message: 'Resultatet af affaldstilsynet slettes.',
      confirmLabel: 'Slet',
      confirmColor: 'danger',
    });
    if (!ok) return;
    await vf.koer('slet', async () => {
      await recordApi.slet(SAT_RESULTAT, record.id, record.version);
      vf.fortryd();
      saetResultat(null);
      toast.success('Resultatet er slettet');
    });
  };

  const sletRef = useRef(slet);
  sletRef.current = slet;
  const commands = useMemo<TileCommand[]>(
    () =>
      kanRette && record
        ? [
            {
              id: 'sat-slet-resultat',
              label: 'Slet resultat',
              keywords: ['slet', 'resultat'],
              disabled: iSat,
              run: () => void sletRef.current(),
            },
          ]
        : [],
    [kanRette, record, iSat],
  );
  useDelKommandoer(saetKommandoer, commands);

  // The categories: a farm may only have two; a saved other one stays visible (inactive options show when chosen).
  const kategorier = useLookup(SAT_KATEGORI_STI);
  const kategoriValg = useMemo(
    () =>
      kategorier.data?.map((o) => ({
        ...o,
        aktiv:
          o.aktiv && (!stam.erLandbrug || SAT_LANDBRUG_KATEGORIER.includes(o.kode as SatResultatKategori)),
      })),
    [kategorier.data, stam.erLandbrug],
  );

  const kontekst = useMemo<FeltKontekst>(
    () => ({
      ejer: { id: sat.id, type: 4 },
      kundeId: session.user?.customerId ?? 0,
      disabled: !kanRette,
      kendteNavne: new Map(
        record && typeof record.sagsbehandlerId === 'number' && record.sagsbehandler
          ? [[record.sagsbehandlerId, record.sagsbehandler]]
          : [],
      ),
    }),
    [sat.id, session.user?.customerId, kanRette, record],
  );

  const feltInput = (navn: string, wide?: boolean) => {
    const f = felt(navn);
    return (
      <FeltInput
        key={navn}
        felt={f}
        ctx={kontekst}
        value={form.values[navn]}
        error={form.errors[navn]}
        onChange={(x) => form.set(navn, x)}
        wide={wide}
      />
    );
  };

  const kategoriFelt = felt('satTilsynsresultatKategori');
  const fraktionFejl = Object.entries(form.errors).find(([navn]) => FRAKTION_NAVNE.has(navn))?.[1];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void vf.gem();
  };

  return (
    <form ref={form.ref} className="sat-resultat" onSubmit={onSubmit} noValidate aria-label="Resultat">
      <div className="sat-sektion-head">
        <h3>{record ? 'Resultat' : 'Nyt resultat'}</h3>
        {record && <OprettetLinje record={record} />}
      </div>
      <FormBeskeder vf={vf} />
      {Object.entries(form.errors)
        .filter(([navn]) => !FORM_FELTER.has(navn))
        .map(([navn, fejl]) => (
          <p key={navn} className="form-alert" role="alert">
            {fejl}
          </p>
        ))}
      {stam.erLandbrug && (
        <p className="muted small">
          Virksomheden er et landbrug: kun Del af miljøtilsyn og § 8-tilsyn kan vælges.
        </p>
      )}
      <div className="form-grid">
        <LookupSelect
          name={kategoriFelt.navn}
          label={kategoriFelt.label}
          marks={kategoriFelt.maerker}
          required
          value={(form.values.satTilsynsresultatKategori ?? null) as LookupValue | null}
          options={kategoriValg}
          valueKey="kode"
          loading={kategorier.isLoading}
          disabled={!kanRette}
          error={form.errors.satTilsynsresultatKategori}
          onChange={(x) => form.set('satTilsynsresultatKategori', x)}
        />
        {GRUND_FELTER.map((navn) => feltInput(navn))}
        {feltInput('resultatTypeBemaerkning', true)}
      </div>
      <Fraktioner
        values={form.values}
        disabled={!kanRette}
        error={fraktionFejl}
        onChange={(navn, v) => form.set(navn, v)}
        onSaet={(v) => {
          for (const f of AFFALDSFRAKTIONER) form.set(fraktionFelt(f), v);
        }}
      />
      <section className="sat-mst" aria-label="Miljøstyrelsens data">
        <h4>Miljøstyrelsens data</h4>
        <div className="form-grid">
          {feltInput('forkerteFraktionerIMstData')}
          {form.values.forkerteFraktionerIMstData === true &&
            feltInput('forkerteFraktionerIMstDataBemaerkning', true)}
          {feltInput('forkerteAktoererIMstData')}
          {form.values.forkerteAktoererIMstData === true &&
            feltInput('forkerteAktoererIMstDataBemaerkning', true)}
        </div>
      </section>
      {kanRette && (
        <RecordKnapper
          className="sat-resultat-knapper"
          busy={busy}
          dirty={form.dirty}
          gemt={!!record}
          gemLabel={record ? 'Gem' : 'Opret resultat'}
          onFortrydAendringer={() => vf.fortryd()}
          onSlet={() => void slet()}
          sletSpaerret={iSat ? 'Resultatet er overført til SAT. Slet det i SAT først.' : undefined}
          onAnnuller={() => {
            vf.fortryd();
            onAnnuller();
          }}
        />
      )}
      {confirmModal}
    </form>
  );
}
