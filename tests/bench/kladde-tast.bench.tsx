// @vitest-environment jsdom
/**
 * What a keystroke costs with drafts on (issue 34; target: under 2 ms on the main thread).
 *
 * The real form mechanism (useVersionedForm with its draft hook, ui/form/kladde.ts) renders a form of
 * twenty text fields, the size of a Stamoplysninger section, twice: once inside a tile's draft place
 * (drafts on) and once without (drafts off, as a form outside a tile). Each iteration is one keystroke:
 * a change event on a field, rendered and committed with its effects (act), so the time holds React's
 * render and the draft hook's work on that keystroke (the timer restart). 'kladde skrives' is the
 * deferred write itself (one per pause in typing, at most a second after the last key), against
 * fake-indexeddb: it runs on the main thread too, but not on the keystroke.
 *
 * Not part of `npm run bench` (its runner takes *.bench.ts with a server); run it with
 *
 *   npx vitest bench --run tests/bench/kladde-tast.bench.tsx
 *
 * and read the difference of the first two rows' mean times. jsdom is slower than Chromium at
 * rendering, so both rows are upper bounds of what the browser spends; the difference is the draft's.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { type ReactNode, useMemo } from 'react';
import { afterAll, bench, describe } from 'vitest';
import { z } from 'zod';
import { gemKladde, type Kladde, kladdeNoegle } from '../../src/app/lib/kladder';
import { TextInput, useVersionedForm } from '../../src/app/ui/form';
import { FormBeskeder } from '../../src/app/ui/form/KladdeBesked';
import { type KladdeSted, KladdeStedContext } from '../../src/app/ui/form/kladde';

globalThis.indexedDB = new IDBFactory();
globalThis.IDBKeyRange = IDBKeyRange;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FELTER = Array.from({ length: 20 }, (_, i) => `felt${i}`);
type Vaerdier = Record<string, string>;
const RECORD = { id: 1, version: 3, ...Object.fromEntries(FELTER.map((f) => [f, `Værdi ${f}`])) };
const schema = z.object(Object.fromEntries(FELTER.map((f) => [f, z.string()])));

function Form({ id }: { id: string }) {
  const vf = useVersionedForm<Vaerdier, typeof RECORD>({
    identitet: `bench:${id}`,
    schema,
    record: RECORD,
    version: RECORD.version,
    vaerdierAf: (r) => Object.fromEntries(FELTER.map((f) => [f, String(r[f as keyof typeof r])])),
    kanRette: true,
    gem: async () => RECORD,
    fejl: () => ({ kind: 'andet' }),
  });
  return (
    <form ref={vf.form.ref}>
      <FormBeskeder vf={vf} />
      {FELTER.map((f) => (
        <TextInput
          key={f}
          name={`${id}-${f}`}
          label={`${id} ${f}`}
          value={vf.form.values[f] ?? ''}
          onChange={(v) => vf.form.set(f, v)}
        />
      ))}
    </form>
  );
}

function MedKladder({ children }: { children: ReactNode }) {
  const sted = useMemo<KladdeSted>(
    () => ({ ejer: { bruger: '1', kunde: 1 }, beskriv: () => ({ sti: '/bench', titel: 'Bench' }) }),
    [],
  );
  return <KladdeStedContext.Provider value={sted}>{children}</KladdeStedContext.Provider>;
}

function tastatur(id: string, kladder: boolean) {
  const { container } = render(
    kladder ? (
      <MedKladder>
        <Form id={id} />
      </MedKladder>
    ) : (
      <Form id={id} />
    ),
  );
  const felt = container.querySelector<HTMLInputElement>(`input[name="${id}-felt7"]`)!;
  let n = 0;
  return () => {
    n++;
    act(() => {
      fireEvent.change(felt, { target: { value: `Skrevet ${n}` } });
    });
  };
}

const kladde: Kladde = {
  noegle: kladdeNoegle({ bruger: '1', kunde: 1 }, 'bench:skriv'),
  bruger: '1',
  kunde: 1,
  identitet: 'bench:skriv',
  version: 3,
  base: RECORD,
  vaerdier: { ...RECORD, felt7: 'Skrevet' },
  sti: '/bench',
  titel: 'Bench',
  gemt: Date.now(),
};

describe('et tastetryk i en formular med 20 felter', () => {
  const uden = tastatur('uden', false);
  const med = tastatur('med', true);
  bench('uden kladder', uden, { time: 5000, warmupTime: 1000 });
  bench('med kladder', med, { time: 5000, warmupTime: 1000 });
  bench(
    'kladde skrives (IndexedDB, efter pausen)',
    async () => {
      await gemKladde({ ...kladde, gemt: Date.now() });
    },
    { time: 2000, warmupTime: 300 },
  );
  afterAll(async () => {
    cleanup();
    // The focus module's observers hear the unmount before the environment goes.
    await new Promise((r) => setTimeout(r, 50));
  });
});
