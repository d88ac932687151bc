import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import {
  FRASE_TEKST_MAKS,
  FRASE_TITEL_MAKS,
  type FraseAdmin,
  type FraseInput,
} from '../../../contract/admin-tekster';
import { FRASE_GENVEJ } from '../../lib/frase-maal';
import { hentTilstand } from '../../lib/http-fejl';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import { useLatest } from '../../lib/useLatest';
import { saveFailure } from '../../records/api';
import { fraseKeys, useEmner } from '../../session/frase-data';
import { useShellSession } from '../../session/session-context';
import { useTableSettings } from '../../session/useTableSettings';
import { SpinnerButton } from '../../ui/Button';
import type { DataTableColumn } from '../../ui/DataTable';
import { Checkbox, LookupSelect, TextArea, TextInput, useVersionedForm } from '../../ui/form';
import { DetaljePladsholder, FormKnapper, NyKnap, useDetaljeForm } from '../../ui/form/DetaljeForm';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { ListeRude, NyTast } from '../../ui/ListeRude';
import { toast } from '../../ui/toast';
import { type TileCommand, useTile, useTileCommands, type ViewProps } from '../../workspace/tile-api';
import { useListeDetalje } from '../../workspace/useListeDetalje';
import { fraseAdminKeys, gemFrasen, opretFrasen, useAdminFraser } from './FraseApi';
import '../../records/record.css';
import './FraseBibliotek.css';

export const FRASEBIBLIOTEK_STI = '/admin/frasebibliotek';

const TAST = { gem: 'mod+s' } as const;
const NY_KOMMANDO = { id: 'ny-frase', label: 'Ny frase', keywords: ['ny', 'opret', 'frase'] };
const LISTE_KOMMANDO = { id: 'fraser-liste', label: 'Gå til fraserne', keywords: ['liste', 'fraser'] };

/**
 * /admin/frasebibliotek/:fraseid? (KOMMUNE_ADMIN or SAGSBEHANDLER_ADMIN): the customer's phrases per
 * subject, filtered by subject and text, with the form of the one in the address (the address follows
 * the selection). Saving is versioned (someone else's change → 409 with reload); a phrase is
 * deactivated, not deleted, and then no longer offered by 'Indsæt frase …'.
 */
export default function FrasebibliotekView({ params }: ViewProps) {
  const { user } = useShellSession();
  const kundeId = user?.customerId ?? 0;
  const q = useAdminFraser(kundeId);
  const emner = useEmner();
  const [emneFilter, setEmneFilter] = useState<number | null>(null);
  const alle = q.isError ? [] : (q.data ?? []);
  const fraser = emneFilter === null ? alle : alle.filter((f) => f.emneId === emneFilter);
  const ld = useListeDetalje({
    sti: FRASEBIBLIOTEK_STI,
    param: params.fraseid,
    raekker: alle,
    hentet: q.isSuccess,
    ny: NY_KOMMANDO,
    liste: LISTE_KOMMANDO,
  });
  const { valgt } = ld;
  useTileCommands(ld.kommandoer);

  const columns = useMemo<DataTableColumn<FraseAdmin>[]>(
    () => [
      { id: 'titel', header: 'Titel', accessor: (f) => f.titel },
      { id: 'emne', header: 'Emne', accessor: (f) => f.emneNavn, width: 150 },
      { id: 'tekst', header: 'Tekst', accessor: (f) => f.tekst },
      { id: 'aktiv', header: 'Aktiv', accessor: (f) => (f.aktiv ? 'Ja' : 'Nej'), width: 60 },
    ],
    [],
  );
  const settings = useTableSettings('admin-frasebibliotek');

  return (
    <div className="rt frase-bibliotek">
      <ListeRude<FraseAdmin>
        titel="Frasebibliotek"
        ariaLabel="Fraser"
        antal={q.data && !q.isError ? `${fraser.length} af ${alle.length}` : ''}
        handlinger={
          <>
            <label className="frase-emnefilter">
              <span className="visually-hidden">Emne</span>
              <select
                className="input form-input form-select"
                aria-label="Vis fraser for emne"
                value={emneFilter ?? ''}
                onChange={(e) => setEmneFilter(e.target.value === '' ? null : Number(e.target.value))}
              >
                <option value="">Alle emner</option>
                {(emner.data ?? []).map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.navn}
                  </option>
                ))}
              </select>
            </label>
            <NyKnap label="Ny frase" onClick={ld.startNy} />
          </>
        }
        tableName="admin-frasebibliotek"
        columns={columns}
        rows={fraser}
        getRowId={(f) => String(f.id)}
        {...hentTilstand(q, 'Fraserne')}
        {...ld.tabel}
        settings={settings}
        filterPlaceholder="Søg i titel og tekst"
        emptyText="Ingen fraser"
      />
      <section className="rt-form" aria-label={valgt ? valgt.titel : 'Ny frase'}>
        {ld.formAaben ? (
          <FraseForm
            key={valgt ? `f${valgt.id}` : 'ny'}
            frase={valgt}
            kundeId={kundeId}
            emner={emner.data ?? []}
            standardEmne={emneFilter}
            setKommandoer={ld.setFormKommandoer}
            onOprettet={ld.oprettet}
            onAnnuller={ld.annullerNy}
          />
        ) : (
          <DetaljePladsholder
            findesIkke={ld.findesIkke}
            ikkeFundet="Frasen findes ikke hos den aktive kunde."
          >
            Vælg en frase i listen med <kbd>Enter</kbd>, eller opret en ny med <NyTast />. I et tekstfelt på
            en registrering indsættes en frase med <kbd>{shortcutLabel(platformKey(FRASE_GENVEJ))}</kbd>.
          </DetaljePladsholder>
        )}
      </section>
    </div>
  );
}

