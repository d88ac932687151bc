import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  hentKontaktpersoner,
  type Kontaktperson,
  kontaktFelter,
  kontaktpersonFormSchema,
  opretKontaktperson,
  retKontaktperson,
  sletKontaktperson,
} from '../../contract/virksomhed';
import { foersteFeltBesked } from '../lib/http-fejl';
import { http } from '../session/runtime';
import { Button } from '../ui/Button';
import { useConfirm } from '../ui/ConfirmModal';
import { useVersionedForm } from '../ui/form';
import { KonfliktTekst } from '../ui/form/KladdeBesked';
import { IconButton } from '../ui/IconButton';
import { Modal } from '../ui/Modal';
import { FortrydOgHandling } from '../ui/ModalFod';
import { toast } from '../ui/toast';
import { saveFailure } from './api';
import type { FeltKontekst } from './FeltInput';
import { FormFelter } from './FormFelter';

type Vaerdier = Record<string, unknown>;

/** A contact as the list shows it; a water plant's carries its id in Jupiter. */
export type KontaktRaekke = Kontaktperson & { jupiterKontaktpersonId?: string | null };

/** The contact calls; each answers 400/409 to the form itself (silent). */
export const kontaktApi = {
  liste: (ejerId: number, signal?: AbortSignal) =>
    http.call(hentKontaktpersoner, { params: { id: ejerId }, signal }),
  opret: (ejerId: number, body: Record<string, unknown>) =>
    http.call(opretKontaktperson, { params: { id: ejerId }, body, silent: true }),
  ret: (kontaktId: number, body: Record<string, unknown>) =>
    http.call(retKontaktperson, { params: { id: kontaktId }, body, silent: true }),
  slet: (kontaktId: number, version: number) =>
    http.call(sletKontaktperson, { params: { id: kontaktId }, query: { version }, silent: true }),
};

/**
 * The live contacts of an owner with their versions (GET virksomhed/{id}/kontaktperson), under the
 * owner's own query key so that invalidating the owner reloads them.
 */
export function useKontaktpersonListe(queryKey: readonly unknown[], ejerId: number, enabled = true) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => kontaktApi.liste(ejerId, signal),
    staleTime: 30_000,
    enabled,
  });
}

export interface KontaktpersonerProps {
  /** The owner: a company, farm or water plant (its type picks the contact-type list). */
  ejer: { id: number; type: number };
  kontakter: readonly KontaktRaekke[];
  kanRette: boolean;
  /** What the dialog's fields need (customer, owner, known names). */
  ctx: FeltKontekst;
  /** The contact that pays the user fee (a company's), marked in the list. */
  betalerId?: number | null;
  /** Show the contacts' Jupiter ids (water plants). */
  visJupiterId?: boolean;
  /** After a change (or a failed one): the owner's queries are stale. */
  onAendret(): Promise<unknown>;
}

