import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  KONTAKTPERSON_FELTER,
  type Kontaktperson,
  kontaktpersonFormSchema,
  type Virksomhed,
} from '../../../contract/virksomhed';
import { foersteFeltBesked } from '../../lib/http-fejl';
import { Button, SpinnerButton } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmModal';
import { useVersionedForm } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast';
import { afterChange, api, keys, saveFailure } from './api';
import type { Detalje } from './DetailFrame';
import { FeltInput } from './FeltInput';

type Vaerdier = Record<string, unknown>;

/** The company's contact persons: a compact table, and a dialog to add or change one. */
export function Kontaktpersoner({ d }: { d: Detalje }) {
  const { v, kanRette } = d;
  const [redigerer, setRedigerer] = useState<Kontaktperson | 'ny' | null>(null);
  const [fejl, setFejl] = useState<string | null>(null);
  const { confirm, confirmModal } = useConfirm();
  const client = useQueryClient();

  const slet = async (k: Kontaktperson) => {
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
      await api.sletKontakt(k.id, k.version);
      afterChange(client, v.id);
      toast.success(`${k.navn} er slettet`);
    } catch (err) {
      const f = saveFailure(err);
      if (f.kind === 'konflikt') setFejl(f.message);
      else if (f.kind === 'felter') {
        setFejl(foersteFeltBesked(f.body) ?? 'Kontaktpersonen kan ikke slettes');
      }
      afterChange(client, v.id);
    }
  };

  return (
    <div className="kp">
      {fejl && (
        <p className="form-alert" role="alert">
          {fejl}
        </p>
      )}
      {v.kontaktpersonListe.length === 0 ? (
        <p className="muted">Ingen kontaktpersoner.</p>
      ) : (
        <table className="vd-table">
          <thead>
            <tr>
              <th>Navn</th>
              <th>Rolle</th>
              <th>Telefon</th>
              <th>E-mail</th>
              {kanRette && <th className="actions">Handlinger</th>}
            </tr>
          </thead>
          <tbody>
            {v.kontaktpersonListe.map((k) => (
              <tr key={k.id}>
                <td>
                  {k.navn}
                  {v.basis.kontaktpersonId === k.id && <span className="vd-badge neutral">Betaler</span>}
                </td>
                <td>{k.rolle ?? ''}</td>
                <td>{k.telefon ? <a href={`tel:${k.telefon.replace(/\s/g, '')}`}>{k.telefon}</a> : ''}</td>
                <td>{k.email ? <a href={`mailto:${k.email}`}>{k.email}</a> : ''}</td>
                {kanRette && (
                  <td className="actions">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Ret ${k.navn}`}
                      title="Ret"
                      onClick={() => setRedigerer(k)}
                    >
                      <Pencil size={13} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Slet ${k.navn}`}
                      title="Slet"
                      onClick={() => void slet(k)}
                    >
                      <Trash2 size={13} aria-hidden="true" />
                    </button>
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
          d={d}
          v={v}
          kontakt={redigerer === 'ny' ? null : redigerer}
          onClose={() => setRedigerer(null)}
        />
      )}
      {confirmModal}
    </div>
  );
}

/** The dialog's values of a contact (a new one: empty). */
const kontaktVaerdier = (k: Kontaktperson | null): Vaerdier => ({
  navn: k?.navn ?? '',
  rolle: k?.rolle ?? null,
  telefon: k?.telefon ?? '',
  email: k?.email ?? '',
});

function KontaktDialog({
  d,
  v,
  kontakt,
  onClose,
}: {
  d: Detalje;
  v: Virksomhed;
  kontakt: Kontaktperson | null;
  onClose(): void;
}) {
  const client = useQueryClient();
  const vf = useVersionedForm<Vaerdier, Kontaktperson>({
    identitet: `kontakt:${kontakt?.id ?? 'ny'}@virksomhed:${v.id}`,
    schema: kontaktpersonFormSchema,
    record: kontakt ?? undefined,
    version: kontakt?.version,
    vaerdierAf: kontaktVaerdier,
    nye: () => kontaktVaerdier(null),
    kanRette: d.kanRette,
    gem: (data, k) =>
      k ? api.retKontakt(k.id, { ...data, version: k.version }) : api.opretKontakt(v.id, data),
    fejl: saveFailure,
    onGemt: async (saved) => {
      afterChange(client, v.id);
      await client.invalidateQueries({ queryKey: keys.virksomhed(v.id), exact: true });
      toast.success(`${saved.navn} er gemt`);
      onClose();
    },
  });
  const { form, konflikt } = vf;
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
        <>
          <Button color="secondary" onClick={onClose}>
            Fortryd
          </Button>
          <SpinnerButton loading={busy} loadingText="Gemmer …" onClick={() => gem()}>
            Gem
          </SpinnerButton>
        </>
      }
    >
      <form ref={form.ref} onSubmit={gem} noValidate className="form-grid kp-form">
        {konflikt && (
          <p className="form-alert wide" role="alert">
            {konflikt}
          </p>
        )}
        {KONTAKTPERSON_FELTER.map((f) => (
          <FeltInput
            key={f.navn}
            felt={f}
            ctx={d.ctx}
            value={form.values[f.navn]}
            error={form.errors[f.navn]}
            onChange={(x) => form.set(f.navn, x)}
          />
        ))}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
