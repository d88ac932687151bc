import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import {
  type CustomerSwitchInput,
  customerSwitchMachine,
  provideCustomerSwitch,
} from '../../machines/customer-switch';
import type { BrugerSettings } from '../../src/contract/session';
import { brugerSettings, fakeSwitchActors, kundeSettingsOf, type SwitchStep, userOf } from './fixtures';

function harness(options: { failAt?: SwitchStep; confirm?: boolean | 'rejects' } = {}) {
  const calls: string[] = [];
  const record = (step: SwitchStep, line: string) => {
    calls.push(line);
    if (options.failAt === step) throw new Error(`${step} fejlede`);
  };
  const { confirm } = options;
  const machine = customerSwitchMachine.provide({
    actors: {
      ...(confirm !== undefined && {
        confirmLeave: fromPromise<boolean, { kundeId: number }>(async ({ input }) => {
          calls.push(`confirmLeave ${input.kundeId}`);
          if (confirm === 'rejects') throw new Error('modal lukket');
          return confirm;
        }),
      }),
      ...fakeSwitchActors(record),
    },
    actions: {
      storeToken: (_, { token }) => record('storeToken', `storeToken ${token}`),
      navigate: (_, { path }) => calls.push(`navigate ${path}`),
      reloadPage: () => calls.push('reloadPage'),
    },
  });
  return { calls, machine };
}

const input = (currentPath?: string): CustomerSwitchInput => ({ kundeId: 2, brugerSettings, currentPath });

const FULL_SEQUENCE = [
  'changeMunicipality 2',
  'storeToken token-kunde-2',
  'loadUser token-kunde-2',
  'saveBrugerSettings activeKundeId=2',
  'loadKundeSettings 2',
];

describe('customer switch', () => {
  test('runs the steps in the order of the spec, then goes home and reloads the page', async () => {
    const { calls, machine } = harness();
    const actor = createActor(machine, { input: input('/virksomheder/10/tilsyn') }).start();
    const output = await toPromise(actor);

    expect(calls).toEqual([...FULL_SEQUENCE, 'navigate /', 'reloadPage']);
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(output).toEqual({
      status: 'switched',
      token: 'token-kunde-2',
      user: userOf(2),
      brugerSettings: { ...brugerSettings, activeKundeId: 2 },
      kundeSettings: kundeSettingsOf(2),
    });
  });

  test('reloads directly when already on home', async () => {
    const { calls, machine } = harness();
    await toPromise(createActor(machine, { input: input('/') }).start());
    expect(calls).toEqual([...FULL_SEQUENCE, 'reloadPage']);
  });

  test('goes home before reloading when the current path is unknown', async () => {
    const { calls, machine } = harness();
    await toPromise(createActor(machine, { input: input() }).start());
    expect(calls.slice(-2)).toEqual(['navigate /', 'reloadPage']);
  });

  test('saves the user settings with the new activeKundeId and keeps the others', async () => {
    const saved: unknown[] = [];
    const machine = harness().machine.provide({
      actors: {
        saveBrugerSettings: fromPromise<void, { brugerSettings: BrugerSettings }>(async ({ input }) => {
          saved.push(input.brugerSettings);
        }),
      },
    });
    await toPromise(createActor(machine, { input: input('/') }).start());
    expect(saved).toEqual([{ ...brugerSettings, activeKundeId: 2 }]);
  });

  test.each([
    ['changeMunicipality', 1],
    ['loadUser', 3],
    ['saveBrugerSettings', 4],
    ['loadKundeSettings', 5],
  ] as const)(
    'when %s fails the switch ends failed, runs no later step and does not reload',
    async (step, done) => {
      const { calls, machine } = harness({ failAt: step });
      const actor = createActor(machine, { input: input('/frister') }).start();
      const output = await toPromise(actor);

      expect(actor.getSnapshot().matches('failed')).toBe(true);
      expect(output).toEqual({ status: 'failed', error: new Error(`${step} fejlede`) });
      expect(calls).toEqual(FULL_SEQUENCE.slice(0, done));
    },
  );

  test('when storing the token fails the actor errors (the session machine logs out on it)', async () => {
    const { calls, machine } = harness({ failAt: 'storeToken' });
    const actor = createActor(machine, { input: input('/') }).start();
    await expect(toPromise(actor)).rejects.toThrow('storeToken fejlede');
    expect(actor.getSnapshot().status).toBe('error');
    expect(calls).toEqual(FULL_SEQUENCE.slice(0, 2));
  });

  test('asks confirmLeave first; false cancels without any side effect', async () => {
    const { calls, machine } = harness({ confirm: false });
    const actor = createActor(machine, { input: input('/frister') }).start();
    expect(await toPromise(actor)).toEqual({ status: 'cancelled' });
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
    expect(calls).toEqual(['confirmLeave 2']);
  });

  test('a rejected confirmLeave also cancels', async () => {
    const { calls, machine } = harness({ confirm: 'rejects' });
    expect(await toPromise(createActor(machine, { input: input('/') }).start())).toEqual({
      status: 'cancelled',
    });
    expect(calls).toEqual(['confirmLeave 2']);
  });

  test('confirmLeave true lets the switch run', async () => {
    const { calls, machine } = harness({ confirm: true });
    await toPromise(createActor(machine, { input: input('/') }).start());
    expect(calls).toEqual(['confirmLeave 2', ...FULL_SEQUENCE, 'reloadPage']);
  });

  test('provideCustomerSwitch wires plain-function effects', async () => {
    const calls: string[] = [];
    const logged = <T>(line: string, value: T) => {
      calls.push(line);
      return value;
    };
    const machine = provideCustomerSwitch({
      confirmLeave: (kundeId) => logged(`confirmLeave ${kundeId}`, true),
      changeMunicipality: async (kundeId) => logged(`changeMunicipality ${kundeId}`, 'ny-token'),
      storeToken: (token) => logged(`storeToken ${token}`, undefined),
      loadUser: async (token) => logged(`loadUser ${token}`, userOf(2)),
      saveBrugerSettings: async (settings) =>
        logged(`saveBrugerSettings ${settings.activeKundeId}`, undefined),
      loadKundeSettings: async (kundeId) => logged(`loadKundeSettings ${kundeId}`, kundeSettingsOf(kundeId)),
      navigate: (path) => calls.push(`navigate ${path}`),
      reloadPage: () => calls.push('reloadPage'),
    });
    const output = await toPromise(createActor(machine, { input: input('/rapport') }).start());
    expect(output.status).toBe('switched');
    expect(calls).toEqual([
      'confirmLeave 2',
      'changeMunicipality 2',
      'storeToken ny-token',
      'loadUser ny-token',
      'saveBrugerSettings 2',
      'loadKundeSettings 2',
      'navigate /',
      'reloadPage',
    ]);
  });
});
