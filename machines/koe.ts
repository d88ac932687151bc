/**
 * A validation queue's flow (src/app/features/validering/KoeView.tsx renders it): the median test,
 * the decisions with their questions and outcome texts, and undo, in one customer.
 *
 * The decisions themselves are the godkend/forkast machine (machines/godkend-forkast.ts), run as the
 * child `beslutning`: the selection, the keyboard cursor, bulk confirmation, one call in flight and
 * the undo list stay there. This machine adds what a queue needs around it:
 *
 *   beslutning: klar ──GODKEND/FORKAST (one entry a colleague stands on)──> spoerger
 *                 │   └─GODKEND/FORKAST (else)── the selection, or the cursor's entry, to the child
 *                 └── CONFIRM/CANCEL of a bulk decision go to the child while it asks
 *               spoerger ──CONFIRM──> klar, deciding (checked again: the child may be busy now)
 *                        └─CANCEL──> klar
 *   median:     hvile ──MEDIANTEST (entries shown)──> koerer ──done / error──> hvile
 *
 * GODKEND and FORKAST are refused without the right to decide, while the child confirms, submits or
 * undoes, while the question is open, and with no selection and no cursor on a loaded entry. After a
 * failed decision a new G or F starts over with the same selection. MEDIANTEST is refused while one
 * runs and with nothing shown. FORTRYD undoes through the child when it can; otherwise it says why
 * (a toast's 'Fortryd' after the window, or Ctrl+Z with nothing to undo).
 *
 * The customer is the input's, for the median test and every decision: a customer switch starts a
 * new machine (the view keys it on the customer), so nothing is decided in the previous one.
 *
 * Side effects are injected: the actors `median` (POST .../Median) and the child's `decide` and
 * `undo`; the actions `meddel` (a toast, with a 'Fortryd' button for a decision that can be undone),
 * `fjern` (take decided entries out of the shown queue at once) and `opdater` (refresh the queue and
 * its history). The banner (`besked`) and the questions are context for the view to render.
 */
import {
  type ActorRefFrom,
  and,
  assign,
  enqueueActions,
  forwardTo,
  fromPromise,
  sendParent,
  setup,
} from 'xstate';
import { antalMed } from '../src/contract/format';
import {
  type BeslutningSvarMedVersioner,
  FORTRYD_VINDUE_MINUTTER,
  type FortrydSvar,
  type MedianResultat,
} from '../src/contract/validering';
import {
  alleredeBehandletTekst,
  type DecideInput,
  type Fortrydelig,
  type GodkendForkastEvent,
  godkendForkastMachine,
  type Handling,
  type Post,
  type UndoInput,
} from './godkend-forkast';

/** A colleague whose cursor is on an entry (presence): the questions name them. */
export interface Holder {
  navn: string;
}

/** The banner above the queue. */
export interface Besked {
  tekst: string;
  type: 'ok' | 'advarsel' | 'fejl';
}

/** A toast; `fortryd` names the decision its 'Fortryd' button undoes (null: no button). */
export interface Meddelelse {
  tekst: string;
  type: 'info' | 'success' | 'warning';
  fortryd: number | null;
}

export interface Enhed {
  ental: string;
  flertal: string;
}

export interface MedianInput {
  kundeId: number;
  ids: number[];
}

export interface KoeInput {
  /** The customer whose queue this is: the median test and every decision go there. */
  kundeId: number;
  /** The user may decide (SAGSBEHANDLER_VANDANLAEG); else the queue is read-only. */
  maaBeslutte: boolean;
  /** The queue has a median test. */
  medianTest: boolean;
  /** 'post' / 'poster', 'prøve' / 'prøver': the outcome texts count with it. */
  enhed: Enhed;
  /** The undo shortcut as this platform writes it ('Ctrl+Z', '⌘Z'), for the banner. */
  fortrydGenvej: string;
  /** The clock in ms (default Date.now), for the child's undo window. */
  nu?: () => number;
}

