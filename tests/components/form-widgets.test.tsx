// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  Checkbox,
  formatDanskDato,
  formatDanskTal,
  JA_NEJ_IKKE_RELEVANT,
  LookupCheckList,
  type LookupOption,
  LookupSelect,
  NumberInput,
  parseDanskDato,
  parseDanskTal,
  RadioGroup,
  TextArea,
  TextInput,
} from '../../src/app/ui/form';
import { ControlledDate, setupComponentTests } from './harness';

setupComponentTests();

describe('parsing what users type', () => {
  it('reads dates as DD-MM-YYYY, with the usual variants, and rejects what is not a date', () => {
    expect(parseDanskDato('05-03-2026')).toBe('2026-03-05');
    expect(parseDanskDato('5-3-2026')).toBe('2026-03-05');
    expect(parseDanskDato('05.03.2026')).toBe('2026-03-05');
    expect(parseDanskDato('05/03/2026')).toBe('2026-03-05');
    expect(parseDanskDato('05032026')).toBe('2026-03-05');
    expect(parseDanskDato('2026-03-05')).toBe('2026-03-05');
    expect(parseDanskDato(' 29-02-2024 ')).toBe('2024-02-29');
    for (const bad of [
      '29-02-2025',
      '31-04-2026',
      '00-01-2026',
      '12-13-2026',
      '1-1-26',
      'i går',
      '',
      '05-03-1700',
    ]) {
      expect(parseDanskDato(bad), bad).toBeNull();
    }
    expect(formatDanskDato('2026-03-05')).toBe('05-03-2026');
    expect(formatDanskDato('2026-03-05T13:00:00')).toBe('05-03-2026');
    expect(formatDanskDato(null)).toBe('');
  });

  it('reads Danish numbers: dot thousands, comma decimals', () => {
    expect(parseDanskTal('1.234,5')).toBe(1234.5);
    expect(parseDanskTal('1234,5')).toBe(1234.5);
    expect(parseDanskTal('-3')).toBe(-3);
    expect(parseDanskTal('2.5')).toBe(2.5);
    expect(parseDanskTal('1.000')).toBe(1000);
    expect(parseDanskTal('1 000 000')).toBe(1_000_000);
    expect(parseDanskTal('')).toBeNull();
    expect(parseDanskTal('abc')).toBeNull();
    expect(parseDanskTal('1,2,3')).toBeNull();
    expect(formatDanskTal(1234.5)).toBe('1.234,5');
    expect(formatDanskTal(2.125)).toBe('2,13');
    expect(formatDanskTal(null)).toBe('');
  });
});

function ControlledText(props: Partial<Parameters<typeof TextInput>[0]> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return <TextInput name="navn" label="Navn" {...props} value={value} onChange={setValue} />;
}

function ControlledNumber({ onValue }: { onValue(v: number | null): void }) {
  const [v, setV] = useState<number | null>(2);
  return (
    <NumberInput
      name="timer"
      label="Timer"
      value={v}
      unit="timer"
      step={0.5}
      min={0}
      onChange={(x) => {
        setV(x);
        onValue(x);
      }}
    />
  );
}

function ControlledCheckList({ initial }: { initial: number[] }) {
  const [v, setV] = useState<(string | number)[]>(initial);
  return (
    <>
      <LookupCheckList name="m" label="Miljøforhold" value={v} options={OPTIONS} onChange={setV} />
      <output data-testid="value">{JSON.stringify(v)}</output>
    </>
  );
}

function ControlledRadio() {
  const [v, setV] = useState<boolean | null>(true);
  return (
    <>
      <RadioGroup name="varslet" label="Varslet" value={v} options={JA_NEJ_IKKE_RELEVANT} onChange={setV} />
      <output data-testid="v">{String(v)}</output>
    </>
  );
}

