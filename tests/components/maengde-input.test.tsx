// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FeltInput, type FeltKontekst } from '../../src/app/records/FeltInput';
import { visVaerdi } from '../../src/app/records/visning';
import { MaengdeInput } from '../../src/app/ui/form';
import type { FeltDef } from '../../src/contract/felter';
import type { Maengde } from '../../src/contract/format';
import { setupComponentTests } from './harness';

/**
 * The input of the money, hours and per-cent field kinds: Danish text in, the exact stored number
 * out (øre, hours, basis points), the text written back the product's way, text that is not read kept
 * for correcting; and the generic record form drawing a field of such a kind.
 */

setupComponentTests();

function Styret(p: { art: Maengde; start: number | null; visTolkning?: boolean }) {
  const [v, setV] = useState<number | null>(p.start);
  return (
    <>
      <MaengdeInput
        art={p.art}
        name="felt"
        label="Feltet"
        value={v}
        onChange={setV}
        visTolkning={p.visTolkning}
      />
      <output data-testid="vaerdi">{v === null ? 'null' : String(v)}</output>
    </>
  );
}
const input = () => screen.getByLabelText('Feltet') as HTMLInputElement;
const vaerdi = () => screen.getByTestId('vaerdi').textContent;

describe('MaengdeInput', () => {
  it('beløb: kroner typet bliver hele øre, og feltet skriver dem som kroner, når det forlades', () => {
    render(<Styret art="beloeb" start={38_100} visTolkning />);
    expect(input().value).toBe('381,00');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '1234,5' } });
    expect(vaerdi()).toBe('123450');
    // While typing the text stays as typed; the hint says what it is read as.
    expect(input().value).toBe('1234,5');
    expect(screen.getByText('= 1.234,50 kr.')).toBeTruthy();
    fireEvent.blur(input());
    expect(input().value).toBe('1.234,50');
  });

  it('tekst, der ikke kan læses, bliver stående og giver NaN; tomt felt giver null', () => {
    render(<Styret art="beloeb" start={100} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '12,345' } });
    expect(vaerdi()).toBe('NaN');
    fireEvent.blur(input());
    expect(input().value).toBe('12,345');
    fireEvent.change(input(), { target: { value: ' ' } });
    expect(vaerdi()).toBe('null');
  });

  it('procent: 12,5 % er 1250 basispoint', () => {
    render(<Styret art="procent" start={null} />);
    expect(input().value).toBe('');
    fireEvent.change(input(), { target: { value: '12,5 %' } });
    expect(vaerdi()).toBe('1250');
    expect(input().value).toBe('12,50');
  });

  it('timer: 7,5 er 7,5 timer; piletasterne går en halv time ad gangen og ikke under 0', () => {
    render(<Styret art="timer" start={0} />);
    expect(screen.getByText('t')).toBeTruthy();
    fireEvent.change(input(), { target: { value: '7,5' } });
    expect(vaerdi()).toBe('7.5');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(vaerdi()).toBe('8');
    expect(input().value).toBe('8');
    fireEvent.change(input(), { target: { value: '0' } });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(vaerdi()).toBe('0');
  });
});

const ctx: FeltKontekst = { ejer: { id: 1, type: 1 }, kundeId: 1, disabled: false, kendteNavne: new Map() };
const beloeb: FeltDef = { navn: 'gebyrOere', label: 'Gebyr', type: { kind: 'beloeb', paakraevet: true } };

function BeloebForm() {
  const [v, setV] = useState<unknown>(250_075);
  return (
    <>
      <FeltInput felt={beloeb} value={v} onChange={setV} ctx={ctx} />
      <output data-testid="vaerdi">{String(v)}</output>
    </>
  );
}

describe('feltarterne i den generiske registreringsform', () => {
  it('et beløbsfelt tegnes som kroner og melder øre tilbage', () => {
    render(<BeloebForm />);
    const el = screen.getByLabelText(/Gebyr/) as HTMLInputElement;
    expect(el.value).toBe('2.500,75');
    fireEvent.change(el, { target: { value: '99,9' } });
    expect(vaerdi()).toBe('9990');
  });

  it('lister og log viser beløb, timer og procent med enhed', () => {
    const navne = new Map();
    expect(visVaerdi(beloeb, 250_075, navne)).toBe('2.500,75 kr.');
    expect(visVaerdi({ navn: 't', label: 'T', type: { kind: 'timer' } }, 7.5, navne)).toBe('7,5 t');
    expect(visVaerdi({ navn: 'p', label: 'P', type: { kind: 'procent' } }, 5779, navne)).toBe('57,79 %');
    expect(visVaerdi(beloeb, null, navne)).toBe('');
  });
});
