import type { QueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { z } from 'zod';
import { Button, SpinnerButton } from '../../ui/Button';
import type { ConfirmOptions } from '../../ui/ConfirmModal';
import type { VersionedForm } from '../../ui/form';
import { toast } from '../../ui/toast';
import { efterAendring } from './vand-data-api';

/** What the water-data forms share: optional numbers, optional texts, the conflict text, the buttons, deleting. */

/** An optional number field. */
export const talEllerTom = z
  .number({ error: 'Skal være et tal' })
  .refine(Number.isFinite, 'Skal være et tal')
  .nullable();

/** An optional text as the server takes it: blank is null. */
export const tekstEllerNull = (s: string) => (s.trim() === '' ? null : s);

export { KonfliktTekst } from '../../ui/form/KladdeBesked';

/** A form's buttons while it may be changed: save, undo (when changed), reload (on conflict), delete. */
export function FormKnapper<T extends Record<string, unknown>>({
  vf,
  gemTekst,
  sletTekst,
  onSlet,
}: {
  vf: VersionedForm<T>;
  gemTekst: string;
  sletTekst: string;
  /** Absent for a new entry (nothing to delete). */
  onSlet?: () => void;
}) {
  return (
    <div className="wide wd-knapper">
      <SpinnerButton type="submit" loading={vf.busy === 'gem'} loadingText="Gemmer …">
        {gemTekst}
      </SpinnerButton>
      {vf.form.dirty && (
        <Button color="secondary" onClick={vf.fortryd}>
          Fortryd
        </Button>
      )}
      {vf.konflikt && (
        <Button color="secondary" onClick={() => void vf.genindlaes()}>
          Genindlæs
        </Button>
      )}
      {onSlet && (
        <Button color="danger" onClick={onSlet}>
          <Trash2 size={13} aria-hidden="true" /> {sletTekst}
        </Button>
      )}
    </div>
  );
}

/**
 * Deletes an entry of the plant's water data after asking: the call, then the plant's water data
 * refreshed, the message shown and the form told.
 */
export async function sletEfterSpoergsmaal(o: {
  confirm(opts: ConfirmOptions): Promise<boolean>;
  vf: Pick<VersionedForm<Record<string, unknown>>, 'koer'>;
  client: QueryClient;
  anlaegId: number;
  /** What the question says is deleted. */
  besked: string;
  kald(): Promise<unknown>;
  /** The message after the delete. */
  slettet: string;
  onSlettet(): void;
}): Promise<void> {
  const ok = await o.confirm({
    title: 'Er du sikker?',
    message: o.besked,
    confirmLabel: 'Slet',
    confirmColor: 'danger',
  });
  if (!ok) return;
  await o.vf.koer('slet', async () => {
    await o.kald();
    efterAendring(o.client, o.anlaegId);
    toast.success(o.slettet);
    o.onSlettet();
  });
}