/** The decisions' machine as this queue's child: its notifications come here as events. */
const beslutningMachine = godkendForkastMachine.provide({
  actions: {
    decided: sendParent(
      (_, p: { handling: Handling; result: BeslutningSvarMedVersioner; noegle: number | null }) => ({
        type: 'BESLUTTET' as const,
        ...p,
      }),
    ),
    failedToDecide: sendParent((_, p: { handling: Handling; error: string }) => ({
      type: 'BESLUTNING_FEJLET' as const,
      ...p,
    })),
    undone: sendParent((_, p: { fortrudt: Fortrydelig; result: FortrydSvar }) => ({
      type: 'FORTRUDT' as const,
      ...p,
    })),
    failedToUndo: sendParent((_, p: { fortrudt: Fortrydelig; error: string }) => ({
      type: 'FORTRYDELSE_FEJLET' as const,
      ...p,
    })),
  },
});

export type BeslutningRef = ActorRefFrom<typeof beslutningMachine>;
type BeslutningSnapshot = ReturnType<BeslutningRef['getSnapshot']>;

export interface KoeContext extends Omit<KoeInput, 'nu'> {
  beslutning: BeslutningRef;
  /** The queue as loaded: each entry's version (what a decision on the cursor's entry sends). */
  versioner: ReadonlyMap<number, number>;
  /** The colleagues' cursors, by entry id. */
  holdere: ReadonlyMap<number, readonly Holder[]>;
  /** The last median test's results, by entry id. */
  median: ReadonlyMap<number, MedianResultat>;
  besked: Besked | null;
  /** The open question before deciding an entry a colleague stands on. */
  spoergsmaal: { handling: Handling; hos: readonly Holder[] } | null;
}

/**
 * The decisions' own events, which the queue passes on: the queue as shown (ROWS), the cursor and the
 * selection the user made, G and F, the answers to the bulk question (CONFIRM, CANCEL; they answer the
 * colleague question too), 'Prøv igen' (RETRY), the banner closed (DISMISS), and FORTRYD: the newest
 * decision (Ctrl+Z) or the one a toast's 'Fortryd' names.
 */
type VidereEvent = Exclude<GodkendForkastEvent, { type: 'TOGGLE' | 'CLEAR' }>;

export type KoeEvent =
  | VidereEvent
  /** The queue as loaded (after every fetch). Selected entries no longer in it leave the selection. */
  | { type: 'KOE'; poster: Post[] }
  /** The colleagues' cursors now (presence). */
  | { type: 'NAERVAER'; holdere: ReadonlyMap<number, readonly Holder[]> }
  /** Run the median test on the entries shown. */
  | { type: 'MEDIANTEST'; ids: number[] }
  // The child's notifications.
  | { type: 'BESLUTTET'; handling: Handling; result: BeslutningSvarMedVersioner; noegle: number | null }
  | { type: 'BESLUTNING_FEJLET'; handling: Handling; error: string }
  | { type: 'FORTRUDT'; fortrudt: Fortrydelig; result: FortrydSvar }
  | { type: 'FORTRYDELSE_FEJLET'; fortrudt: Fortrydelig; error: string };

/** The child confirms, submits or undoes: no new decision starts. */
export const beslutningOptaget = (s: BeslutningSnapshot) =>
  s.matches('submitting') || s.matches('confirming') || s.matches('undoing');

/** A decision or an undo is in flight ('gemmer …'). */
export const gemmer = (s: BeslutningSnapshot) => s.matches('submitting') || s.matches('undoing');

/** The cursor's entry when it is loaded (with the version a decision sends), else null. */
export function markoerPost(context: Pick<KoeContext, 'beslutning' | 'versioner'>): Post | null {
  const id = context.beslutning.getSnapshot().context.markoer;
  const version = id === null ? undefined : context.versioner.get(id);
  return id === null || version === undefined ? null : { id, version };
}

/** What G or F decides: the selection, else the cursor's entry. */
function maalPoster(context: KoeContext): Post[] {
  const valgte = context.beslutning.getSnapshot().context.selected;
  if (valgte.length > 0) return valgte;
  const c = markoerPost(context);
  return c ? [c] : [];
}

/** 'Vera Vandløb' or 'Vera Vandløb og Anne Admin', for a sentence. */
export const navne = (hos: readonly Holder[]) => {
  const n = [...new Set(hos.map((a) => a.navn))];
  return n.length <= 1 ? (n[0] ?? '') : `${n.slice(0, -1).join(', ')} og ${n.at(-1)}`;
};

