import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { Undo2 } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { createKoeMachine, type Meddelelse } from '../../../../machines/koe';
import { fortrydBeslutning, type ValideringArt } from '../../../contract/validering';
import { platformKey, shortcutLabel } from '../../lib/keyboard';
import { http } from '../../session/runtime';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { medDanskFejl } from './api';
import type { KoeKonfig, KoePost } from './KoeView';

/** The undo toast stays a little longer than the default 5 s, to be reached for; Ctrl+Z works after it. */
const FORTRYD_TOAST_MS = 10_000;
export const FORTRYD_TAST = 'mod+z';

/** Takes decided entries out of the cached queue at once, so the table never shows them as pending. */
function fjernFraKoe(qc: QueryClient, art: ValideringArt, ids: ReadonlySet<number>) {
  qc.setQueriesData<{ totalCount: number; items: KoePost[] }>(
    { queryKey: ['validering', art, 'koe'] },
    (side) => {
      if (!side) return side;
      const items = side.items.filter((r) => !ids.has(r.id));
      return { totalCount: side.totalCount - (side.items.length - items.length), items };
    },
  );
}

/** A toast of the queue; a decision's toast carries 'Fortryd' for exactly that decision. */
function visMeddelelse(m: Meddelelse, fortryd: (noegle: number) => void) {
  const noegle = m.fortryd;
  if (noegle === null) {
    toast(m.tekst, { type: m.type });
    return;
  }
  const genvej = shortcutLabel(platformKey(FORTRYD_TAST));
  let id = 0;
  const indhold = (
    <span className="vl-toast">
      <span>{m.tekst}</span>
      <Button
        size="x-small"
        color="secondary"
        className="vl-toast-fortryd"
        title={`Fortryd beslutningen (${genvej})`}
        onClick={() => {
          toast.dismiss(id);
          fortryd(noegle);
        }}
      >
        <Undo2 size={12} aria-hidden /> Fortryd
      </Button>
    </span>
  );
  id = toast(indhold, { type: m.type, duration: FORTRYD_TOAST_MS });
}

/**
 * The queue's machine (machines/koe.ts) in one customer, with its side effects: the calls (failures
 * of decisions and undos are shown by the queue itself: silent, in Danish), the toasts, and the
 * cached queue. The caller keys the component on the customer, so a switch starts a new machine.
 */
export function useKoeMaskine<T extends KoePost>(
  konfig: KoeKonfig<T>,
  kundeId: number,
  maaBeslutte: boolean,
  gridRef: RefObject<HTMLTableElement | null>,
) {
  const qc = useQueryClient();
  const { endpoints } = konfig;
  const art = endpoints.art;
  // The toasts' 'Fortryd' buttons reach the machine through this (it exists once the actor does).
  const fortrydRef = useRef<(noegle: number) => void>(() => {});
  const [machine] = useState(() =>
    createKoeMachine({
      decide: ({ kundeId: kunde, handling, poster }) =>
        medDanskFejl(
          http.call(handling === 'godkend' ? endpoints.godkend : endpoints.forkast, {
            params: { kundeId: kunde },
            body: { poster },
            silent: true,
          }),
        ),
      undo: ({ poster }) =>
        medDanskFejl(http.call(fortrydBeslutning, { body: { art, poster }, silent: true })),
      ...(endpoints.median
        ? {
            median: ({ kundeId: kunde, ids }) =>
              http.call(endpoints.median!, { params: { kundeId: kunde }, body: { ids } }),
          }
        : {}),
      meddel: (m) => visMeddelelse(m, (noegle) => fortrydRef.current(noegle)),
      fjern: (ids) => fjernFraKoe(qc, art, new Set(ids)),
      opdater: () => void qc.invalidateQueries({ queryKey: ['validering', art] }),
    }),
  );
  const actor = useActorRef(machine, {
    input: {
      kundeId,
      maaBeslutte,
      medianTest: endpoints.median !== undefined,
      enhed: konfig.enhed,
      fortrydGenvej: shortcutLabel(platformKey(FORTRYD_TAST)),
    },
  });
  fortrydRef.current = (noegle) => {
    // The toast's button had the focus and is gone: the keyboard goes back to the queue.
    gridRef.current?.focus();
    actor.send({ type: 'FORTRYD', noegle });
  };
  return actor;
}
