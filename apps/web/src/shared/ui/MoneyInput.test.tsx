import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, moneyText, parseMoney } from './MoneyInput';

describe('money input', () => {
  it('shows the amount as money, keeps the text as typed, reports each number and tidies the text on leaving', () => {
    const onValue = vi.fn();
    render(<label>Range start<MoneyInput value={554000} onValue={onValue} /></label>);
    const input = screen.getByLabelText('Range start') as HTMLInputElement;
    expect(input.value).toBe('$554,000');
    fireEvent.focus(input);
    expect(input.value).toBe('$554,000');
    fireEvent.change(input, { target: { value: '600000' } });
    expect(input.value).toBe('600000');
    expect(onValue).toHaveBeenLastCalledWith(600000);
    fireEvent.change(input, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it.each([
    ['$554,000', 554000],
    [' 1 250 000 ', 1250000],
    ['', ''],
    ['abc', null],
    ['-5', null],
  ])('reads %j as %j', (text, value) => expect(parseMoney(text)).toBe(value));

  it.each([
    ['$-5', { signed: true }, -5],
    ['-5', {}, null],
    ['12.5', { cents: true }, 12.5],
  ] as const)('reads %j of a %j field as %j', (text, kind, value) => expect(parseMoney(text, kind)).toBe(value));

  it.each([
    [12000, {}, '$12,000'],
    [95.456, { cents: true }, '$95.46'],
    [95.456, {}, '$95'],
    [16.2, { cents: true }, '$16.20'],
    [16.004, { cents: true }, '$16'],
    [-2500, { cents: true }, '-$2,500'],
    ['', {}, ''],
  ] as const)('shows %j in a %j field as %j', (value, kind, text) => expect(moneyText(value, kind)).toBe(text));

  it('a rate field keeps cents and amounts below zero as typed, and shows them as money', () => {
    const onValue = vi.fn();
    render(<label>Age rate<MoneyInput cents signed value={-1250.5} onValue={onValue} /></label>);
    const input = screen.getByLabelText('Age rate') as HTMLInputElement;
    expect(input.value).toBe('-$1,250.50');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '-1,300.25' } });
    expect(onValue).toHaveBeenLastCalledWith(-1300.25);
  });
});
