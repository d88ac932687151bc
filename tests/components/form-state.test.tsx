// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { problemErrors, TextInput, useForm, zodErrors } from '../../src/app/ui/form';
import { setupComponentTests } from './harness';

setupComponentTests();

const schema = z.object({
  navn: z.string().trim().min(1, 'Feltet er påkrævet'),
  cvr: z.string().regex(/^\d{8}$/, 'CVR-nummeret skal være 8 cifre'),
  by: z.string().min(1, 'Feltet er påkrævet'),
});

let api: ReturnType<typeof useForm<{ navn: string; cvr: string; by: string }>>;
function Form() {
  api = useForm({ navn: 'Fur VVS', cvr: '12345678', by: 'Skive' }, schema);
  const felt = (name: 'by' | 'navn' | 'cvr', label: string) => (
    <TextInput
      name={name}
      label={label}
      value={api.values[name]}
      error={api.errors[name]}
      onChange={(v) => api.set(name, v)}
    />
  );
  return (
    <form ref={api.ref}>
      {/* Page order: by, navn, cvr (not the schema's order). */}
      {felt('by', 'By')}
      {felt('navn', 'Navn')}
      {felt('cvr', 'CVR')}
    </form>
  );
}

const records: Record<string, { navn: string; cvr: string; by: string }> = {
  A: { navn: 'Anneberg Vaskeri ApS', cvr: '11111111', by: 'Skive' },
  B: { navn: 'Brønderslev Smed', cvr: '22222222', by: 'Fur' },
};
let recordForm: ReturnType<typeof useForm<{ navn: string; cvr: string; by: string }>>;
const shown: string[] = [];
/** A form over one record of `records`, named by its identity. */
function RecordForm({ id }: { id: string }) {
  recordForm = useForm(() => records[id]!, schema, `virksomhed:${id}`);
  shown.push(`${id}:${recordForm.values.navn}`);
  return (
    <TextInput
      name="navn"
      label="Navn"
      value={recordForm.values.navn}
      onChange={(v) => recordForm.set('navn', v)}
    />
  );
}

describe('useForm', () => {
  it('belongs to one record: another identity starts from its own values, never the previous record’s', () => {
    shown.length = 0;
    const { rerender } = render(<RecordForm id="A" />);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Ændret A' } });
    expect(recordForm.dirty).toBe(true);
    rerender(<RecordForm id="B" />);
    expect((screen.getByLabelText('Navn') as HTMLInputElement).value).toBe('Brønderslev Smed');
    expect(recordForm.dirty).toBe(false);
    rerender(<RecordForm id="A" />);
    expect(recordForm.values).toEqual(records.A);
    // No render ever paired a record with another record's values.
    expect(shown.filter((s) => s.startsWith('A:') && s.includes('Brønderslev'))).toEqual([]);
    expect(shown.filter((s) => s.startsWith('B:') && !s.includes('Brønderslev'))).toEqual([]);
  });

  it('tracks dirty against the saved values and resets', () => {
    render(<Form />);
    expect(api.dirty).toBe(false);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Fur VVS ApS' } });
    expect(api.dirty).toBe(true);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Fur VVS' } });
    expect(api.dirty).toBe(false);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Andet' } });
    act(() => api.reset());
    expect((screen.getByLabelText('Navn') as HTMLInputElement).value).toBe('Fur VVS');
    act(() => api.reset({ navn: 'Nyt', cvr: '87654321', by: 'Fur' }));
    expect(api.dirty).toBe(false);
    expect((screen.getByLabelText('By') as HTMLInputElement).value).toBe('Fur');
  });

  it('validates before save: shows every error and scrolls to and focuses the first field in page order', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('CVR'), { target: { value: '123' } });
    let result: unknown = 'x';
    act(() => {
      result = api.validate();
    });
    expect(result).toBeNull();
    expect(screen.getByText('Feltet er påkrævet')).toBeTruthy();
    expect(screen.getByText('CVR-nummeret skal være 8 cifre')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Navn'));
    expect(scroll).toHaveBeenCalledWith({ block: 'center' });
    // Correcting a field removes its message.
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Fur' } });
    expect(screen.queryByText('Feltet er påkrævet')).toBeNull();
    act(() => {
      result = api.validate();
    });
    expect(document.activeElement).toBe(screen.getByLabelText('CVR'));
    fireEvent.change(screen.getByLabelText('CVR'), { target: { value: '12345678' } });
    act(() => {
      result = api.validate();
    });
    expect(result).toEqual({ navn: 'Fur', cvr: '12345678', by: 'Skive' });
  });

  it('shows the server’s 400 field errors under the fields', async () => {
    render(<Form />);
    let shown = false;
    await act(async () => {
      shown = api.showServerErrors({
        title: 'Ugyldige data',
        status: 400,
        errors: { by: ['Ukendt by', 'Ukendt postnummer'] },
      });
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(shown).toBe(true);
    // The last message of a field is shown (spec 000 §5).
    expect(screen.getByText('Ukendt postnummer')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('By'));
    expect(api.showServerErrors({ status: 409, message: 'x' })).toBe(false);
  });

  it('turns zod issues and problem details into one message per field', () => {
    const r = schema.safeParse({ navn: '', cvr: 'x', by: '' });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(zodErrors(r.error)).toEqual({
        navn: 'Feltet er påkrævet',
        cvr: 'CVR-nummeret skal være 8 cifre',
        by: 'Feltet er påkrævet',
      });
    expect(problemErrors({ errors: { 'lokalitet.matrikler': ['a', 'b'] } })).toEqual({
      'lokalitet.matrikler': 'b',
    });
    expect(problemErrors('nope')).toBeNull();
  });
});
