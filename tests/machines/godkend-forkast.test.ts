import { describe, expect, test } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import {
  alleredeBehandletTekst,
  createGodkendForkastMachine,
  type DecideInput,
  type Fortrydelig,
  type GodkendForkastEvent,
  type Handling,
  MAKS_FORTRYDELIGE,
  markoerEfterNyeRaekker,
  naesteUbesluttede,
  type UndoInput,
} from '../../machines/godkend-forkast';
import {
  type BeslutningSvar,
  type BeslutningSvarMedVersioner,
  FORTRYD_VINDUE_MS,
  type FortrydSvar,
} from '../../src/contract/validering';
import { flush } from './fixtures';

const A = { id: 1, version: 1 };
const B = { id: 2, version: 3 };
const C = { id: 3, version: 1 };

interface World {
  calls: string[];
  /** The machine's clock (ms): tests move it instead of waiting. */
  now: number;
  /** Resolves or rejects the call in flight; a decision's new versions default to 100 + id. */
  resolve(result: BeslutningSvar & { versioner?: BeslutningSvarMedVersioner['versioner'] }): void;
  reject(error: unknown): void;
  /** Resolves or rejects the undo in flight. */
  resolveUndo(result: FortrydSvar): void;
  rejectUndo(error: unknown): void;
  decidedKeys: (number | null)[];
}

const ny = (id: number) => ({ id, version: 100 + id });
const vis = (poster: { id: number; version: number }[]) =>
  poster.map((p) => `${p.id}@${p.version}`).join(',');

function world() {
  const w: World = {
    calls: [],
    now: 1_000_000,
    resolve: () => {},
    reject: () => {},
    resolveUndo: () => {},
    rejectUndo: () => {},
    decidedKeys: [],
  };
  const machine = createGodkendForkastMachine({
    decide: (input: DecideInput) => {
      w.calls.push(`decide ${input.handling} ${vis(input.poster)}`);
      return new Promise<BeslutningSvarMedVersioner>((resolve, reject) => {
        w.resolve = (r) => resolve({ ...r, versioner: r.versioner ?? r.besluttet.map(ny) });
        w.reject = reject;
      });
    },
    undo: (input: UndoInput) => {
      w.calls.push(`undo ${input.handling} ${vis(input.poster)}`);
      return new Promise<FortrydSvar>((resolve, reject) => {
        w.resolveUndo = resolve;
        w.rejectUndo = reject;
      });
    },
    decided: (h: Handling, r: BeslutningSvar, noegle: number | null) => {
      w.decidedKeys.push(noegle);
      w.calls.push(
        `decided ${h} ${r.besluttet.join(',')} allerede ${r.alleredeBesluttet.map((a) => a.id).join(',')}`,
      );
    },
    failedToDecide: (h: Handling, e: string) => w.calls.push(`failed ${h} ${e}`),
    undone: (f: Fortrydelig, r: FortrydSvar) => w.calls.push(`undone ${f.noegle} ${r.fortrudt.join(',')}`),
    failedToUndo: (f: Fortrydelig, e: string) => w.calls.push(`undo failed ${f.noegle} ${e}`),
  });
  const actor = createActor(machine, { input: { kundeId: 7, nu: () => w.now } }).start();
  return { w, actor };
}

type GfActor = ReturnType<typeof world>['actor'];
const state = (a: GfActor) => a.getSnapshot().value;
const can = (a: GfActor, e: GodkendForkastEvent) => a.getSnapshot().can(e);

async function settle(a: Actor<never> | GfActor, s: string) {
  await waitFor(a as GfActor, (x) => x.matches(s as never));
  await flush();
}

