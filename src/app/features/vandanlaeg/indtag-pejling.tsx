import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { formatDato, formatTal2 } from '../../../contract/format';
import type { PejlingPost } from '../../../contract/validering';
import { PEJLE_SITUATION, pejlingEndpoints, situationTekst } from '../../../contract/vand-data';
import { saveFailure } from '../../records/api';
import { http } from '../../session/runtime';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { DateInput, NumberInput, RadioGroup, TextInput, useVersionedForm } from '../../ui/form';
import { feltProps } from '../../ui/form/felt-props';
import { IconButton } from '../../ui/IconButton';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { useTileDirty } from '../../workspace/tile-api';
import { ValideringStatus } from './maengder-form';
import { efterAendring, type IndtagListeProps, usePejlinger, useValgtMedFokus } from './vand-data-api';
import { KonfliktTekst, sletEfterSpoergsmaal, tekstEllerNull } from './vand-form';

type V = {
  pejletidspunkt: string | null;
  vandstandUnderTerraen: number | null;
  grundvandskote: number | null;
  situation: number | null;
  pejlemetode: string;
  bemaerkning: string;
};
const schema = z
  .object({
    pejletidspunkt: z.string({ error: 'Feltet er påkrævet' }),
    vandstandUnderTerraen: z
      .number({ error: 'Feltet er påkrævet' })
      .refine(Number.isFinite, 'Skal være et tal'),
    grundvandskote: z.number().refine(Number.isFinite, 'Skal være et tal').nullable(),
  })
  .loose();

const SITUATIONER = [
  { value: PEJLE_SITUATION.I_RO as number | null, label: situationTekst(PEJLE_SITUATION.I_RO) },
  { value: PEJLE_SITUATION.I_DRIFT as number | null, label: situationTekst(PEJLE_SITUATION.I_DRIFT) },
  { value: null, label: situationTekst(null) },
];

const vaerdierAf = (p: PejlingPost): V => ({
  pejletidspunkt: p.pejletidspunkt.slice(0, 10),
  vandstandUnderTerraen: p.vandstandUnderTerraen,
  grundvandskote: p.grundvandskote,
  situation: p.situation,
  pejlemetode: p.pejlemetode ?? '',
  bemaerkning: p.bemaerkning ?? '',
});

