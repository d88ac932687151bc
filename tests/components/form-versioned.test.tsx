// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type GemFejl, TextInput, useVersionedForm, type VersionedForm } from '../../src/app/ui/form';
import { setupComponentTests } from './harness';

setupComponentTests();

interface Post {
  id: number;
  version: number;
  navn: string;
}
type Vaerdier = { navn: string };

const schema = z.object({ navn: z.string().trim().min(1, 'Feltet er påkrævet') });

/** A failed save as the feature's classifier reports it. */
class Afvist extends Error {
  constructor(readonly fejl: GemFejl) {
    super('afvist');
  }
}

let vf: VersionedForm<Vaerdier>;
/** What the form told the unsaved-changes guard, in order. */
let vagt: boolean[] = [];
let gemt: { data: Vaerdier; version: number | undefined }[] = [];
let naesteSvar: (data: Vaerdier, r: Post | undefined) => Promise<Post>;
let frisk: Post | undefined;

function Form({ record, kanRette = true }: { record: Post | undefined; kanRette?: boolean }) {
  vf = useVersionedForm<Vaerdier, Post>({
    identitet: `post:${record?.id ?? 'ny'}`,
    schema,
    record,
    version: record?.version,
    vaerdierAf: (r) => ({ navn: r.navn }),
    nye: () => ({ navn: '' }),
    kanRette,
    gem: (data, r) => {
      gemt.push({ data, version: r?.version });
      return naesteSvar(data, r);
    },
    fejl: (err) => (err instanceof Afvist ? err.fejl : { kind: 'andet' }),
    vagt: (dirty) => vagt.push(dirty),
    hentIgen: async () => frisk,
  });
  return (
    <form ref={vf.form.ref}>
      {vf.konflikt && <p role="alert">{vf.konflikt}</p>}
      <TextInput
        name="navn"
        label="Navn"
        value={vf.form.values.navn}
        error={vf.form.errors.navn}
        onChange={(v) => vf.form.set('navn', v)}
      />
    </form>
  );
}

const felt = () => screen.getByLabelText('Navn') as HTMLInputElement;
const skriv = (tekst: string) => fireEvent.change(felt(), { target: { value: tekst } });

function start(record: Post | undefined, kanRette = true) {
  vagt = [];
  gemt = [];
  frisk = undefined;
  naesteSvar = async (data, r) => ({ id: r?.id ?? 99, version: (r?.version ?? 0) + 10, navn: data.navn });
  return render(<Form record={record} kanRette={kanRette} />);
}

describe('useVersionedForm', () => {
  it('loads the record, tells the guard when it gets dirty, saves with the version and is clean after', async () => {
    start({ id: 1, version: 4, navn: 'Fur VVS' });
    expect(felt().value).toBe('Fur VVS');
    expect(vf.form.dirty).toBe(false);
    skriv('Fur VVS ApS');
    expect(vf.form.dirty).toBe(true);
    expect(vagt.at(-1)).toBe(true);
    await act(() => vf.gem());
    expect(gemt).toEqual([{ data: { navn: 'Fur VVS ApS' }, version: 4 }]);
    expect(vf.form.dirty).toBe(false);
    expect(vagt.at(-1)).toBe(false);
    expect(felt().value).toBe('Fur VVS ApS');
  });

  it('checks with the schema first: nothing is sent and the field shows the message', async () => {
    start({ id: 1, version: 4, navn: 'Fur VVS' });
    skriv('  ');
    await act(() => vf.gem());
    expect(gemt).toEqual([]);
    expect(screen.getByText('Feltet er påkrævet')).toBeTruthy();
  });

  it('a 409 keeps what the user typed and shows the text; Genindlæs takes the newest version', async () => {
    start({ id: 1, version: 4, navn: 'Fur VVS' });
    naesteSvar = () =>
      Promise.reject(new Afvist({ kind: 'konflikt', message: 'Posten er ændret af en anden bruger' }));
    skriv('Mit navn');
    await act(() => vf.gem());
    expect(screen.getByRole('alert').textContent).toBe('Posten er ændret af en anden bruger');
    expect(felt().value).toBe('Mit navn');
    expect(vf.form.dirty).toBe(true);
    expect(vf.busy).toBe(null);

    frisk = { id: 1, version: 7, navn: 'Andens navn' };
    await act(() => vf.genindlaes());
    expect(screen.queryByRole('alert')).toBe(null);
    expect(felt().value).toBe('Andens navn');
    expect(vagt.at(-1)).toBe(false);
  });

  it("a 400 shows the server's messages under the fields", async () => {
    start({ id: 1, version: 4, navn: 'Fur VVS' });
    naesteSvar = () =>
      Promise.reject(new Afvist({ kind: 'felter', body: { errors: { navn: ['Navnet findes allerede'] } } }));
    skriv('Skive Smed');
    await act(() => vf.gem());
    expect(screen.getByText('Navnet findes allerede')).toBeTruthy();
    expect(felt().value).toBe('Skive Smed');
  });

  it('a newer version replaces a clean form but never the edits of a dirty one', () => {
    const { rerender } = start({ id: 1, version: 4, navn: 'Fur VVS' });
    rerender(<Form record={{ id: 1, version: 5, navn: 'Fur VVS A/S' }} />);
    expect(felt().value).toBe('Fur VVS A/S');
    skriv('Mine ændringer');
    rerender(<Form record={{ id: 1, version: 6, navn: 'Andens ændring' }} />);
    expect(felt().value).toBe('Mine ændringer');
  });

  it("starts again from the new record's values when the identity changes", () => {
    const { rerender } = start({ id: 1, version: 4, navn: 'Fur VVS' });
    skriv('Halvt skrevet');
    rerender(<Form record={{ id: 2, version: 3, navn: 'Brønderslev Smed' }} />);
    expect(felt().value).toBe('Brønderslev Smed');
    expect(vf.form.dirty).toBe(false);
    rerender(<Form record={undefined} />);
    expect(felt().value).toBe('');
  });

  it('without the right to change, saves nothing and never holds the guard', async () => {
    start({ id: 1, version: 4, navn: 'Fur VVS' }, false);
    skriv('Forsøg');
    await act(() => vf.gem());
    expect(gemt).toEqual([]);
    expect(vagt.every((d) => d === false)).toBe(true);
  });
});