/** An owner's contact persons: a compact table, and a dialog to add or change one. */
export function Kontaktpersoner(props: KontaktpersonerProps) {
  const { ejer, kontakter, kanRette, betalerId, visJupiterId, onAendret } = props;
  const felter = kontaktFelter(ejer.type);
  const rolleLabel = felter.find((f) => f.navn === 'rolle')?.label ?? 'Rolle';
  const [redigerer, setRedigerer] = useState<KontaktRaekke | 'ny' | null>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const { confirm, confirmModal } = useConfirm();

  const slet = async (k: KontaktRaekke) => {
    setFejl(null);
    if (
      !(await confirm({
        title: 'Er du sikker?',
        message: `Kontaktpersonen ${k.navn} slettes.`,
        confirmLabel: 'Slet',
        confirmColor: 'danger',
      }))
    )
      return;
    try {
      await kontaktApi.slet(k.id, k.version);
      void onAendret();
      toast.success(`${k.navn} er slettet`);
    } catch (err) {
      const f = saveFailure(err);
      if (f.kind === 'konflikt') setFejl(f.message);
      else if (f.kind === 'felter') {
        setFejl(foersteFeltBesked(f.body) ?? 'Kontaktpersonen kan ikke slettes');
      }
      void onAendret();
    }
  };

  return (
    <div className="kp">
      {fejl && (
        <p className="form-alert" role="alert">
          {fejl}
        </p>
      )}
      {kontakter.length === 0 ? (
        <p className="muted">Ingen kontaktpersoner.</p>
      ) : (
        <table className="vd-table" aria-label="Kontaktpersoner">
          <thead>
            <tr>
              <th>Navn</th>
              <th>{rolleLabel}</th>
              <th>Telefon</th>
              <th>E-mail</th>
              {visJupiterId && <th>Jupiter-id</th>}
              {kanRette && <th className="actions">Handlinger</th>}
            </tr>
          </thead>
          <tbody>
            {kontakter.map((k) => (
              <tr key={k.id}>
                <td>
                  {k.navn}
                  {betalerId === k.id && <span className="vd-badge neutral">Betaler</span>}
                </td>
                <td>{k.rolle ?? ''}</td>
                <td>{k.telefon ? <a href={`tel:${k.telefon.replace(/\s/g, '')}`}>{k.telefon}</a> : ''}</td>
                <td>{k.email ? <a href={`mailto:${k.email}`}>{k.email}</a> : ''}</td>
                {visJupiterId && <td>{k.jupiterKontaktpersonId ?? ''}</td>}
                {kanRette && (
                  <td className="actions">
                    <IconButton
                      icon={Pencil}
                      label={`Ret ${k.navn}`}
                      title="Ret"
                      onClick={() => setRedigerer(k)}
                    />
                    <IconButton
                      icon={Trash2}
                      label={`Slet ${k.navn}`}
                      title="Slet"
                      onClick={() => void slet(k)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {kanRette && (
        <Button size="small" color="secondary" onClick={() => setRedigerer('ny')}>
          <Plus size={13} aria-hidden="true" />
          Ny kontaktperson
        </Button>
      )}
      {redigerer && (
        <KontaktDialog
          {...props}
          kontakt={redigerer === 'ny' ? null : redigerer}
          onClose={() => setRedigerer(null)}
        />
      )}
      {confirmModal}
    </div>
  );
}

/** The dialog's values of a contact (a new one: empty). */
const kontaktVaerdier = (k: KontaktRaekke | null): Vaerdier => ({
  navn: k?.navn ?? '',
  rolle: k?.rolle ?? null,
  telefon: k?.telefon ?? '',
  email: k?.email ?? '',
});

function KontaktDialog({
  ejer,
  kanRette,
  ctx,
  onAendret,
  kontakt,
  onClose,
}: KontaktpersonerProps & { kontakt: KontaktRaekke | null; onClose(): void }) {
  const vf = useVersionedForm<Vaerdier, Kontaktperson>({
    identitet: `kontakt:${kontakt?.id ?? 'ny'}@ejer:${ejer.id}`,
    ny: kontakt == null,
    schema: kontaktpersonFormSchema,
    record: kontakt ?? undefined,
    version: kontakt?.version,
    vaerdierAf: kontaktVaerdier,
    nye: () => kontaktVaerdier(null),
    kanRette,
    gem: (data, k) =>
      k ? kontaktApi.ret(k.id, { ...data, version: k.version }) : kontaktApi.opret(ejer.id, data),
    fejl: saveFailure,
    onGemt: async (saved) => {
      await onAendret();
      toast.success(`${saved.navn} er gemt`);
      onClose();
    },
  });
  const { form } = vf;
  const busy = vf.busy !== null;
  const gem = (e?: FormEvent) => {
    e?.preventDefault();
    void vf.gem();
  };

  return (
    <Modal
      open
      title={kontakt ? `Ret kontaktperson` : 'Ny kontaktperson'}
      onClose={onClose}
      size="medium"
      footer={
        <FortrydOgHandling onFortryd={onClose} loading={busy} loadingText="Gemmer …" onHandling={() => gem()}>
          Gem
        </FortrydOgHandling>
      }
    >
      <form ref={form.ref} onSubmit={gem} noValidate className="form-grid kp-form">
        <KonfliktTekst vf={vf} />
        <FormFelter felter={kontaktFelter(ejer.type)} form={form} ctx={ctx} />
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