describe('godkend/forkast: selection', () => {
  test('starts idle with nothing selected; deciding is refused there', () => {
    const { actor, w } = world();
    expect(state(actor)).toBe('idle');
    for (const e of ['GODKEND', 'FORKAST', 'CONFIRM', 'CANCEL', 'RETRY', 'CLEAR'] as const) {
      expect(can(actor, { type: e })).toBe(false);
      actor.send({ type: e });
    }
    expect(state(actor)).toBe('idle');
    expect(w.calls).toEqual([]);
  });

  test('click selects, ctrl-click toggles, a range replaces, deselecting the last goes back to idle', () => {
    const { actor } = world();
    actor.send({ type: 'SELECT', poster: [A] });
    expect(state(actor)).toBe('selecting');
    actor.send({ type: 'TOGGLE', post: B });
    expect(actor.getSnapshot().context.selected).toEqual([A, B]);
    actor.send({ type: 'SELECT', poster: [A, B, C, C] });
    expect(actor.getSnapshot().context.selected).toEqual([A, B, C]);
    actor.send({ type: 'TOGGLE', post: B });
    expect(actor.getSnapshot().context.selected).toEqual([A, C]);
    actor.send({ type: 'TOGGLE', post: A });
    actor.send({ type: 'TOGGLE', post: C });
    expect(state(actor)).toBe('idle');
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  test('an empty SELECT or CLEAR empties the selection', () => {
    const { actor } = world();
    actor.send({ type: 'TOGGLE', post: A });
    expect(state(actor)).toBe('selecting');
    actor.send({ type: 'SELECT', poster: [] });
    expect(state(actor)).toBe('idle');
    actor.send({ type: 'SELECT', poster: [] });
    expect(state(actor)).toBe('idle');
    actor.send({ type: 'SELECT', poster: [A, B] });
    actor.send({ type: 'CLEAR' });
    expect(state(actor)).toBe('idle');
  });

  test('CONFIRM, CANCEL and RETRY mean nothing while selecting', () => {
    const { actor } = world();
    actor.send({ type: 'SELECT', poster: [A] });
    for (const e of ['CONFIRM', 'CANCEL', 'RETRY', 'DISMISS'] as const)
      expect(can(actor, { type: e })).toBe(false);
  });
});

describe('godkend/forkast: one entry', () => {
  test('approving one entry submits at once and reports the answer', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [B] });
    actor.send({ type: 'GODKEND' });
    expect(state(actor)).toBe('submitting');
    await flush();
    expect(w.calls).toEqual(['decide godkend 2@3']);
    w.resolve({ besluttet: [2], alleredeBesluttet: [] });
    await settle(actor, 'done');
    expect(actor.getSnapshot().context).toMatchObject({
      selected: [],
      result: { besluttet: [2] },
      error: null,
    });
    expect(w.calls).toEqual(['decide godkend 2@3', 'decided godkend 2 allerede ']);
  });

  test("the call decides in the input's customer", async () => {
    const kunder: number[] = [];
    const machine = createGodkendForkastMachine({
      decide: async (input) => {
        kunder.push(input.kundeId);
        return { besluttet: [input.poster[0]!.id], alleredeBesluttet: [], versioner: [] };
      },
    });
    const actor = createActor(machine, { input: { kundeId: 42 } }).start();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'GODKEND' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(kunder).toEqual([42]);
  });

  test('discarding one entry submits at once', async () => {
    const { actor, w } = world();
    actor.send({ type: 'TOGGLE', post: A });
    actor.send({ type: 'FORKAST' });
    await flush();
    expect(w.calls).toEqual(['decide forkast 1@1']);
    w.resolve({ besluttet: [1], alleredeBesluttet: [] });
    await settle(actor, 'done');
    expect(w.calls.at(-1)).toBe('decided forkast 1 allerede ');
  });
});

