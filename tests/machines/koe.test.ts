import { describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { DecideInput, UndoInput } from '../../machines/godkend-forkast';
import {
  bekraeftTekst,
  beslutningOptaget,
  createKoeMachine,
  holdtIValgTekst,
  INGEN_AT_FORTRYDE,
  KAN_IKKE_FORTRYDES,
  type KoeEvent,
  type KoeInput,
  koeMachine,
  type MedianInput,
  markoerPost,
  spoergsmaalTekst,
} from '../../machines/koe';
import {
  type BeslutningSvar,
  type BeslutningSvarMedVersioner,
  FORTRYD_VINDUE_MS,
  type FortrydSvar,
  type MedianResultat,
} from '../../src/contract/validering';
import { flush } from './fixtures';

const post = (id: number) => ({ id, version: 10 + id });
const vis = (poster: { id: number; version: number }[]) =>
  poster.map((p) => `${p.id}@${p.version}`).join(',');
const median = (id: number, markeret: boolean): MedianResultat => ({
  id,
  vaerdi: 10,
  median: 9,
  mad: 1,
  afvigelse: 1,
  robustZ: markeret ? 5 : 0.5,
  antalHistorik: 12,
  markeret,
  bemaerkning: null,
  enhed: 'm³/døgn',
});

/** The queue machine with its calls pending until the test answers them; every effect is a line. */
function world(input: Partial<KoeInput> = {}) {
  const w = {
    calls: [] as string[],
    now: 1_000_000,
    resolve: (_r: BeslutningSvar) => {},
    reject: (_e: unknown) => {},
    resolveUndo: (_r: FortrydSvar) => {},
    rejectUndo: (_e: unknown) => {},
    resolveMedian: (_r: MedianResultat[]) => {},
    rejectMedian: (_e: unknown) => {},
  };
  const machine = createKoeMachine({
    decide: (i: DecideInput) => {
      w.calls.push(`decide kunde ${i.kundeId} ${i.handling} ${vis(i.poster)}`);
      return new Promise<BeslutningSvarMedVersioner>((resolve, reject) => {
        w.resolve = (r) => resolve({ ...r, versioner: r.besluttet.map((id) => ({ id, version: 100 + id })) });
        w.reject = reject;
      });
    },
    undo: (i: UndoInput) => {
      w.calls.push(`undo ${i.handling} ${vis(i.poster)}`);
      return new Promise<FortrydSvar>((resolve, reject) => {
        w.resolveUndo = resolve;
        w.rejectUndo = reject;
      });
    },
    median: (i: MedianInput) => {
      w.calls.push(`median kunde ${i.kundeId} ${i.ids.join(',')}`);
      return new Promise<MedianResultat[]>((resolve, reject) => {
        w.resolveMedian = resolve;
        w.rejectMedian = reject;
      });
    },
    meddel: (m) =>
      w.calls.push(`toast ${m.type} ${m.tekst}${m.fortryd === null ? '' : ` [Fortryd ${m.fortryd}]`}`),
    fjern: (ids) => w.calls.push(`fjern ${ids.join(',')}`),
    opdater: () => w.calls.push('opdater'),
  });
  const actor = createActor(machine, {
    input: {
      kundeId: 2,
      maaBeslutte: true,
      medianTest: true,
      enhed: { ental: 'post', flertal: 'poster' },
      fortrydGenvej: 'Ctrl+Z',
      nu: () => w.now,
      ...input,
    },
  }).start();
  return { w, actor };
}

type KoeActor = ReturnType<typeof world>['actor'];
const barn = (a: KoeActor) => a.getSnapshot().context.beslutning.getSnapshot();
const can = (a: KoeActor, e: KoeEvent) => a.getSnapshot().can(e);
const besked = (a: KoeActor) => a.getSnapshot().context.besked;

/** A loaded queue of entries 1..n, shown in that order; the cursor on the first. */
function koe(actor: KoeActor, ...ids: number[]) {
  actor.send({ type: 'KOE', poster: ids.map(post) });
  actor.send({ type: 'ROWS', ids });
}

async function barnI(a: KoeActor, s: string) {
  await waitFor(a.getSnapshot().context.beslutning, (x) => x.matches(s as never));
  await flush();
}

describe('koe: the customer is the input', () => {
  test('the median test and every decision go to the customer of the input', async () => {
    const { actor, w } = world({ kundeId: 5 });
    koe(actor, 1, 2, 3);
    actor.send({ type: 'MEDIANTEST', ids: [1, 2, 3] });
    actor.send({ type: 'GODKEND' });
    await flush();
    expect(w.calls).toEqual(['median kunde 5 1,2,3', 'decide kunde 5 godkend 1@11']);
  });
});

describe('koe: deciding', () => {
  test("with nothing selected, G decides the cursor's loaded entry with the version it was loaded with", async () => {
    const { actor, w } = world();
    koe(actor, 1, 2, 3);
    actor.send({ type: 'CURSOR', id: 2 });
    expect(markoerPost(actor.getSnapshot().context)).toEqual(post(2));
    actor.send({ type: 'FORKAST' });
    await flush();
    expect(w.calls).toEqual(['decide kunde 2 forkast 2@12']);
    w.resolve({ besluttet: [2], alleredeBesluttet: [] });
    await barnI(actor, 'done');
    expect(barn(actor).context.markoer).toBe(3);
    expect(besked(actor)).toEqual({ tekst: '1 post forkastet. Fortryd med Ctrl+Z.', type: 'ok' });
    expect(w.calls.slice(1)).toEqual(['fjern 2', 'toast success 1 post forkastet. [Fortryd 1]', 'opdater']);
  });

  test('a cursor on an entry not loaded (on its way back), or no rows, decides nothing', () => {
    const { actor, w } = world();
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    actor.send({ type: 'ROWS', ids: [1, 2] });
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    actor.send({ type: 'KOE', poster: [post(1), post(2)] });
    expect(can(actor, { type: 'GODKEND' })).toBe(true);
    actor.send({ type: 'CURSOR', id: 9 });
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    expect(can(actor, { type: 'FORKAST' })).toBe(false);
    expect(w.calls).toEqual([]);
  });

  test('a reader decides nothing and undoes nothing', async () => {
    const { actor, w } = world({ maaBeslutte: false });
    koe(actor, 1, 2);
    actor.send({ type: 'SELECT', poster: [post(1)] });
    for (const e of [{ type: 'GODKEND' }, { type: 'FORKAST' }, { type: 'FORTRYD' }] as KoeEvent[]) {
      expect(can(actor, e)).toBe(false);
      actor.send(e);
    }
    await flush();
    expect(w.calls).toEqual([]);
  });

  test('a bulk decision is asked first; CONFIRM sends exactly the selection, counted in the outcome', async () => {
    const { actor, w } = world();
    koe(actor, 1, 2, 3);
    actor.send({ type: 'SELECT', poster: [post(1), post(3)] });
    actor.send({ type: 'GODKEND' });
    expect(barn(actor).value).toBe('confirming');
    expect(bekraeftTekst(barn(actor).context.handling, 2, { ental: 'post', flertal: 'poster' })).toBe(
      'Godkend 2 poster?',
    );
    expect(bekraeftTekst('forkast', 1, { ental: 'prøve', flertal: 'prøver' })).toBe(
      'Forkast 1 prøve? De gemmes som forkastede og kan findes igen.',
    );
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(w.calls).toEqual(['decide kunde 2 godkend 1@11,3@13']);
    w.resolve({
      besluttet: [1],
      alleredeBesluttet: [{ id: 3, status: 1, af: 'Anne Admin', dato: null }],
    });
    await barnI(actor, 'done');
    expect(besked(actor)).toEqual({
      tekst: '1 post godkendt. 1 post var allerede behandlet af en anden (Anne Admin). Fortryd med Ctrl+Z.',
      type: 'advarsel',
    });
    expect(w.calls.slice(1)).toEqual([
      'fjern 1,3',
      'toast warning 1 post godkendt. 1 post var allerede behandlet af en anden (Anne Admin). [Fortryd 1]',
      'opdater',
    ]);
  });

  test('CANCEL of the bulk question keeps the selection and calls nothing', async () => {
    const { actor, w } = world();
    koe(actor, 1, 2);
    actor.send({ type: 'SELECT', poster: [post(1), post(2)] });
    actor.send({ type: 'FORKAST' });
    actor.send({ type: 'CANCEL' });
    expect(barn(actor).value).toBe('selecting');
    expect(barn(actor).context.selected).toEqual([post(1), post(2)]);
    await flush();
    expect(w.calls).toEqual([]);
  });

  test('nothing decided by others first: no undo, a plain toast', async () => {
    const { actor, w } = world();
    koe(actor, 1);
    actor.send({ type: 'GODKEND' });
    await flush();
    w.resolve({ besluttet: [], alleredeBesluttet: [{ id: 1, status: 2, af: null, dato: null }] });
    await barnI(actor, 'done');
    expect(besked(actor)).toEqual({ tekst: '1 post var allerede behandlet af en anden.', type: 'advarsel' });
    expect(w.calls).toContain('toast warning 1 post var allerede behandlet af en anden.');
  });
});

describe('koe: forbidden transitions', () => {
  test('no decision while one is in flight, nor while the bulk question is open', async () => {
    const { actor, w } = world();
    koe(actor, 1, 2, 3);
    actor.send({ type: 'SELECT', poster: [post(1), post(2)] });
    actor.send({ type: 'GODKEND' });
    // Asking.
    for (const e of [{ type: 'GODKEND' }, { type: 'FORKAST' }] as KoeEvent[]) {
      expect(can(actor, e)).toBe(false);
      actor.send(e);
    }
    expect(barn(actor).context.handling).toBe('godkend');
    actor.send({ type: 'CONFIRM' });
    expect(beslutningOptaget(barn(actor))).toBe(true);
    // In flight.
    for (const e of [
      { type: 'GODKEND' },
      { type: 'FORKAST' },
      { type: 'CONFIRM' },
      { type: 'RETRY' },
      { type: 'SELECT', poster: [post(3)] },
    ] as KoeEvent[]) {
      expect(can(actor, e)).toBe(false);
      actor.send(e);
    }
    await flush();
    expect(w.calls).toEqual(['decide kunde 2 godkend 1@11,2@12']);
    w.resolve({ besluttet: [1, 2], alleredeBesluttet: [] });
    await barnI(actor, 'done');
    expect(can(actor, { type: 'GODKEND' })).toBe(true);
  });

  test('undo with nothing to undo calls nothing and says so', async () => {
    const { actor, w } = world();
    koe(actor, 1);
    expect(barn(actor).can({ type: 'FORTRYD' })).toBe(false);
    actor.send({ type: 'FORTRYD' });
    await flush();
    expect(w.calls).toEqual([`toast info ${INGEN_AT_FORTRYDE}`]);
    expect(INGEN_AT_FORTRYDE).toBe('Der er ingen beslutning at fortryde (det kan man i 10 minutter)');
  });

  test("a toast's Fortryd after the window undoes nothing, closes the banner and says so", async () => {
    const { actor, w } = world();
    koe(actor, 1, 2);
    actor.send({ type: 'GODKEND' });
    await flush();
    w.resolve({ besluttet: [1], alleredeBesluttet: [] });
    await barnI(actor, 'done');
    w.now += FORTRYD_VINDUE_MS;
    actor.send({ type: 'FORTRYD', noegle: 1 });
    await flush();
    expect(besked(actor)).toBeNull();
    expect(w.calls.at(-1)).toBe(`toast info ${KAN_IKKE_FORTRYDES}`);
    expect(w.calls.some((c) => c.startsWith('undo '))).toBe(false);
  });
});

describe('koe: undo', () => {
  test("Ctrl+Z undoes the newest decision; the outcome says how many wait again; a toast's Fortryd its own", async () => {
    const { actor, w } = world();
    koe(actor, 1, 2, 3);
    actor.send({ type: 'GODKEND' });
    await flush();
    w.resolve({ besluttet: [1], alleredeBesluttet: [] });
    await barnI(actor, 'done');
    actor.send({ type: 'FORKAST' });
    await flush();
    w.resolve({ besluttet: [2], alleredeBesluttet: [] });
    await barnI(actor, 'done');
    w.calls.length = 0;
    actor.send({ type: 'FORTRYD', noegle: 1 });
    expect(besked(actor)).toBeNull();
    await flush();
    expect(w.calls).toEqual(['undo godkend 1@101']);
    // Undoing: nothing else starts.
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    w.resolveUndo({ fortrudt: [1], versioner: [{ id: 1, version: 200 }] });
    await barnI(actor, 'idle');
    expect(besked(actor)).toEqual({ tekst: 'Beslutningen er fortrudt: 1 post afventer igen.', type: 'ok' });
    expect(w.calls.slice(1)).toEqual([
      'toast success Beslutningen er fortrudt: 1 post afventer igen.',
      'opdater',
    ]);
    expect(barn(actor).context.markoer).toBe(1);
    actor.send({ type: 'FORTRYD' });
    await flush();
    expect(w.calls.at(-1)).toBe('undo forkast 2@102');
  });

  test('a failed undo shows the reason; RETRY tries the same again', async () => {
    const { actor, w } = world();
    koe(actor, 1);
    actor.send({ type: 'GODKEND' });
    await flush();
    w.resolve({ besluttet: [1], alleredeBesluttet: [] });
    await barnI(actor, 'done');
    actor.send({ type: 'FORTRYD' });
    await flush();
    w.rejectUndo(new Error('En post er ændret, siden beslutningen blev truffet.'));
    await barnI(actor, 'undoFailed');
    expect(besked(actor)).toEqual({
      tekst: 'Beslutningen kunne ikke fortrydes: En post er ændret, siden beslutningen blev truffet.',
      type: 'fejl',
    });
    expect(w.calls.at(-1)).toBe('opdater');
    actor.send({ type: 'RETRY' });
    await flush();
    expect(w.calls.filter((c) => c.startsWith('undo '))).toEqual([
      'undo godkend 1@101',
      'undo godkend 1@101',
    ]);
  });
});

describe('koe: failures', () => {
  test('a failed decision shows the reason; a new G starts over with the same selection; DISMISS closes', async () => {
    const { actor, w } = world();
    koe(actor, 1, 2);
    actor.send({ type: 'SELECT', poster: [post(2)] });
    actor.send({ type: 'GODKEND' });
    await flush();
    w.reject(new Error('En post er ændret, siden listen blev hentet.'));
    await barnI(actor, 'failed');
    expect(besked(actor)).toEqual({ tekst: 'En post er ændret, siden listen blev hentet.', type: 'fejl' });
    expect(w.calls.at(-1)).toBe('opdater');
    actor.send({ type: 'FORKAST' });
    expect(besked(actor)).toBeNull();
    await flush();
    expect(w.calls.filter((c) => c.startsWith('decide '))).toEqual([
      'decide kunde 2 godkend 2@12',
      'decide kunde 2 forkast 2@12',
    ]);
    w.reject(new Error('x'));
    await barnI(actor, 'failed');
    actor.send({ type: 'DISMISS' });
    expect(besked(actor)).toBeNull();
    expect(barn(actor).value).toBe('selecting');
    // With nothing for the child to dismiss, the banner still closes.
    actor.send({ type: 'CANCEL' });
    expect(can(actor, { type: 'DISMISS' })).toBe(true);
  });
});

describe('koe: the entry a colleague stands on', () => {
  const vera = new Map([[2, [{ navn: 'Vera Vandløb' }]]]);

  test('deciding it asks first; CANCEL calls nothing, CONFIRM decides it', async () => {
    const { actor, w } = world();
    koe(actor, 1, 2, 3);
    actor.send({ type: 'NAERVAER', holdere: vera });
    actor.send({ type: 'CURSOR', id: 2 });
    actor.send({ type: 'FORKAST' });
    expect(actor.getSnapshot().matches({ beslutning: 'spoerger' })).toBe(true);
    const s = actor.getSnapshot().context.spoergsmaal!;
    expect(spoergsmaalTekst(s)).toBe(
      'Vera Vandløb står på denne post lige nu. Vil du forkaste den alligevel?',
    );
    // While asking, no other decision starts.
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ beslutning: 'klar' })).toBe(true);
    await flush();
    expect(w.calls).toEqual([]);
    actor.send({ type: 'GODKEND' });
    expect(spoergsmaalTekst(actor.getSnapshot().context.spoergsmaal!)).toBe(
      'Vera Vandløb står på denne post lige nu. Vil du godkende den alligevel?',
    );
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.spoergsmaal).toBeNull();
    await flush();
    expect(w.calls).toEqual(['decide kunde 2 godkend 2@12']);
  });

  test('an entry nobody stands on, and a bulk decision, are not asked about; the bulk question names them', () => {
    const { actor } = world();
    koe(actor, 1, 2, 3);
    actor.send({
      type: 'NAERVAER',
      holdere: new Map([
        [2, [{ navn: 'Vera Vandløb' }]],
        [3, [{ navn: 'Anne Admin' }, { navn: 'Vera Vandløb' }]],
      ]),
    });
    actor.send({ type: 'SELECT', poster: [post(1), post(2), post(3)] });
    actor.send({ type: 'GODKEND' });
    expect(actor.getSnapshot().matches({ beslutning: 'klar' })).toBe(true);
    expect(barn(actor).value).toBe('confirming');
    const { holdere } = actor.getSnapshot().context;
    expect(holdtIValgTekst(holdere, barn(actor).context.poster)).toBe(
      'Vera Vandløb og Anne Admin står på nogle af dem lige nu.',
    );
    expect(holdtIValgTekst(holdere, [post(2)])).toBe('Vera Vandløb står på en af dem lige nu.');
    expect(holdtIValgTekst(holdere, [post(1)])).toBeNull();
  });
});

