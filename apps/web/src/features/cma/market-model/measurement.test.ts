// The background measurement's life (issue 27 item 2): one job per key, cancelable, measured again on request, and
// dropped with the session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateCmaState, readSubject } from '@cma/cma';
import { listingRecords } from '@cma/cma/testing';
import { UAD_STEP_DEFAULTS } from '@cma/valuation';
import { cancelMeasurement, ensureMeasurement, measureAgain, measureStatus, resetMeasurement } from './measurement';
import type { MeasureRequest } from './measureCore';

const records = listingRecords(200);
const request = (): MeasureRequest => ({
  records, poolKey: 'pool', subject: readSubject(records.at(-1)!), asOfDate: '2024-12-20', marketRates: true,
  adjustments: { ...migrateCmaState({}), adjustment_formulas: { stepValues: { quality: [...UAD_STEP_DEFAULTS.quality], condition: [...UAD_STEP_DEFAULTS.condition] } } },
});

afterEach(() => resetMeasurement());

describe('the market measurement runner', () => {
  it('measures once per key and hands the result over', async () => {
    const apply = vi.fn();
    ensureMeasurement('k1', request, apply);
    expect(measureStatus()).toMatchObject({ state: 'measuring', key: 'k1', stage: 'rates' });
    ensureMeasurement('k1', request, apply); // the same key: nothing new starts
    await vi.waitFor(() => expect(measureStatus().state).toBe('done'), { timeout: 30_000 });
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]![0].reading.calibration.sales).toBeGreaterThan(20);
    ensureMeasurement('k1', request, apply);
    expect(apply).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('a cancelled measurement hands nothing over and stays stopped until the agent asks again', async () => {
    const apply = vi.fn();
    ensureMeasurement('k2', request, apply);
    cancelMeasurement();
    expect(measureStatus()).toEqual({ state: 'cancelled', key: 'k2' });
    ensureMeasurement('k2', request, apply);
    expect(measureStatus().state).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apply).not.toHaveBeenCalled();
    measureAgain();
    ensureMeasurement('k2', request, apply);
    await vi.waitFor(() => expect(measureStatus().state).toBe('done'), { timeout: 30_000 });
    expect(apply).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('a new key stops the job of the old one, and its result never lands', async () => {
    const first = vi.fn();
    const second = vi.fn();
    ensureMeasurement('k3', request, first);
    ensureMeasurement('k4', request, second);
    await vi.waitFor(() => expect(measureStatus()).toMatchObject({ state: 'done', key: 'k4' }), { timeout: 30_000 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('failures are reported, not thrown, and sign-out forgets everything', async () => {
    ensureMeasurement('k5', () => ({ ...request(), records: undefined, poolKey: 'never-sent' }), vi.fn());
    await vi.waitFor(() => expect(measureStatus()).toMatchObject({ state: 'failed', key: 'k5', message: 'The listings to measure were not sent.' }));
    resetMeasurement();
    expect(measureStatus()).toEqual({ state: 'idle' });
  });
});