describe('godkend/forkast: bulk actions confirm first', () => {
  test('approving several asks; CONFIRM submits exactly those entries', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A, B, C] });
    actor.send({ type: 'GODKEND' });
    expect(state(actor)).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ handling: 'godkend', poster: [A, B, C] });
    expect(w.calls).toEqual([]);
    // While asking, the selection cannot change and no other action starts.
    for (const e of [
      { type: 'SELECT', poster: [A] },
      { type: 'TOGGLE', post: A },
      { type: 'FORKAST' },
      { type: 'GODKEND' },
      { type: 'RETRY' },
    ] as GodkendForkastEvent[]) {
      expect(can(actor, e)).toBe(false);
    }
    actor.send({ type: 'CONFIRM' });
    expect(state(actor)).toBe('submitting');
    await flush();
    expect(w.calls).toEqual(['decide godkend 1@1,2@3,3@1']);
  });

  test('CANCEL goes back to the same selection without a call', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A, B] });
    actor.send({ type: 'FORKAST' });
    expect(state(actor)).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(state(actor)).toBe('selecting');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [A, B], handling: null, poster: [] });
    await flush();
    expect(w.calls).toEqual([]);
  });

  test('discarding several confirms too', () => {
    const { actor } = world();
    actor.send({ type: 'SELECT', poster: [A, C] });
    actor.send({ type: 'FORKAST' });
    expect(state(actor)).toBe('confirming');
    expect(actor.getSnapshot().context.handling).toBe('forkast');
  });
});

describe('godkend/forkast: one decision in flight', () => {
  test('refuses a second submit, a selection change and a retry while submitting', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'GODKEND' });
    for (const e of [
      { type: 'GODKEND' },
      { type: 'FORKAST' },
      { type: 'CONFIRM' },
      { type: 'RETRY' },
      { type: 'SELECT', poster: [B] },
      { type: 'TOGGLE', post: B },
      { type: 'CLEAR' },
      { type: 'DISMISS' },
    ] as GodkendForkastEvent[]) {
      expect(can(actor, e)).toBe(false);
      actor.send(e);
    }
    await flush();
    expect(state(actor)).toBe('submitting');
    expect(w.calls).toEqual(['decide godkend 1@1']);
    expect(actor.getSnapshot().context.selected).toEqual([A]);
    w.resolve({ besluttet: [1], alleredeBesluttet: [] });
    await settle(actor, 'done');
    expect(w.calls.filter((c) => c.startsWith('decide '))).toHaveLength(1);
  });
});

