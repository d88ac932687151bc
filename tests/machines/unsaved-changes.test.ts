import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import {
  UNSAVED_CHANGES_TEXT,
  type UnsavedChangesEvent,
  unsavedChangesMachine,
} from '../../machines/unsaved-changes';

function start() {
  const calls: string[] = [];
  const actor = createActor(
    unsavedChangesMachine.provide({
      actions: {
        proceed: (_, { to }) => calls.push(`proceed ${to}`),
        resetForm: () => calls.push('resetForm'),
      },
    }),
  ).start();
  return { actor, calls };
}

function inState(state: 'clean' | 'dirty' | 'confirming') {
  const h = start();
  if (state !== 'clean') h.actor.send({ type: 'CHANGE' });
  if (state === 'confirming') h.actor.send({ type: 'NAVIGATE_REQUEST', to: '/landbrug' });
  h.calls.length = 0;
  return h;
}

describe('unsaved-changes guard', () => {
  test('a clean form lets navigation through at once', () => {
    const { actor, calls } = start();
    actor.send({ type: 'NAVIGATE_REQUEST', to: '/virksomheder' });
    expect(actor.getSnapshot().matches('clean')).toBe(true);
    expect(calls).toEqual(['proceed /virksomheder']);
  });

  test('CHANGE marks the form dirty; more changes keep it dirty', () => {
    const { actor } = start();
    actor.send({ type: 'CHANGE' });
    actor.send({ type: 'CHANGE' });
    expect(actor.getSnapshot().matches('dirty')).toBe(true);
  });

  test.each(['SAVED', 'RESET'] as const)('%s makes a dirty form clean', (type) => {
    const { actor, calls } = inState('dirty');
    actor.send({ type });
    expect(actor.getSnapshot().matches('clean')).toBe(true);
    actor.send({ type: 'NAVIGATE_REQUEST', to: '/' });
    expect(calls).toEqual(['proceed /']);
  });

  test('navigating away from a dirty form opens the modal and holds the navigation', () => {
    const { actor, calls } = inState('dirty');
    actor.send({ type: 'NAVIGATE_REQUEST', to: '/vandanlaeg/3' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context.pendingTo).toBe('/vandanlaeg/3');
    expect(calls).toEqual([]);
  });

  test("'Bliv på formularen' (or Escape / close icon) cancels the navigation and keeps the changes", () => {
    const { actor, calls } = inState('confirming');
    actor.send({ type: 'STAY' });
    expect(actor.getSnapshot().matches('dirty')).toBe(true);
    expect(actor.getSnapshot().context.pendingTo).toBeNull();
    expect(calls).toEqual([]);

    actor.send({ type: 'NAVIGATE_REQUEST', to: '/frister' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
  });

  test("'Gå videre uden at gemme' resets the form, then navigates, and the form is clean", () => {
    const { actor, calls } = inState('confirming');
    actor.send({ type: 'PROCEED' });
    expect(actor.getSnapshot().matches('clean')).toBe(true);
    expect(actor.getSnapshot().context.pendingTo).toBeNull();
    expect(calls).toEqual(['resetForm', 'proceed /landbrug']);

    actor.send({ type: 'NAVIGATE_REQUEST', to: '/' });
    expect(calls.at(-1)).toBe('proceed /');
  });

  test.each<['clean' | 'dirty' | 'confirming', UnsavedChangesEvent]>([
    ['clean', { type: 'STAY' }],
    ['clean', { type: 'PROCEED' }],
    ['clean', { type: 'SAVED' }],
    ['dirty', { type: 'STAY' }],
    ['dirty', { type: 'PROCEED' }],
    ['confirming', { type: 'NAVIGATE_REQUEST', to: '/admin' }],
    ['confirming', { type: 'CHANGE' }],
    ['confirming', { type: 'SAVED' }],
    ['confirming', { type: 'RESET' }],
  ])('in %s, %o is ignored', (state, event) => {
    const { actor, calls } = inState(state);
    const before = actor.getSnapshot();
    expect(before.can(event)).toBe(false);
    actor.send(event);
    expect(actor.getSnapshot()).toBe(before);
    expect(calls).toEqual([]);
  });

  test('the modal texts', () => {
    expect(UNSAVED_CHANGES_TEXT).toEqual({
      title: 'Ændringer i formularen',
      body: 'Dine ændringer er ikke gemt. Vil du fortsætte uden at gemme?',
      stay: 'Bliv på formularen',
      proceed: 'Gå videre uden at gemme',
    });
  });
});
