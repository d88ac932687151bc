import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { type Boring, boringEndpoints } from '../../../contract/vand-data';
import { saveFailure } from '../../records/api';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { DateInput, NumberInput, TextInput, useVersionedForm } from '../../ui/form';
import { feltProps, raekkeFelter } from '../../ui/form/felt-props';
import { IconButton } from '../../ui/IconButton';
import { toast } from '../../ui/toast';
import { useTile } from '../../workspace/tile-api';
import { efterAendring } from './vand-data-api';
import { FormKnapper, KonfliktTekst, sletEfterSpoergsmaal, talEllerTom } from './vand-form';

interface IndtagV {
  key: string;
  id?: number;
  indtagsnr: number | null;
  jupiterId: string;
  filterTop: number | null;
  filterBund: number | null;
  antalMaengder: number;
}
type V = {
  dguNr: string;
  navn: string;
  terraenkote: number | null;
  dybde: number | null;
  boreDato: string | null;
  indtag: IndtagV[];
};

const schema = z
  .object({
    dguNr: z.string().trim().min(1, 'Feltet er påkrævet'),
    terraenkote: talEllerTom,
    dybde: talEllerTom,
    indtag: z.array(
      z
        .object({
          indtagsnr: z
            .number({ error: 'Feltet er påkrævet' })
            .int('Skal være et helt tal')
            .min(1, 'Mindst 1'),
          filterTop: talEllerTom,
          filterBund: talEllerTom,
        })
        .loose(),
    ),
  })
  .loose();

let n = 0;
const vaerdierAf = (b: Boring): V => ({
  dguNr: b.dguNr,
  navn: b.navn ?? '',
  terraenkote: b.terraenkote,
  dybde: b.dybde,
  boreDato: b.boreDato,
  indtag: b.indtag.map((i) => ({
    key: `id${i.id}`,
    id: i.id,
    indtagsnr: i.indtagsnr,
    jupiterId: i.jupiterId ?? '',
    filterTop: i.filterTop,
    filterBund: i.filterBund,
    antalMaengder: i.antalMaengder,
  })),
});
const nye = (): V => ({
  dguNr: '',
  navn: '',
  terraenkote: null,
  dybde: null,
  boreDato: null,
  indtag: [
    { key: `n${++n}`, indtagsnr: 1, jupiterId: '', filterTop: null, filterBund: null, antalMaengder: 0 },
  ],
});
const tom = (s: string) => (s.trim() === '' ? null : s.trim());