/** The bulk confirmation's question. */
export const bekraeftTekst = (handling: Handling | null, antal: number, enhed: Enhed) =>
  handling === 'forkast'
    ? `Forkast ${antalMed(antal, enhed.ental, enhed.flertal)}? De gemmes som forkastede og kan findes igen.`
    : `Godkend ${antalMed(antal, enhed.ental, enhed.flertal)}?`;

/** The bulk confirmation's note on entries colleagues stand on, or null when none. */
export function holdtIValgTekst(
  holdere: ReadonlyMap<number, readonly Holder[]>,
  poster: readonly Post[],
): string | null {
  const hos = poster.flatMap((p) => holdere.get(p.id) ?? []);
  if (hos.length === 0) return null;
  return `${navne(hos)} står på ${hos.length === 1 ? 'en' : 'nogle'} af dem lige nu.`;
}

/** The question before deciding one entry a colleague stands on. */
export const spoergsmaalTekst = (s: { handling: Handling; hos: readonly Holder[] }) =>
  `${navne(s.hos)} står på denne post lige nu. Vil du ${s.handling === 'godkend' ? 'godkende' : 'forkaste'} den alligevel?`;

export const medianTekst = (markeret: number) =>
  markeret === 0
    ? 'Mediantesten markerede ingen poster'
    : `Mediantesten markerede ${antalMed(markeret, 'post', 'poster')}`;

/** 'N poster godkendt.', with the entries others had decided first. */
export function beslutningTekst(
  handling: Handling,
  result: BeslutningSvarMedVersioner,
  enhed: Enhed,
): { tekst: string; allerede: boolean } {
  const hvad = handling === 'godkend' ? 'godkendt' : 'forkastet';
  const dele: string[] = [];
  if (result.besluttet.length > 0)
    dele.push(`${antalMed(result.besluttet.length, enhed.ental, enhed.flertal)} ${hvad}`);
  const allerede = alleredeBehandletTekst(result);
  if (allerede) dele.push(allerede);
  return { tekst: `${dele.join('. ')}.`, allerede: allerede !== null };
}

export const INGEN_AT_FORTRYDE = `Der er ingen beslutning at fortryde (det kan man i ${FORTRYD_VINDUE_MINUTTER} minutter)`;
export const KAN_IKKE_FORTRYDES = `Beslutningen kan ikke længere fortrydes (det kan den i ${FORTRYD_VINDUE_MINUTTER} minutter)`;

const handlingAf = (type: 'GODKEND' | 'FORKAST'): Handling => (type === 'GODKEND' ? 'godkend' : 'forkast');

/** G or F handed to the child: the failure dropped first, the cursor's entry selected when nothing is. */
function tilBarnet(context: KoeContext, handling: Handling): GodkendForkastEvent[] {
  const snap = context.beslutning.getSnapshot();
  const events: GodkendForkastEvent[] = [];
  if (snap.matches('failed')) events.push({ type: 'DISMISS' });
  if (snap.context.selected.length === 0) events.push({ type: 'SELECT', poster: maalPoster(context) });
  events.push({ type: handling === 'godkend' ? 'GODKEND' : 'FORKAST' });
  return events;
}

