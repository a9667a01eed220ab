import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONDITION_LABELS, QUALITY_LABELS, UAD_STEPS } from '@cma/valuation';
import { UadStepPicker } from './UadStepPicker';

describe('quality and condition picker', () => {
  it('in a narrow column shows each step in fewer words, and tells the chosen step in full', () => {
    const onChange = vi.fn();
    render(<UadStepPicker compact record={{ agentQuality: 1 }} readings={{ condition: { value: 6, source: 'Remarks: “needs work”' } }} owner="comp 1" onChange={onChange} />);
    const quality = screen.getByRole('combobox', { name: 'Quality of comp 1' }) as HTMLSelectElement;
    const condition = screen.getByRole('combobox', { name: 'Condition of comp 1' }) as HTMLSelectElement;
    expect(quality.title).toBe(QUALITY_LABELS[1]);
    expect(condition.title).toBe(CONDITION_LABELS[6]);
    for (const [select, labels] of [[quality, QUALITY_LABELS], [condition, CONDITION_LABELS]] as const) {
      for (const step of UAD_STEPS) {
        const option = [...select.options].find((o) => o.value === String(step))!;
        expect(option.getAttribute('aria-label')).toBe(labels[step]);
        expect(option.text.split(' ')[0]).toBe(labels[step].split(' ')[0]); // the step's code, Q1 … C6, stays
        expect(option.text.length).toBeLessThanOrEqual(labels[step].length);
      }
    }
    fireEvent.change(condition, { target: { value: '4' } });
    expect(onChange).toHaveBeenLastCalledWith({ agentCondition: 4 });
  });

  it('on a full-width page shows the steps in full, the listing’s one marked', () => {
    render(<UadStepPicker record={{}} readings={{ quality: { value: 3, source: 'Remarks: “quality finishes”' } }} owner="the subject" onChange={() => {}} />);
    const quality = screen.getByRole('combobox', { name: 'Quality of the subject' }) as HTMLSelectElement;
    expect(quality.title).toBe('');
    expect(quality.selectedOptions[0]!.text).toBe(`${QUALITY_LABELS[3]} (from the listing)`);
  });
});
