import { describe, expect, test } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import {
  alleredeBehandletTekst,
  createGodkendForkastMachine,
  type DecideInput,
  type GodkendForkastEvent,
  type Handling,
} from '../../machines/godkend-forkast';
import type { BeslutningSvar } from '../../src/contract/validering';
import { flush } from './fixtures';

const A = { id: 1, version: 1 };
const B = { id: 2, version: 3 };
const C = { id: 3, version: 1 };

interface World {
  calls: string[];
  /** Resolves or rejects the call in flight. */
  resolve(result: BeslutningSvar): void;
  reject(error: unknown): void;
}

function world() {
  const w: World = { calls: [], resolve: () => {}, reject: () => {} };
  const machine = createGodkendForkastMachine({
    decide: (input: DecideInput) => {
      w.calls.push(`decide ${input.handling} ${input.poster.map((p) => `${p.id}@${p.version}`).join(',')}`);
      return new Promise<BeslutningSvar>((resolve, reject) => {
        w.resolve = resolve;
        w.reject = reject;
      });
    },
    decided: (h: Handling, r: BeslutningSvar) =>
      w.calls.push(
        `decided ${h} ${r.besluttet.join(',')} allerede ${r.alleredeBesluttet.map((a) => a.id).join(',')}`,
      ),
    failedToDecide: (h: Handling, e: string) => w.calls.push(`failed ${h} ${e}`),
  });
  const actor = createActor(machine).start();
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
    const actor = createActor(godkendForkastMachine).start();
    actor.send({ type: 'SELECT', poster: [A] });
    actor.send({ type: 'GODKEND' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('decide is not provided');
  });
});