type Vaerdier = { emneId: number | null; titel: string; tekst: string; aktiv: boolean };

const formSchema = z.object({
  emneId: z.number({ error: 'Vælg et emne' }),
  titel: z
    .string()
    .trim()
    .min(1, { error: 'Titlen er påkrævet' })
    .max(FRASE_TITEL_MAKS, { error: `Titlen må højst være ${FRASE_TITEL_MAKS} tegn` }),
  tekst: z
    .string()
    .trim()
    .min(1, { error: 'Teksten er påkrævet' })
    .max(FRASE_TEKST_MAKS, { error: `Teksten må højst være ${FRASE_TEKST_MAKS} tegn` }),
  aktiv: z.boolean(),
});

const vaerdierAf = (f: FraseAdmin): Vaerdier => ({
  emneId: f.emneId,
  titel: f.titel,
  tekst: f.tekst,
  aktiv: f.aktiv,
});

const inputAf = (v: Vaerdier): FraseInput => ({
  emneId: v.emneId ?? 0,
  titel: v.titel.trim(),
  tekst: v.tekst.trim(),
  aktiv: v.aktiv,
});

function FraseForm(p: {
  frase: FraseAdmin | undefined;
  kundeId: number;
  emner: readonly { id: number; kode: string; navn: string }[];
  standardEmne: number | null;
  setKommandoer(c: TileCommand[]): void;
  onOprettet(f: FraseAdmin): void;
  onAnnuller(): void;
}) {
  const { frase } = p;
  const tile = useTile();
  const client = useQueryClient();
  const noegle = fraseAdminKeys.liste(p.kundeId);
  const opdater = (saved: FraseAdmin) => {
    client.setQueryData<FraseAdmin[]>(noegle, (l) =>
      l
        ? l.some((f) => f.id === saved.id)
          ? l.map((f) => (f.id === saved.id ? saved : f))
          : [...l, saved]
        : l,
    );
    // The palette's phrase lists too.
    void client.invalidateQueries({ queryKey: fraseKeys.alle });
  };
  const vf = useVersionedForm<Vaerdier, FraseAdmin>({
    identitet: `frase:${frase?.id ?? 'ny'}`,
    schema: formSchema,
    record: frase,
    version: frase?.version,
    vaerdierAf,
    nye: () => ({ emneId: p.standardEmne, titel: '', tekst: '', aktiv: true }),
    kanRette: true,
    gem: (v, f) => (f ? gemFrasen(f.id, inputAf(v), f.version) : opretFrasen(inputAf(v))),
    fejl: saveFailure,
    vagt: tile.setDirty,
    onGemt: (saved, varNy) => {
      opdater(saved);
      toast.success(`Frasen '${saved.titel}' er gemt`);
      if (varNy) p.onOprettet(saved);
    },
    hentIgen: async () => {
      await client.invalidateQueries({ queryKey: noegle });
      return client.getQueryData<FraseAdmin[]>(noegle)?.find((f) => f.id === frase?.id);
    },
  });
  const { form, busy } = vf;
  const erNy = frase === undefined;
  const { gemRef, onSubmit } = useDetaljeForm(vf, erNy);

  /** Deactivates or reactivates the saved phrase at once (the form's other edits stay unsaved). */
  const skiftAktiv = useLatest(() => {
    if (!frase) return;
    void vf.koer('aktiv', async () => {
      const saved = await gemFrasen(
        frase.id,
        { ...inputAf(vaerdierAf(frase)), aktiv: !frase.aktiv },
        frase.version,
      );
      opdater(saved);
      toast.success(`Frasen '${saved.titel}' er ${saved.aktiv ? 'genaktiveret' : 'deaktiveret'}`);
    });
  });
  const { setKommandoer } = p;
  const harFrase = frase !== undefined;
  const aktiv = frase?.aktiv;
  useEffect(() => {
    setKommandoer([
      {
        id: 'gem-frase',
        label: 'Gem frase',
        shortcut: TAST.gem,
        keywords: ['gem'],
        run: () => void gemRef.current(),
      },
      ...(harFrase
        ? [
            {
              id: 'aktiv-frase',
              label: aktiv ? 'Deaktivér frase' : 'Genaktivér frase',
              keywords: ['aktiv', 'deaktiver', 'genaktiver'],
              run: () => skiftAktiv.current(),
            },
          ]
        : []),
    ]);
    return () => setKommandoer([]);
  }, [setKommandoer, gemRef, skiftAktiv, harFrase, aktiv]);

  const v = form.values;
  return (
    <form
      ref={form.ref}
      className="rt-form-inner"
      onSubmit={onSubmit}
      noValidate
      aria-label={frase ? `Frase ${frase.titel}` : 'Ny frase'}
    >
      <div className="rt-form-head">
        <h2>{frase ? frase.titel : 'Ny frase'}</h2>
        {frase && !frase.aktiv && (
          <span className="muted small">Deaktiveret: tilbydes ikke ved indsættelse</span>
        )}
      </div>
      <FormBeskeder vf={vf} />
      <div className="form-grid">
        <LookupSelect
          name="emneId"
          label="Emne"
          required
          value={v.emneId}
          options={p.emner.map((e, i) => ({ ...e, aktiv: true, dmaKode: true, prioritet: i }))}
          error={form.errors.emneId}
          onChange={(x) => form.set('emneId', x === null ? null : Number(x))}
        />
        <TextInput
          name="titel"
          label="Titel"
          required
          maxLength={FRASE_TITEL_MAKS}
          value={v.titel}
          error={form.errors.titel}
          onChange={(x) => form.set('titel', x)}
        />
        <TextArea
          name="tekst"
          label="Tekst"
          required
          wide
          rows={8}
          maxLength={FRASE_TEKST_MAKS}
          value={v.tekst}
          error={form.errors.tekst}
          onChange={(x) => form.set('tekst', x)}
          frase={false}
        />
        <Checkbox
          name="aktiv"
          label="Aktiv (tilbydes ved 'Indsæt frase …')"
          wide
          checked={v.aktiv}
          error={form.errors.aktiv}
          onChange={(x) => form.set('aktiv', x)}
        />
      </div>
      <FormKnapper
        vf={vf}
        erNy={erNy}
        onAnnuller={p.onAnnuller}
        efterGem={
          frase && (
            <SpinnerButton
              color="secondary"
              loading={busy === 'aktiv'}
              loadingText="Gemmer …"
              disabled={form.dirty}
              title={form.dirty ? 'Gem eller fortryd ændringerne først' : undefined}
              onClick={() => skiftAktiv.current()}
            >
              {frase.aktiv ? 'Deaktivér' : 'Genaktivér'}
            </SpinnerButton>
          )
        }
      />
    </form>
  );
}
