import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render as renderDom, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { ImportPanel } from './ImportPanel';
import type { CmaRecord } from '../model/records';

const samples = path.resolve(__dirname, '../../../../../../samples');
const sampleFile = (name: string, transform: (text: string) => string = (t) => t) => new File([transform(readFileSync(path.join(samples, name), 'utf8'))], name, { type: 'text/csv' });
const dataRows = (name: string) => readFileSync(path.join(samples, name), 'utf8').trim().split(/\r?\n(?=")/).length - 1;

function upload(files: File[]) {
  const input = screen.getByLabelText('Upload MLS CSV files');
  fireEvent.change(input, { target: { files } });
}

/** The agent's column maps as the server keeps them (GET/PUT /api/column-mappings/{signature}), in memory. */
const serverMappings = new Map<string, unknown>();
const puts: { signature: string; body: unknown }[] = [];

/** Each render gets a fresh store, as a new page load or another device would. */
const render = (element: ReactElement) => renderDom(<Provider store={createAppStore().store}>{element}</Provider>);

describe('CSV import panel', () => {
  beforeEach(() => {
    serverMappings.clear();
    puts.length = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const signature = decodeURIComponent(/\/api\/column-mappings\/([^/?]+)/.exec(request.url)?.[1] ?? '');
      if (request.method === 'PUT') {
        const body = (await request.json()) as { mapping: unknown };
        puts.push({ signature, body });
        serverMappings.set(signature, body.mapping);
      }
      return new Response(JSON.stringify({ status_code: 200, data: { signature, mapping: serverMappings.get(signature) ?? null } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => vi.restoreAllMocks());

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

  it('asks for a column when a required one is not recognised, imports with it, and remembers the choice on the server', async () => {
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
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.signature).toMatch(/^\d+-[0-9a-f]{8}$/);
    expect(puts[0]!.body).toMatchObject({ mapping: { 'Our Ref': 'listingId' } });
    unmount();
    localStorage.clear(); // signed out, or another device: the map comes from the server

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
