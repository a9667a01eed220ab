// Issue 16: the screens and the PDF take the value from the same function (valueCma) for the same state.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Storage as PersistStorage } from 'redux-persist';
import * as cma from '@cma/cma';
import { buildReportInput } from '@cma/report';
import { createAppStore } from './store';
import { restoreCmaWorkflow } from '../shared/cma-workflow/cmaWorkflowSlice';
import { restoredFieldsOf } from '../features/report/store/savedState';
import { useCmaComputation } from '../features/cma/store/useReport';

vi.mock('@cma/cma', async (importOriginal) => {
  const original = await importOriginal<typeof import('@cma/cma')>();
  return { ...original, valueCma: vi.fn(original.valueCma) };
});

const memoryStorage: PersistStorage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };
const fixture = (name: string) => JSON.parse(readFileSync(path.resolve(__dirname, '../../../../packages/cma/test/fixtures', name), 'utf8'));
const prices = (v: cma.CmaValuation) => v.comparables.map((c) => c.adjustment?.adjustedPrice ?? null);

describe('/review and the PDF value a saved CMA with the same function', () => {
  it.each(['saved-v2-sample.json', 'saved-v2-edited.json', 'saved-v0.json'])('%s', (name) => {
    const saved = fixture(name);
    const valueCma = vi.mocked(cma.valueCma);

    // The screens: the saved state restored into the workflow store, valued by the hook /adjustment and /review use.
    const { store } = createAppStore(memoryStorage);
    store.dispatch(restoreCmaWorkflow(restoredFieldsOf(saved).fields));
    valueCma.mockClear();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const screens = renderHook(() => useCmaComputation(), { wrapper }).result.current;
    expect(valueCma).toHaveBeenCalledTimes(1);
    const screensResult = valueCma.mock.results[0]!.value as cma.CmaValuation;

    // The PDF (browser, server send-pdf and live page all call buildReportInput).
    valueCma.mockClear();
    const pdf = buildReportInput(saved);
    expect(valueCma).toHaveBeenCalledTimes(1);
    const pdfResult = valueCma.mock.results[0]!.value as cma.CmaValuation;

    expect({ value: screens.value, range: screens.range, prices: prices(screens) }).toEqual({ value: screensResult.value, range: screensResult.range, prices: prices(screensResult) });
    expect(pdf.reconciliation?.value ?? null).toBe(pdfResult.value);
    expect(pdf.range).toEqual(pdfResult.range);
    expect(pdf.comparables.map((c) => c.adjustedPrice)).toEqual(prices(pdfResult));
    // …and the two calls agree: the number on screen is the number in the PDF.
    expect(screens.value).toBe(pdf.reconciliation?.value);
    expect(screens.range).toEqual(pdf.range);
    expect(prices(screens)).toEqual(pdf.comparables.map((c) => c.adjustedPrice));
    expect(screens.comparables.map((c) => c.problem)).toEqual(pdf.comparables.map((c) => c.problem));
  });
});