/** The form of a borehole with its intakes (saved together: POST Boring / PUT Boring/{id}). */
export function BoringForm({
  anlaegId,
  boring,
  kanRette,
  onGemt,
  onSlettet,
}: {
  anlaegId: number;
  boring: Boring | null;
  kanRette: boolean;
  onGemt(b: Boring): void;
  onSlettet(): void;
}) {
  const client = useQueryClient();
  const { confirm, confirmModal } = useConfirm();
  const { setDirty } = useTile();
  const vf = useVersionedForm<V, Boring>({
    identitet: `boring:${boring?.id ?? 'ny'}@${anlaegId}`,
    ny: boring == null,
    schema,
    record: boring ?? undefined,
    version: boring?.version,
    vaerdierAf,
    nye,
    kanRette,
    // The form tells the tile's guard itself, so the guard sees a clean form before onGemt navigates
    // to the new borehole's address (no 'unsaved changes' question after a save).
    vagt: setDirty,
    gem: (v, b) => {
      const body = {
        virksomhedId: anlaegId,
        dguNr: v.dguNr.trim(),
        navn: tom(v.navn),
        terraenkote: v.terraenkote,
        dybde: v.dybde,
        boreDato: v.boreDato,
        indtag: v.indtag.map((i) => ({
          ...(i.id === undefined ? {} : { id: i.id }),
          indtagsnr: i.indtagsnr ?? 0,
          jupiterId: tom(i.jupiterId),
          filterTop: i.filterTop,
          filterBund: i.filterBund,
        })),
      };
      return b
        ? http.call(boringEndpoints.ret, {
            params: { id: b.id },
            body: { ...body, version: b.version },
            silent: true,
          })
        : http.call(boringEndpoints.opret, { body, silent: true });
    },
    fejl: saveFailure,
    onGemt: (b) => {
      efterAendring(client, anlaegId);
      toast.success(`Boring ${b.dguNr} er gemt`);
      onGemt(b);
    },
  });
  const { form } = vf;
  const v = form.values;
  const laast = !kanRette;
  const felt = feltProps(form, laast);

  const indtag = raekkeFelter(form, 'indtag', laast);
  const naesteNr = Math.max(0, ...v.indtag.map((i) => i.indtagsnr ?? 0)) + 1;

  const slet = async () => {
    if (!boring) return;
    await sletEfterSpoergsmaal({
      confirm,
      vf,
      client,
      anlaegId,
      besked: `Boring ${boring.dguNr} og dens ${boring.indtag.length} indtag slettes.`,
      kald: () =>
        http.call(boringEndpoints.slet, {
          params: { id: boring.id },
          query: { virksomhedId: anlaegId, version: boring.version },
          silent: true,
        }),
      slettet: `Boring ${boring.dguNr} er slettet`,
      onSlettet,
    });
  };
  const fejlUdenFelt = Object.entries(form.errors).filter(
    ([k]) => !['dguNr', 'terraenkote', 'dybde', 'boreDato', 'navn'].includes(k) && !k.startsWith('indtag.'),
  );
  const gem = (e?: FormEvent) => {
    e?.preventDefault();
    void vf.gem();
  };

  return (
    <form ref={form.ref} onSubmit={gem} noValidate className="form-grid wd-form" aria-label="Boring">
      <KonfliktTekst vf={vf} />
      {fejlUdenFelt.length > 0 && (
        <p className="form-alert wide" role="alert">
          {fejlUdenFelt.map(([, m]) => m).join(' ')}
        </p>
      )}
      <TextInput {...felt('dguNr')} label="DGU-nr." required maxLength={40} />
      <TextInput {...felt('navn')} label="Navn" maxLength={200} />
      <NumberInput {...felt('terraenkote')} label="Terrænkote" unit="m" />
      <NumberInput {...felt('dybde')} label="Dybde" unit="m" />
      <DateInput {...felt('boreDato')} label="Boredato" />
      <fieldset className="wide wd-linjer">
        <legend>Indtag</legend>
        {v.indtag.length === 0 ? (
          <p className="muted">Ingen indtag.</p>
        ) : (
          <table className="wd-table">
            <thead>
              <tr>
                <th>Indtagsnr.</th>
                <th>Jupiter-id</th>
                <th>Filtertop (m u.t.)</th>
                <th>Filterbund (m u.t.)</th>
                {!laast && <th className="actions">Fjern</th>}
              </tr>
            </thead>
            <tbody>
              {v.indtag.map((i, k) => (
                <tr key={i.key}>
                  <td>
                    <NumberInput
                      {...indtag.felt(k, 'indtagsnr')}
                      label={<span className="sr-only-wd">Indtagsnr., række {k + 1}</span>}
                    />
                  </td>
                  <td>
                    <TextInput
                      name={`indtag.${k}.jupiterId`}
                      label={<span className="sr-only-wd">Jupiter-id, række {k + 1}</span>}
                      value={i.jupiterId}
                      onChange={(x) => indtag.saet(k, { jupiterId: x })}
                      maxLength={40}
                      disabled={laast}
                    />
                  </td>
                  <td>
                    <NumberInput
                      {...indtag.felt(k, 'filterTop')}
                      label={<span className="sr-only-wd">Filtertop, række {k + 1}</span>}
                    />
                  </td>
                  <td>
                    <NumberInput
                      {...indtag.felt(k, 'filterBund')}
                      label={<span className="sr-only-wd">Filterbund, række {k + 1}</span>}
                    />
                  </td>
                  {!laast && (
                    <td className="actions">
                      <IconButton
                        icon={Trash2}
                        label={`Fjern indtag ${i.indtagsnr ?? ''}`}
                        title={
                          i.antalMaengder > 0
                            ? 'Indtaget har indberettede vandmængder og kan ikke fjernes'
                            : 'Fjern indtaget'
                        }
                        disabled={i.antalMaengder > 0}
                        onClick={() => indtag.fjern(k)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {!laast && (
          <Button
            size="small"
            color="secondary"
            onClick={() =>
              form.set('indtag', [
                ...v.indtag,
                {
                  key: `n${++n}`,
                  indtagsnr: naesteNr,
                  jupiterId: '',
                  filterTop: null,
                  filterBund: null,
                  antalMaengder: 0,
                },
              ])
            }
          >
            <Plus size={13} aria-hidden="true" /> Tilføj indtag
          </Button>
        )}
      </fieldset>
      {kanRette && (
        <FormKnapper
          vf={vf}
          gemTekst="Gem boring"
          sletTekst="Slet boring"
          onSlet={boring ? () => void slet() : undefined}
        />
      )}
      {confirmModal}
    </form>
  );
}