describe('koe: the loaded queue', () => {
  test('selected entries that left the queue (decided elsewhere) leave the selection', () => {
    const { actor } = world();
    koe(actor, 1, 2, 3);
    actor.send({ type: 'SELECT', poster: [post(1), post(3)] });
    actor.send({ type: 'KOE', poster: [post(1), post(2)] });
    expect(barn(actor).context.selected).toEqual([post(1)]);
    actor.send({ type: 'KOE', poster: [post(2)] });
    expect(barn(actor).value).toBe('idle');
  });
});

describe('koe: median test', () => {
  test('runs on the shown entries, one at a time; the results and a count come back', async () => {
    const { actor, w } = world();
    expect(can(actor, { type: 'MEDIANTEST', ids: [] })).toBe(false);
    actor.send({ type: 'MEDIANTEST', ids: [1, 2] });
    expect(actor.getSnapshot().matches({ median: 'koerer' })).toBe(true);
    expect(can(actor, { type: 'MEDIANTEST', ids: [1, 2] })).toBe(false);
    actor.send({ type: 'MEDIANTEST', ids: [1, 2] });
    w.resolveMedian([median(1, true), median(2, false)]);
    await waitFor(actor, (s) => s.matches({ median: 'hvile' }));
    expect(w.calls).toEqual(['median kunde 2 1,2', 'toast info Mediantesten markerede 1 post']);
    expect([...actor.getSnapshot().context.median.keys()]).toEqual([1, 2]);
    actor.send({ type: 'MEDIANTEST', ids: [2] });
    w.resolveMedian([median(2, false)]);
    await waitFor(actor, (s) => s.matches({ median: 'hvile' }));
    expect(w.calls.at(-1)).toBe('toast info Mediantesten markerede ingen poster');
  });

  test('a failed test keeps the earlier results (the HTTP client shows the error)', async () => {
    const { actor, w } = world();
    actor.send({ type: 'MEDIANTEST', ids: [1] });
    w.resolveMedian([median(1, true)]);
    await waitFor(actor, (s) => s.matches({ median: 'hvile' }));
    actor.send({ type: 'MEDIANTEST', ids: [1] });
    w.rejectMedian(new Error('500'));
    await waitFor(actor, (s) => s.matches({ median: 'hvile' }));
    expect(actor.getSnapshot().context.median.size).toBe(1);
    expect(w.calls).toHaveLength(3);
  });

  test('a queue without a median test refuses it; without an injected call it fails instead of hanging', async () => {
    const { actor } = world({ medianTest: false });
    expect(can(actor, { type: 'MEDIANTEST', ids: [1] })).toBe(false);
    const bar = createActor(koeMachine, {
      input: {
        kundeId: 1,
        maaBeslutte: true,
        medianTest: true,
        enhed: { ental: 'post', flertal: 'poster' },
        fortrydGenvej: 'Ctrl+Z',
      },
    }).start();
    bar.send({ type: 'MEDIANTEST', ids: [1] });
    await waitFor(bar, (s) => s.matches({ median: 'hvile' }));
    expect(bar.getSnapshot().context.median.size).toBe(0);
  });
});
