import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, parseMoney } from './MoneyInput';

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
});