export const koeMachine = setup({
  types: {} as { context: KoeContext; events: KoeEvent; input: KoeInput },
  actors: {
    beslutning: beslutningMachine,
    median: fromPromise<MedianResultat[], MedianInput>(() =>
      Promise.reject(new Error('median is not provided')),
    ),
  },
  actions: {
    meddel: (_, _m: Meddelelse) => {},
    fjern: (_, _p: { ids: number[] }) => {},
    opdater: () => {},
    /** Forwards the event to the child. */
    videre: forwardTo(({ context }) => context.beslutning),
    aabnSpoergsmaal: assign({
      spoergsmaal: ({ context, event }) => ({
        handling: handlingAf(event.type === 'FORKAST' ? 'FORKAST' : 'GODKEND'),
        hos: context.holdere.get(maalPoster(context)[0]?.id ?? -1) ?? [],
      }),
    }),
  },
  guards: {
    barnetKan: ({ context, event }) => context.beslutning.getSnapshot().can(event as never),
    kanStarte: ({ context }) =>
      context.maaBeslutte &&
      !beslutningOptaget(context.beslutning.getSnapshot()) &&
      maalPoster(context).length > 0,
    holdt: ({ context }) => {
      const maal = maalPoster(context);
      return maal.length === 1 && (context.holdere.get(maal[0]!.id)?.length ?? 0) > 0;
    },
    kanFortryde: ({ context, event }) =>
      context.maaBeslutte && context.beslutning.getSnapshot().can(event as never),
    fortrydKnap: ({ event }) => event.type === 'FORTRYD' && event.noegle !== undefined,
    maaBeslutte: ({ context }) => context.maaBeslutte,
    kanTeste: ({ context, event }) =>
      context.medianTest && event.type === 'MEDIANTEST' && event.ids.length > 0,
  },
}).createMachine({
  id: 'koe',
  type: 'parallel',
  context: ({ input, spawn }) => ({
    kundeId: input.kundeId,
    maaBeslutte: input.maaBeslutte,
    medianTest: input.medianTest,
    enhed: input.enhed,
    fortrydGenvej: input.fortrydGenvej,
    beslutning: spawn('beslutning', {
      id: 'beslutning',
      input: { kundeId: input.kundeId, ...(input.nu ? { nu: input.nu } : {}) },
    }),
    versioner: new Map(),
    holdere: new Map(),
    median: new Map(),
    besked: null,
    spoergsmaal: null,
  }),
  on: {
    KOE: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const versioner = new Map(event.poster.map((p) => [p.id, p.version]));
        enqueue.assign({ versioner });
        // Entries decided elsewhere leave the selection when the list is refreshed.
        const snap = context.beslutning.getSnapshot();
        if (!snap.matches('selecting')) return;
        const tilbage = snap.context.selected.filter((p) => versioner.has(p.id));
        if (tilbage.length !== snap.context.selected.length)
          enqueue.sendTo(context.beslutning, { type: 'SELECT', poster: tilbage });
      }),
    },
    NAERVAER: { actions: assign({ holdere: ({ event }) => event.holdere }) },
    ROWS: { guard: 'barnetKan', actions: 'videre' },
    CURSOR: { guard: 'barnetKan', actions: 'videre' },
    SELECT: { guard: 'barnetKan', actions: 'videre' },
    RETRY: { guard: 'barnetKan', actions: 'videre' },
    DISMISS: [
      { guard: 'barnetKan', actions: [assign({ besked: null }), 'videre'] },
      { actions: assign({ besked: null }) },
    ],
    FORTRYD: [
      { guard: 'kanFortryde', actions: [assign({ besked: null }), 'videre'] },
      {
        guard: 'fortrydKnap',
        actions: [
          assign({ besked: null }),
          { type: 'meddel', params: { tekst: KAN_IKKE_FORTRYDES, type: 'info', fortryd: null } },
        ],
      },
      {
        guard: 'maaBeslutte',
        actions: { type: 'meddel', params: { tekst: INGEN_AT_FORTRYDE, type: 'info', fortryd: null } },
      },
    ],
    BESLUTTET: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const { tekst, allerede } = beslutningTekst(event.handling, event.result, context.enhed);
        const { noegle } = event;
        enqueue.assign({
          besked: {
            tekst: noegle === null ? tekst : `${tekst} Fortryd med ${context.fortrydGenvej}.`,
            type: allerede ? 'advarsel' : 'ok',
          },
        });
        // Decided entries leave the table now; the refresh confirms it.
        const ids = [...event.result.besluttet, ...event.result.alleredeBesluttet.map((a) => a.id)];
        enqueue({ type: 'fjern', params: { ids } });
        enqueue({
          type: 'meddel',
          params: { tekst, type: allerede ? 'warning' : 'success', fortryd: noegle },
        });
        enqueue('opdater');
      }),
    },
    BESLUTNING_FEJLET: {
      actions: [
        assign({ besked: ({ event }) => ({ tekst: event.error, type: 'fejl' as const }) }),
        'opdater',
      ],
    },
    FORTRUDT: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const n = antalMed(event.result.fortrudt.length, context.enhed.ental, context.enhed.flertal);
        const tekst = `Beslutningen er fortrudt: ${n} afventer igen.`;
        enqueue.assign({ besked: { tekst, type: 'ok' } });
        enqueue({ type: 'meddel', params: { tekst, type: 'success', fortryd: null } });
        enqueue('opdater');
      }),
    },
    FORTRYDELSE_FEJLET: {
      actions: [
        assign({
          besked: ({ event }) => ({
            tekst: `Beslutningen kunne ikke fortrydes: ${event.error}`,
            type: 'fejl' as const,
          }),
        }),
        'opdater',
      ],
    },
  },
  states: {
    beslutning: {
      initial: 'klar',
      states: {
        klar: {
          on: {
            GODKEND: [
              { guard: and(['kanStarte', 'holdt']), target: 'spoerger', actions: 'aabnSpoergsmaal' },
              {
                guard: 'kanStarte',
                actions: enqueueActions(({ context, enqueue }) => {
                  for (const e of tilBarnet(context, 'godkend')) enqueue.sendTo(context.beslutning, e);
                  enqueue.assign({ besked: null });
                }),
              },
            ],
            FORKAST: [
              { guard: and(['kanStarte', 'holdt']), target: 'spoerger', actions: 'aabnSpoergsmaal' },
              {
                guard: 'kanStarte',
                actions: enqueueActions(({ context, enqueue }) => {
                  for (const e of tilBarnet(context, 'forkast')) enqueue.sendTo(context.beslutning, e);
                  enqueue.assign({ besked: null });
                }),
              },
            ],
            CONFIRM: { guard: 'barnetKan', actions: 'videre' },
            CANCEL: { guard: 'barnetKan', actions: 'videre' },
          },
        },
        spoerger: {
          on: {
            CONFIRM: [
              {
                guard: 'kanStarte',
                target: 'klar',
                actions: enqueueActions(({ context, enqueue }) => {
                  const h = context.spoergsmaal?.handling ?? 'godkend';
                  for (const e of tilBarnet(context, h)) enqueue.sendTo(context.beslutning, e);
                  enqueue.assign({ besked: null, spoergsmaal: null });
                }),
              },
              { target: 'klar', actions: assign({ spoergsmaal: null }) },
            ],
            CANCEL: { target: 'klar', actions: assign({ spoergsmaal: null }) },
          },
        },
      },
    },
    median: {
      initial: 'hvile',
      states: {
        hvile: {
          on: {
            MEDIANTEST: { guard: 'kanTeste', target: 'koerer' },
          },
        },
        koerer: {
          invoke: {
            src: 'median',
            input: ({ context, event }) => ({
              kundeId: context.kundeId,
              ids: event.type === 'MEDIANTEST' ? event.ids : [],
            }),
            onDone: {
              target: 'hvile',
              actions: [
                assign({ median: ({ event }) => new Map(event.output.map((m) => [m.id, m])) }),
                {
                  type: 'meddel',
                  params: ({ event }) => ({
                    tekst: medianTekst(event.output.filter((m) => m.markeret).length),
                    type: 'info' as const,
                    fortryd: null,
                  }),
                },
              ],
            },
            // The HTTP client has shown the error.
            onError: 'hvile',
          },
        },
      },
    },
  },
});

export type KoeMachine = typeof koeMachine;
export type KoeRef = ActorRefFrom<KoeMachine>;

/** The queue's machine with its side effects: the calls, the toasts and the cached queue. */
export function createKoeMachine(effects: {
  decide(input: DecideInput): Promise<BeslutningSvarMedVersioner>;
  undo(input: UndoInput): Promise<FortrydSvar>;
  median?(input: MedianInput): Promise<MedianResultat[]>;
  meddel?(m: Meddelelse): void;
  fjern?(ids: number[]): void;
  opdater?(): void;
}) {
  return koeMachine.provide({
    actors: {
      beslutning: beslutningMachine.provide({
        actors: {
          decide: fromPromise<BeslutningSvarMedVersioner, DecideInput>(({ input }) => effects.decide(input)),
          undo: fromPromise<FortrydSvar, UndoInput>(({ input }) => effects.undo(input)),
        },
      }),
      ...(effects.median
        ? { median: fromPromise<MedianResultat[], MedianInput>(({ input }) => effects.median!(input)) }
        : {}),
    },
    actions: {
      meddel: (_, m) => effects.meddel?.(m),
      fjern: (_, { ids }) => effects.fjern?.(ids),
      opdater: () => effects.opdater?.(),
    },
  });
}
