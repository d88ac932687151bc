import type { Handling, Post } from '../../../../machines/godkend-forkast';
import {
  bekraeftTekst,
  type Enhed,
  type Holder,
  holdtIValgTekst,
  spoergsmaalTekst,
} from '../../../../machines/koe';
import { ConfirmModal } from '../../ui/ConfirmModal';

/** The confirm question of a bulk action; the confirm button has focus, so G then Enter decides. */
export function KoeBekraeft({
  aaben,
  handling,
  poster,
  holdere,
  enhed,
  onConfirm,
  onCancel,
}: {
  aaben: boolean;
  handling: Handling | null;
  poster: readonly Post[];
  holdere: ReadonlyMap<number, readonly Holder[]>;
  enhed: Enhed;
  onConfirm(): void;
  onCancel(): void;
}) {
  const holdtTekst = aaben ? holdtIValgTekst(holdere, poster) : null;
  return (
    <ConfirmModal
      open={aaben}
      title={handling === 'forkast' ? 'Forkast valgte' : 'Godkend valgte'}
      message={
        <>
          <p>{bekraeftTekst(handling, poster.length, enhed)}</p>
          {holdtTekst && (
            <p className="vl-naervaer-advarsel" data-testid="holdt-i-valg">
              {holdtTekst}
            </p>
          )}
        </>
      }
      confirmLabel={handling === 'forkast' ? 'Forkast' : 'Godkend'}
      confirmColor={handling === 'forkast' ? 'danger' : 'primary'}
      fokus="bekraeft"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** An entry another validator stands on: asked first, 'Fortryd' focused (a question not asked for). */
export function KoeHoldtSpoergsmaal({
  spoergsmaal,
  onConfirm,
  onCancel,
}: {
  spoergsmaal: { handling: Handling; hos: readonly Holder[] } | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <ConfirmModal
      open={spoergsmaal !== null}
      testId="holdt-spoergsmaal"
      title="Posten er åben hos en kollega"
      message={spoergsmaal && <p>{spoergsmaalTekst(spoergsmaal)}</p>}
      confirmLabel={spoergsmaal?.handling === 'forkast' ? 'Forkast alligevel' : 'Godkend alligevel'}
      confirmColor={spoergsmaal?.handling === 'forkast' ? 'danger' : 'primary'}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