describe('TextInput', () => {
  it('shows the required asterisk, the length/max counter and stops at the maximum', () => {
    render(<ControlledText required maxLength={10} initial="Fur" />);
    const input = screen.getByLabelText(/^Navn/) as HTMLInputElement;
    expect(input).toHaveProperty('maxLength', 10);
    expect(input.getAttribute('aria-required')).toBe('true');
    const field = input.closest('[data-felt="navn"]') as HTMLElement;
    expect(within(field).getByText('*')).toBeTruthy();
    expect(within(field).getByText('3/10')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Fur VVS' } });
    expect(within(field).getByText('7/10')).toBeTruthy();
  });

  it('a password shows its text only while the eye button is held down, by pointer or by key', () => {
    render(<ControlledText type="password" initial="hemmelig" />);
    const input = screen.getByLabelText(/^Navn/) as HTMLInputElement;
    const oeje = screen.getByRole('button', { name: /Vis adgangskoden/ });
    expect(input.type).toBe('password');
    fireEvent.pointerDown(oeje);
    expect(input.type).toBe('text');
    fireEvent.pointerUp(oeje);
    expect(input.type).toBe('password');
    fireEvent.pointerDown(oeje);
    fireEvent.pointerLeave(oeje);
    expect(input.type).toBe('password');
    fireEvent.keyDown(oeje, { key: ' ' });
    expect(input.type).toBe('text');
    fireEvent.keyUp(oeje, { key: ' ' });
    expect(input.type).toBe('password');
    // A click alone (down and up) never leaves it visible.
    fireEvent.click(oeje);
    expect(input.type).toBe('password');
  });

  it('shows the error under the field and ties it to the input', () => {
    render(<ControlledText error="Feltet er påkrævet" />);
    const input = screen.getByLabelText('Navn');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Feltet er påkrævet');
    expect(document.getElementById(describedBy)?.className).toContain('form-error');
  });

  it('carries the D, J and S report marks with their titles', () => {
    const { rerender } = render(
      <TextInput name="x" label="CVR" value="" onChange={() => {}} marks={['D', 'J', 'S']} />,
    );
    const titles = () => [...document.querySelectorAll('.report-mark')].map((m) => m.getAttribute('title'));
    expect(titles()).toEqual(['Indberettes til DMA', 'Indberettes til Jupiter', 'Indberettes til SAT']);
    rerender(<TextInput name="x" label="CVR" value="" onChange={() => {}} marks={['J']} jupiterShowOnly />);
    expect(titles()).toEqual(['Hentes fra Jupiter']);
    // The marks are outside the label: the field is still named just 'CVR'.
    expect(screen.getByLabelText('CVR')).toBeTruthy();
  });

  it('with preventDot blocks the dot key and strips dots and commas', () => {
    const onChange = vi.fn();
    render(<TextInput name="nr" label="Nummer" value="" onChange={onChange} preventDot />);
    const input = screen.getByLabelText('Nummer');
    const dot = fireEvent.keyDown(input, { key: '.' });
    expect(dot).toBe(false);
    fireEvent.change(input, { target: { value: '1.234,5' } });
    expect(onChange).toHaveBeenLastCalledWith('12345');
  });

  it('a disabled e-mail field offers a mail link', () => {
    render(
      <TextInput name="email" label="E-mail" type="email" value="bh@firma.dk" onChange={() => {}} disabled />,
    );
    expect(screen.getByRole('link', { name: 'Skriv til bh@firma.dk' }).getAttribute('href')).toBe(
      'mailto:bh@firma.dk',
    );
  });
});

describe('TextArea', () => {
  it('has 3 rows by default and a counter', () => {
    render(<TextArea name="b" label="Bemærkning" value="abc" onChange={() => {}} maxLength={4000} />);
    expect(screen.getByLabelText('Bemærkning').getAttribute('rows')).toBe('3');
    expect(screen.getByText('3/4000')).toBeTruthy();
  });
});

describe('NumberInput', () => {
  it('reads Danish numbers, is empty when cleared, NaN for text, and steps with the arrow keys', () => {
    const seen: (number | null)[] = [];
    render(<ControlledNumber onValue={(x) => seen.push(x)} />);
    const input = screen.getByLabelText('Timer') as HTMLInputElement;
    expect(input.value).toBe('2');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1.234,5' } });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: 'to' } });
    expect(seen.slice(0, 2)).toEqual([1234.5, null]);
    expect(Number.isNaN(seen[2])).toBe(true);
    fireEvent.change(input, { target: { value: '1,5' } });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(seen.at(-1)).toBe(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(seen.at(-1)).toBe(0);
    fireEvent.change(input, { target: { value: '1234,5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1.234,5');
    expect(screen.getByText('timer')).toBeTruthy();
  });
});

describe('DateInput', () => {
  it('shows DD-MM-YYYY and hands the form ISO dates', () => {
    const onValue = vi.fn();
    render(<ControlledDate onValue={onValue} initial="2026-03-05" />);
    const input = screen.getByLabelText('Tilsynsdato') as HTMLInputElement;
    expect(input.value).toBe('05-03-2026');
    expect(input.placeholder).toBe('DD-MM-ÅÅÅÅ');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1.4.2026' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-04-01');
    fireEvent.blur(input);
    expect(input.value).toBe('01-04-2026');
  });

  it('clears the value when the typed text is not a date, and keeps the text, marked, on leaving the field', () => {
    const onValue = vi.fn();
    render(<ControlledDate onValue={onValue} initial="2026-03-05" />);
    const input = screen.getByLabelText('Tilsynsdato') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '31-02-2026' } });
    expect(onValue).toHaveBeenLastCalledWith(null);
    fireEvent.blur(input);
    // Issue 30: the text is not emptied; the field says why (the value is cleared, spec 001 §5).
    expect(input.value).toBe('31-02-2026');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

const OPTIONS: LookupOption[] = [
  { id: 1, kode: 'BASIS', navn: 'Basistilsyn', aktiv: true, dmaKode: true, prioritet: 1 },
  { id: 2, kode: 'KLAGE', navn: 'Klagesagstilsyn', aktiv: true, dmaKode: true, prioritet: 2 },
  { id: 3, kode: 'ANDET', navn: 'Andet tilsyn', aktiv: true, dmaKode: false, prioritet: 3 },
  { id: 4, kode: 'GAMMEL', navn: 'Regelmæssigt tilsyn', aktiv: false, dmaKode: true, prioritet: 4 },
];

describe('LookupSelect', () => {
  const optionTexts = () =>
    [...(screen.getByLabelText(/^Tilsynstype/) as HTMLSelectElement).options].map((o) => o.text);

  it('has an empty option, hides inactive values and marks values that are not DMA values', () => {
    render(<LookupSelect name="t" label="Tilsynstype" value={null} options={OPTIONS} onChange={() => {}} />);
    expect(optionTexts()).toEqual(['', 'Basistilsyn', 'Klagesagstilsyn', 'Andet tilsyn (Ikke DMA)']);
  });

  it('shows an inactive value while it is the selected one', () => {
    render(<LookupSelect name="t" label="Tilsynstype" value={4} options={OPTIONS} onChange={() => {}} />);
    expect(optionTexts()).toContain('Regelmæssigt tilsyn');
    expect((screen.getByLabelText(/^Tilsynstype/) as HTMLSelectElement).value).toBe('4');
  });

  it('answers numbers for ids, text for codes, and null for the empty option', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <LookupSelect name="t" label="Tilsynstype" value={1} options={OPTIONS} onChange={onChange} />,
    );
    const select = screen.getByLabelText(/^Tilsynstype/);
    fireEvent.change(select, { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    rerender(
      <LookupSelect
        name="t"
        label="Tilsynstype"
        value="BASIS"
        valueKey="kode"
        options={OPTIONS}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText(/^Tilsynstype/), { target: { value: 'KLAGE' } });
    expect(onChange).toHaveBeenLastCalledWith('KLAGE');
  });

  it('names a selected value the list does not hold', () => {
    render(
      <LookupSelect
        name="t"
        label="Tilsynstype"
        value={99}
        options={OPTIONS}
        onChange={() => {}}
        unknownLabel={(v) => `Slettet tilsyn (${v})`}
      />,
    );
    expect(optionTexts()).toContain('Slettet tilsyn (99)');
  });
});

describe('LookupCheckList', () => {
  it('adds and removes values in the list order; inactive ones only while chosen', () => {
    render(<ControlledCheckList initial={[4]} />);
    const group = screen.getByRole('group', { name: 'Miljøforhold' });
    expect(within(group).getAllByRole('checkbox').length).toBe(4);
    fireEvent.click(within(group).getByLabelText('Klagesagstilsyn'));
    fireEvent.click(within(group).getByLabelText('Basistilsyn'));
    expect(screen.getByTestId('value').textContent).toBe('[1,2,4]');
    fireEvent.click(within(group).getByLabelText('Regelmæssigt tilsyn'));
    expect(screen.getByTestId('value').textContent).toBe('[1,2]');
    expect(within(group).queryByLabelText('Regelmæssigt tilsyn')).toBeNull();
    expect(within(group).getByLabelText('Andet tilsyn (Ikke DMA)')).toBeTruthy();
  });

  it('read-only, it lists only the chosen values', () => {
    render(
      <LookupCheckList
        name="m"
        label="Miljøforhold"
        value={[2, 4]}
        options={OPTIONS}
        onChange={() => {}}
        disabled
      />,
    );
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByRole('note').textContent).toBe('Klagesagstilsyn, Regelmæssigt tilsyn');
  });
});

describe('Checkbox and RadioGroup', () => {
  it('a checkbox reports its state', () => {
    const onChange = vi.fn();
    render(<Checkbox name="voc" label="Omfattet af VOC" checked={false} onChange={onChange} marks={['D']} />);
    fireEvent.click(screen.getByLabelText('Omfattet af VOC'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(document.querySelector('.report-mark')?.getAttribute('title')).toBe('Indberettes til DMA');
  });

  it('a radio group always shows the asterisk and maps Ja/Nej/Ikke relevant to true/false/null', () => {
    render(<ControlledRadio />);
    const group = screen.getByRole('radiogroup', { name: /Varslet/ });
    expect(group.closest('[data-felt]')?.querySelector('.form-required')?.textContent).toBe('*');
    expect((within(group).getByLabelText('Ja') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByLabelText('Ikke relevant'));
    expect(screen.getByTestId('v').textContent).toBe('null');
    fireEvent.click(within(group).getByLabelText('Nej'));
    expect(screen.getByTestId('v').textContent).toBe('false');
  });
});