/** The water-level readings of an intake (Pejling/list?AnonymId) with a form to add or change one. */
export function Pejlinger({ anlaegId, indtagId, kanRette, fokusId }: IndtagListeProps) {
  const q = usePejlinger(anlaegId, indtagId);
  const rows = q.data?.items ?? [];
  // The queue's reading, opened once when it is in the list.
  const [valgt, setValgt] = useValgtMedFokus(fokusId, q.data?.items);
  const valgtPejling = typeof valgt === 'number' ? (rows.find((p) => p.id === valgt) ?? null) : null;
  return (
    <section className="wd-sektion">
      <div className="wd-hoved">
        <h3>Pejlinger</h3>
        {kanRette && (
          <Button size="small" color="secondary" onClick={() => setValgt('ny')}>
            <Plus size={13} aria-hidden="true" /> Ny pejling
          </Button>
        )}
      </div>
      {q.isLoading ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="muted">Ingen pejlinger.</p>
      ) : (
        <table className="wd-table">
          <thead>
            <tr>
              <th>Tidspunkt</th>
              <th className="num">Vandstand (m u.t.)</th>
              <th className="num">Kote (m)</th>
              <th>Situation</th>
              <th>Validering</th>
              <th className="actions">Ret</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} className={p.id === valgt ? 'wd-valgt' : undefined}>
                <td>{formatDato(p.pejletidspunkt)}</td>
                <td className="num">{formatTal2(p.vandstandUnderTerraen)}</td>
                <td className="num">{formatTal2(p.grundvandskote)}</td>
                <td>{situationTekst(p.situation)}</td>
                <td>
                  <ValideringStatus p={p} />
                </td>
                <td className="actions">
                  <IconButton
                    icon={Pencil}
                    label={`${kanRette ? 'Ret' : 'Vis'} pejlingen ${formatDato(p.pejletidspunkt)}`}
                    onClick={() => setValgt(p.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(valgt === 'ny' || valgtPejling) && (
        <PejlingForm
          anlaegId={anlaegId}
          indtagId={indtagId}
          pejling={valgtPejling}
          kanRette={kanRette}
          onFaerdig={() => setValgt(null)}
        />
      )}
    </section>
  );
}

function PejlingForm({
  anlaegId,
  indtagId,
  pejling,
  kanRette,
  onFaerdig,
}: {
  anlaegId: number;
  indtagId: number;
  pejling: PejlingPost | null;
  kanRette: boolean;
  onFaerdig(): void;
}) {
  const client = useQueryClient();
  const { confirm, confirmModal } = useConfirm();
  const vf = useVersionedForm<V, PejlingPost>({
    identitet: `pejling:${pejling?.id ?? 'ny'}@${indtagId}`,
    ny: pejling == null,
    schema,
    record: pejling ?? undefined,
    version: pejling?.version,
    vaerdierAf,
    nye: () => ({
      pejletidspunkt: null,
      vandstandUnderTerraen: null,
      grundvandskote: null,
      situation: null,
      pejlemetode: '',
      bemaerkning: '',
    }),
    kanRette,
    gem: (v, p) => {
      const body = {
        indtagId,
        pejletidspunkt: v.pejletidspunkt ?? '',
        vandstandUnderTerraen: v.vandstandUnderTerraen ?? 0,
        grundvandskote: v.grundvandskote,
        situation: v.situation,
        pejlemetode: tekstEllerNull(v.pejlemetode),
        bemaerkning: tekstEllerNull(v.bemaerkning),
      };
      return p
        ? http.call(pejlingEndpoints.ret, {
            params: { id: p.id },
            body: { ...body, version: p.version },
            silent: true,
          })
        : http.call(pejlingEndpoints.opret, { body, silent: true });
    },
    fejl: saveFailure,
    onGemt: () => {
      efterAendring(client, anlaegId);
      toast.success('Pejlingen er gemt og afventer validering');
      onFaerdig();
    },
  });
  const { form } = vf;
  useTileDirty(kanRette && form.dirty, form.reset);
  const laast = !kanRette;
  const felt = feltProps(form, laast);
  const gem = (e?: FormEvent) => {
    e?.preventDefault();
    void vf.gem();
  };
  const slet = async () => {
    if (!pejling) return;
    await sletEfterSpoergsmaal({
      confirm,
      vf,
      client,
      anlaegId,
      besked: `Pejlingen ${formatDato(pejling.pejletidspunkt)} slettes.`,
      kald: () =>
        http.call(pejlingEndpoints.slet, {
          params: { id: pejling.id },
          query: { version: pejling.version },
          silent: true,
        }),
      slettet: 'Pejlingen er slettet',
      onSlettet: onFaerdig,
    });
  };
  return (
    <form ref={form.ref} onSubmit={gem} noValidate className="form-grid wd-form" aria-label="Pejling">
      <KonfliktTekst vf={vf} />
      <DateInput {...felt('pejletidspunkt')} label="Pejledato" required />
      <NumberInput {...felt('vandstandUnderTerraen')} label="Vandstand under terræn" unit="m" required />
      <NumberInput
        {...felt('grundvandskote')}
        label="Grundvandskote"
        unit="m"
        hint="Tom: beregnes af boringens terrænkote"
      />
      <RadioGroup {...felt('situation')} label="Situation" options={SITUATIONER} />
      <TextInput {...felt.udenBesked('pejlemetode')} label="Pejlemetode" maxLength={200} />
      <TextInput {...felt.udenBesked('bemaerkning')} label="Bemærkning" maxLength={4000} />
      <div className="wide wd-knapper">
        {kanRette && (
          <SpinnerButton type="submit" loading={vf.busy === 'gem'} loadingText="Gemmer …">
            Gem pejling
          </SpinnerButton>
        )}
        <Button color="secondary" onClick={onFaerdig}>
          Luk
        </Button>
        {kanRette && pejling && (
          <Button color="danger" onClick={() => void slet()}>
            <Trash2 size={13} aria-hidden="true" /> Slet
          </Button>
        )}
      </div>
      {confirmModal}
    </form>
  );
}