describe('godkend/forkast: answers and failures', () => {
  test('entries already decided by another are reported and the text says so', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A, B, C] });
    actor.send({ type: 'GODKEND' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    const svar: BeslutningSvar = {
      besluttet: [1],
      alleredeBesluttet: [
        { id: 2, status: 2, af: 'Anne Admin', dato: '2026-11-01T10:00:00.000Z' },
        { id: 3, status: 1, af: 'Anne Admin', dato: '2026-11-01T10:00:00.000Z' },
      ],
    };
    w.resolve(svar);
    await settle(actor, 'done');
    expect(w.calls.at(-1)).toBe('decided godkend 1 allerede 2,3');
    expect(alleredeBehandletTekst(actor.getSnapshot().context.result!)).toBe(
      '2 poster var allerede behandlet af en anden',
    );
    expect(alleredeBehandletTekst({ besluttet: [], alleredeBesluttet: [svar.alleredeBesluttet[0]!] })).toBe(
      '1 post var allerede behandlet af en anden (Anne Admin)',
    );
    expect(alleredeBehandletTekst({ besluttet: [1], alleredeBesluttet: [] })).toBeNull();
  });

  test('from done: a new selection starts over, DISMISS goes idle, deciding needs a selection', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'FORKAST' });
    await flush();
    w.resolve({ besluttet: [1], alleredeBesluttet: [] });
    await settle(actor, 'done');
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    expect(can(actor, { type: 'RETRY' })).toBe(false);
    actor.send({ type: 'TOGGLE', post: B });
    expect(state(actor)).toBe('selecting');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [B], handling: null });
    actor.send({ type: 'GODKEND' });
    await flush();
    w.resolve({ besluttet: [2], alleredeBesluttet: [] });
    await settle(actor, 'done');
    actor.send({ type: 'DISMISS' });
    expect(state(actor)).toBe('idle');
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  test('a failed call keeps the selection; RETRY sends the same entries and action again', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A, B] });
    actor.send({ type: 'FORKAST' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    w.reject(new Error('En post er ændret, siden listen blev hentet.'));
    await settle(actor, 'failed');
    expect(actor.getSnapshot().context).toMatchObject({
      selected: [A, B],
      error: 'En post er ændret, siden listen blev hentet.',
    });
    expect(w.calls.at(-1)).toBe('failed forkast En post er ændret, siden listen blev hentet.');
    expect(can(actor, { type: 'CONFIRM' })).toBe(false);
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    actor.send({ type: 'RETRY' });
    expect(state(actor)).toBe('submitting');
    await flush();
    expect(w.calls.filter((c) => c.startsWith('decide '))).toEqual([
      'decide forkast 1@1,2@3',
      'decide forkast 1@1,2@3',
    ]);
    w.resolve({ besluttet: [1, 2], alleredeBesluttet: [] });
    await settle(actor, 'done');
  });

  test('after a failure, DISMISS returns to the selection, or to idle when it is empty', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'GODKEND' });
    await flush();
    w.reject('netværk');
    await settle(actor, 'failed');
    expect(actor.getSnapshot().context.error).toBe('Der opstod en uventet fejl');
    actor.send({ type: 'DISMISS' });
    expect(state(actor)).toBe('selecting');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [A], error: null, handling: null });

    actor.send({ type: 'GODKEND' });
    await flush();
    w.reject(new Error('x'));
    await settle(actor, 'failed');
    actor.send({ type: 'TOGGLE', post: A });
    expect(state(actor)).toBe('idle');
  });

  test('after a failure, a new selection replaces the old', async () => {
    const { actor, w } = world();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'GODKEND' });
    await flush();
    w.reject(new Error('x'));
    await settle(actor, 'failed');
    actor.send({ type: 'SELECT', poster: [C] });
    expect(state(actor)).toBe('selecting');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [C], error: null });
    actor.send({ type: 'GODKEND' });
    await flush();
    w.reject(new Error('x'));
    await settle(actor, 'failed');
    actor.send({ type: 'SELECT', poster: [] });
    expect(state(actor)).toBe('idle');
    actor.send({ type: 'TOGGLE', post: B });
    actor.send({ type: 'GODKEND' });
    await flush();
    w.reject(new Error('x'));
    await settle(actor, 'failed');
    actor.send({ type: 'TOGGLE', post: C });
    expect(actor.getSnapshot().context.selected).toEqual([B, C]);
  });

  test('without an injected call the machine fails instead of hanging', async () => {
    const { godkendForkastMachine } = await import('../../machines/godkend-forkast');
    const actor = createActor(godkendForkastMachine, { input: { kundeId: 7 } }).start();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'GODKEND' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('decide is not provided');
  });
});

// ---------------------------------------------------------------------------------------------
// The cursor: after a decision it moves to the next undecided row, never back to row 1.

const rows = (...ids: number[]) => ids;
const post = (id: number) => ({ id, version: id });
const cursor = (a: GfActor) => a.getSnapshot().context.markoer;

/** Approves the entries (one: at once; several: confirmed) and answers as the server would. */
async function godkend(actor: GfActor, w: World, ids: number[], allerede: number[] = []) {
  actor.send({ type: 'SELECT', poster: ids.map(post) });
  actor.send({ type: 'GODKEND' });
  if (ids.length > 1) actor.send({ type: 'CONFIRM' });
  await flush();
  w.resolve({
    besluttet: ids.filter((id) => !allerede.includes(id)),
    alleredeBesluttet: allerede.map((id) => ({ id, status: 1, af: 'Anne Admin', dato: null })),
  });
  await settle(actor, 'done');
}

