import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportPanel } from './ImportPanel';
import type { CmaRecord } from '../model/records';

const samples = path.resolve(__dirname, '../../../../../../samples');
const sampleFile = (name: string, transform: (text: string) => string = (t) => t) => new File([transform(readFileSync(path.join(samples, name), 'utf8'))], name, { type: 'text/csv' });
const dataRows = (name: string) => readFileSync(path.join(samples, name), 'utf8').trim().split(/\r?\n(?=")/).length - 1;

function upload(files: File[]) {
  const input = screen.getByLabelText('Upload MLS CSV files');
  fireEvent.change(input, { target: { files } });
}

describe('CSV import panel', () => {
  it('imports a REcolorado and a PPAR file together and shows each detected format', async () => {
    const onRecords = vi.fn();
    render(<ImportPanel onRecords={onRecords} />);
    upload([sampleFile('recolorado-sample.csv'), sampleFile('ppar-sample.csv')]);
    const summary = await screen.findByRole('table', { name: 'Imported files' });
    await waitFor(() => expect(within(summary).getAllByRole('row')).toHaveLength(3));
    expect((screen.getByLabelText('Format of recolorado-sample.csv') as HTMLSelectElement).value).toBe('recolorado');
    expect((screen.getByLabelText('Format of ppar-sample.csv') as HTMLSelectElement).value).toBe('ppar');
    expect(onRecords).toHaveBeenCalledTimes(2);
    const formats = onRecords.mock.calls.map(([records]) => new Set((records as CmaRecord[]).map((r) => r.csvType)));
    expect(formats).toEqual([new Set(['ReColorado']), new Set(['PPAR'])]);
    expect((onRecords.mock.calls[0]![0] as CmaRecord[]).length).toBeGreaterThan(0);
    expect((onRecords.mock.calls[0]![0] as CmaRecord[]).length).toBeLessThanOrEqual(dataRows('recolorado-sample.csv'));
  });

  it('asks for a column when a required one is not recognised, imports with it, and remembers the choice', async () => {
    const onRecords = vi.fn();
    const renamed = (text: string) => text.replace('"Listing ID"', '"Our Ref"');
    const { unmount } = render(<ImportPanel onRecords={onRecords} />);
    upload([sampleFile('recolorado-sample.csv', renamed)]);
    const dialog = await screen.findByRole('dialog', { name: 'Map columns' });
    expect(onRecords).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Listing Id'), { target: { value: 'Our Ref' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import with this mapping' }));
    await waitFor(() => expect(onRecords).toHaveBeenCalledTimes(1));
    const records = onRecords.mock.calls[0]![0] as CmaRecord[];
    expect(records[0]!['Listing Id']).toBe('4012300');
    unmount();

    // The same layout again: the saved mapping applies without asking.
    const again = vi.fn();
    render(<ImportPanel onRecords={again} />);
    upload([sampleFile('recolorado-sample.csv', renamed)]);
    await waitFor(() => expect(again).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Map columns' })).toBeNull();
    expect((again.mock.calls[0]![0] as CmaRecord[])[0]!['Listing Id']).toBe('4012300');
  });

  it('reports bad rows with line numbers and offers them as a download', async () => {
    const broken = (text: string) => text.replace('"1931"', '"nineteen-thirty"');
    render(<ImportPanel onRecords={() => {}} />);
    upload([sampleFile('recolorado-sample.csv', broken)]);
    const summary = await screen.findByText(/row problem/);
    const link = within(summary).getByRole('link', { name: 'download the list' });
    const csv = decodeURIComponent(link.getAttribute('href')!.replace(/^data:text\/csv;charset=utf-8,/, ''));
    expect(csv.split('\n')[0]).toBe('file,line,message');
    expect(csv).toMatch(/"recolorado-sample.csv",2,".*nineteen-thirty.*"/);
  });
});
