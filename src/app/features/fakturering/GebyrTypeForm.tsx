import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { GebyrTypeAdmin, GebyrTypeInput } from '../../../contract/fakturering';
import { maengdeInput } from '../../../contract/felter';
import { isoDatoAf } from '../../../contract/format';
import { GEBYR_ART_TEKST, GEBYR_ARTER, type GebyrArt } from '../../../contract/sat';
import { saveFailure } from '../../records/api';
import type { Vagt } from '../../records/vagt';
import { Checkbox, DateInput, MaengdeInput, RadioGroup, TextInput, useVersionedForm } from '../../ui/form';
import { FormKnapper, useDetaljeForm } from '../../ui/form/DetaljeForm';
import { FormBeskeder } from '../../ui/form/KladdeBesked';
import { toast } from '../../ui/toast';
import type { TileCommand } from '../../workspace/tile-api';
import { adminKeys, gemGebyrTypen, opretGebyrTypen } from './admin-api';
import { type GemmereRef, useFormensGem } from './gebyrtyper-gem';

/** The form of one fee type (or a new one) on /fakturering/gebyrtyper. */

type GebyrVaerdier = {
  navn: string;
  art: GebyrArt;
  /** The rate in øre (typed as kroner: a money field). */
  satsOere: number | null;
  gyldigFra: string | null;
  gyldigTil: string | null;
  aktiv: boolean;
};

const gebyrFormSchema = z
  .object({
    navn: z
      .string()
      .trim()
      .min(1, { error: 'Navnet er påkrævet' })
      .max(100, { error: 'Navnet må højst være 100 tegn' }),
    art: z.enum(GEBYR_ARTER, { error: 'Vælg timesats eller fast gebyr' }),
    satsOere: maengdeInput('beloeb', { paakraevet: true, max: 10_000_000, forStor: 'Satsen er for stor' }),
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
  satsOere: g.satsOere,
  gyldigFra: g.gyldigFra,
  gyldigTil: g.gyldigTil,
  aktiv: g.aktiv,
});

const nyGebyrType = (): GebyrVaerdier => ({
  navn: '',
  art: 'timesats',
  satsOere: null,
  gyldigFra: isoDatoAf(new Date()),
  gyldigTil: null,
  aktiv: true,
});

/** The checked form values as the contract's input (the check lets no empty rate through). */
const gebyrInput = (v: GebyrVaerdier): GebyrTypeInput => ({
  navn: v.navn.trim(),
  art: v.art,
  satsOere: v.satsOere ?? Number.NaN,
  gyldigFra: v.gyldigFra ?? '',
  gyldigTil: v.gyldigTil,
  aktiv: v.aktiv,
});

const GEM_KOMMANDO = { id: 'gem-gebyrtype', label: 'Gem gebyrtype', keywords: ['gem', 'gebyrtype'] };

export function GebyrTypeForm(p: {
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

  useFormensGem({
    hvilken: 'gebyrtype',
    gemmere: p.gemmere,
    gemRef,
    setKommandoer: p.setKommandoer,
    kommando: GEM_KOMMANDO,
  });

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
        <MaengdeInput
          art="beloeb"
          name="satsOere"
          label={timesats ? 'Sats pr. time (kr.)' : 'Beløb (kr.)'}
          required
          value={v.satsOere}
          error={form.errors.satsOere}
          onChange={(x) => form.set('satsOere', x)}
          visTolkning
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