describe('godkend/forkast: the cursor rule (pure)', () => {
  test('next undecided: after the decided row, else before it; an undecided cursor stays', () => {
    const r = rows(1, 2, 3, 4, 5);
    expect(naesteUbesluttede(r, 3, new Set([3]))).toBe(4);
    expect(naesteUbesluttede(r, 3, new Set([3, 4, 5]))).toBe(2);
    expect(naesteUbesluttede(r, 5, new Set([5]))).toBe(4);
    expect(naesteUbesluttede(r, 2, new Set([4]))).toBe(2);
    expect(naesteUbesluttede(r, 3, new Set(r))).toBeNull();
    expect(naesteUbesluttede(r, null, new Set([1, 2]))).toBe(3);
    // Never back to the first row: row 1 is undecided, yet the cursor goes on from row 3.
    expect(naesteUbesluttede(r, 3, new Set([2, 3]))).toBe(4);
  });

  test('new rows: the cursor keeps its row, else the next remaining one; it starts on the first', () => {
    expect(markoerEfterNyeRaekker([], [7, 8], null)).toBe(7);
    expect(markoerEfterNyeRaekker([1, 2, 3, 4], [4, 3, 2, 1], 3)).toBe(3);
    expect(markoerEfterNyeRaekker([1, 2, 3, 4, 5], [1, 2, 4, 5], 3)).toBe(4);
    expect(markoerEfterNyeRaekker([1, 2, 3, 4, 5], [1, 2, 5], 3)).toBe(5);
    expect(markoerEfterNyeRaekker([1, 2, 3, 4, 5], [1, 2], 4)).toBe(2);
    expect(markoerEfterNyeRaekker([1, 2, 3], [], 2)).toBeNull();
    expect(markoerEfterNyeRaekker([1, 2, 3], [9], 2)).toBe(9);
    // A restored entry not yet shown: the cursor waits on it.
    expect(markoerEfterNyeRaekker([1, 2, 4], [1, 2, 4], 3)).toBe(3);
  });
});

describe('godkend/forkast: the cursor after a decision', () => {
  test('j j g: the cursor goes to the row after the approved one, and stays when the refresh drops it', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 4, 5) });
    expect(cursor(actor)).toBe(1);
    actor.send({ type: 'CURSOR', id: 3 });
    await godkend(actor, w, [3]);
    expect(cursor(actor)).toBe(4);
    // The refreshed queue without the approved entry: the cursor stays on 4, not row 1.
    actor.send({ type: 'ROWS', ids: rows(1, 2, 4, 5) });
    expect(cursor(actor)).toBe(4);
  });

  test('a bulk decision skips every decided row, also those someone else decided first', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 4, 5, 6) });
    actor.send({ type: 'CURSOR', id: 2 });
    await godkend(actor, w, [2, 3], [4]);
    expect(cursor(actor)).toBe(5);
  });

  test('the last row decided: the cursor goes to the row before it; all decided: no cursor', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3) });
    actor.send({ type: 'CURSOR', id: 3 });
    await godkend(actor, w, [3]);
    expect(cursor(actor)).toBe(2);
    await godkend(actor, w, [1, 2]);
    expect(cursor(actor)).toBeNull();
  });

  test('a decision of rows away from the cursor leaves the cursor where it is', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 4) });
    actor.send({ type: 'CURSOR', id: 2 });
    await godkend(actor, w, [3, 4]);
    expect(cursor(actor)).toBe(2);
  });

  test('the cursor follows the user while a decision is in flight; the rule applies to where it is', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 4) });
    actor.send({ type: 'SELECT', poster: [post(1)] });
    actor.send({ type: 'GODKEND' });
    expect(can(actor, { type: 'CURSOR', id: 3 })).toBe(true);
    actor.send({ type: 'CURSOR', id: 1 });
    await flush();
    w.resolve({ besluttet: [1], alleredeBesluttet: [] });
    await settle(actor, 'done');
    expect(cursor(actor)).toBe(2);
  });

  test('a row decided elsewhere leaves on refresh: the cursor goes to the next row, not row 1', () => {
    const { actor } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 4, 5) });
    actor.send({ type: 'CURSOR', id: 4 });
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 5) });
    expect(cursor(actor)).toBe(5);
    actor.send({ type: 'ROWS', ids: rows(1, 2) });
    expect(cursor(actor)).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Fortryd: a decision can be undone for FORTRYD_VINDUE_MS.

describe('godkend/forkast: undo', () => {
  test('FORTRYD undoes the newest decision with the versions the server gave; the cursor goes to the restored row', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 4, 5) });
    actor.send({ type: 'CURSOR', id: 3 });
    await godkend(actor, w, [3]);
    expect(w.decidedKeys).toEqual([1]);
    expect(cursor(actor)).toBe(4);
    actor.send({ type: 'ROWS', ids: rows(1, 2, 4, 5) });
    actor.send({ type: 'FORTRYD' });
    expect(state(actor)).toBe('undoing');
    await flush();
    expect(w.calls.at(-1)).toBe('undo godkend 3@103');
    w.resolveUndo({ fortrudt: [3], versioner: [{ id: 3, version: 200 }] });
    await settle(actor, 'idle');
    expect(w.calls.at(-1)).toBe('undone 1 3');
    expect(cursor(actor)).toBe(3);
    // The restored entry comes back with the refresh: the cursor stays on it.
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3, 4, 5) });
    expect(cursor(actor)).toBe(3);
    // Nothing left to undo.
    expect(can(actor, { type: 'FORTRYD' })).toBe(false);
  });

  test('refused with nothing to undo, while asking, while deciding and while undoing', async () => {
    const { actor, w } = world();
    expect(can(actor, { type: 'FORTRYD' })).toBe(false);
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3) });
    await godkend(actor, w, [1]);
    // Asking to confirm a bulk action: no undo in between.
    actor.send({ type: 'SELECT', poster: [post(2), post(3)] });
    actor.send({ type: 'FORKAST' });
    expect(state(actor)).toBe('confirming');
    expect(can(actor, { type: 'FORTRYD' })).toBe(false);
    actor.send({ type: 'CONFIRM' });
    expect(state(actor)).toBe('submitting');
    expect(can(actor, { type: 'FORTRYD' })).toBe(false);
    await flush();
    w.resolve({ besluttet: [2, 3], alleredeBesluttet: [] });
    await settle(actor, 'done');

    actor.send({ type: 'FORTRYD' });
    expect(state(actor)).toBe('undoing');
    for (const e of [
      { type: 'FORTRYD' },
      { type: 'GODKEND' },
      { type: 'FORKAST' },
      { type: 'CONFIRM' },
      { type: 'RETRY' },
      { type: 'DISMISS' },
      { type: 'SELECT', poster: [post(1)] },
      { type: 'TOGGLE', post: post(1) },
      { type: 'CLEAR' },
    ] as GodkendForkastEvent[]) {
      expect(can(actor, e)).toBe(false);
      actor.send(e);
    }
    await flush();
    expect(w.calls.filter((c) => c.startsWith('undo '))).toEqual(['undo forkast 2@102,3@103']);
    expect(state(actor)).toBe('undoing');
    w.resolveUndo({ fortrudt: [2, 3], versioner: [] });
    await settle(actor, 'idle');
    // The earlier approval is next in line.
    actor.send({ type: 'FORTRYD' });
    await flush();
    expect(w.calls.at(-1)).toBe('undo godkend 1@101');
  });

  test('only within the window: after FORTRYD_VINDUE_MS the decision can no longer be undone', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2) });
    await godkend(actor, w, [1]);
    w.now += FORTRYD_VINDUE_MS - 1;
    expect(can(actor, { type: 'FORTRYD' })).toBe(true);
    w.now += 1;
    expect(can(actor, { type: 'FORTRYD' })).toBe(false);
    actor.send({ type: 'FORTRYD' });
    expect(state(actor)).toBe('done');
    await flush();
    expect(w.calls.some((c) => c.startsWith('undo '))).toBe(false);
  });

  test("a toast's Fortryd undoes its own decision; the others stay undoable", async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2, 3) });
    await godkend(actor, w, [1]);
    actor.send({ type: 'SELECT', poster: [post(2)] });
    actor.send({ type: 'FORKAST' });
    await flush();
    w.resolve({ besluttet: [2], alleredeBesluttet: [] });
    await settle(actor, 'done');
    expect(w.decidedKeys).toEqual([1, 2]);
    expect(can(actor, { type: 'FORTRYD', noegle: 9 })).toBe(false);
    actor.send({ type: 'FORTRYD', noegle: 1 });
    await flush();
    expect(w.calls.at(-1)).toBe('undo godkend 1@101');
    w.resolveUndo({ fortrudt: [1], versioner: [] });
    await settle(actor, 'idle');
    expect(actor.getSnapshot().context.fortrydelige.map((f) => f.noegle)).toEqual([2]);
    expect(cursor(actor)).toBe(1);
  });

  test('a decision that decided nothing (all decided by others) gives nothing to undo', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2) });
    await godkend(actor, w, [1], [1]);
    expect(w.decidedKeys).toEqual([null]);
    expect(can(actor, { type: 'FORTRYD' })).toBe(false);
  });

  test('a failed undo keeps the decision: RETRY sends the same again; DISMISS goes idle and FORTRYD can try later', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2) });
    await godkend(actor, w, [1]);
    actor.send({ type: 'FORTRYD' });
    await flush();
    w.rejectUndo(new Error('En post er ændret, siden beslutningen blev truffet.'));
    await settle(actor, 'undoFailed');
    expect(w.calls.at(-1)).toBe('undo failed 1 En post er ændret, siden beslutningen blev truffet.');
    expect(actor.getSnapshot().context.error).toBe('En post er ændret, siden beslutningen blev truffet.');
    expect(can(actor, { type: 'GODKEND' })).toBe(false);
    actor.send({ type: 'RETRY' });
    expect(state(actor)).toBe('undoing');
    await flush();
    expect(w.calls.filter((c) => c.startsWith('undo godkend'))).toEqual([
      'undo godkend 1@101',
      'undo godkend 1@101',
    ]);
    w.rejectUndo(new Error('x'));
    await settle(actor, 'undoFailed');
    actor.send({ type: 'DISMISS' });
    expect(state(actor)).toBe('idle');
    expect(can(actor, { type: 'FORTRYD' })).toBe(true);
  });

  test('FORTRYD after a failed decision drops the failure and undoes the earlier decision', async () => {
    const { actor, w } = world();
    actor.send({ type: 'ROWS', ids: rows(1, 2) });
    await godkend(actor, w, [1]);
    actor.send({ type: 'SELECT', poster: [post(2)] });
    actor.send({ type: 'GODKEND' });
    await flush();
    w.reject(new Error('netværk'));
    await settle(actor, 'failed');
    actor.send({ type: 'FORTRYD' });
    expect(state(actor)).toBe('undoing');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], error: null, handling: null });
  });

  test(`at most ${MAKS_FORTRYDELIGE} decisions are kept; expired ones are dropped`, async () => {
    const { actor, w } = world();
    const ids = Array.from({ length: MAKS_FORTRYDELIGE + 2 }, (_, i) => i + 1);
    actor.send({ type: 'ROWS', ids });
    for (const id of ids) await godkend(actor, w, [id]);
    expect(actor.getSnapshot().context.fortrydelige).toHaveLength(MAKS_FORTRYDELIGE);
    w.now += FORTRYD_VINDUE_MS;
    await godkend(actor, w, [100]);
    expect(actor.getSnapshot().context.fortrydelige.map((f) => f.poster[0]!.id)).toEqual([100]);
  });

  test('without an injected undo the machine fails instead of hanging', async () => {
    const machine = createGodkendForkastMachine({
      decide: async (input) => ({
        besluttet: input.poster.map((p) => p.id),
        alleredeBesluttet: [],
        versioner: [ny(1)],
      }),
    });
    const actor = createActor(machine, { input: { kundeId: 7 } }).start();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'GODKEND' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'FORTRYD' });
    await waitFor(actor, (s) => s.matches('undoFailed'));
    expect(actor.getSnapshot().context.error).toBe('undo is not provided');
  });
});
