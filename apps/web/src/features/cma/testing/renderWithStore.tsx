// Test helpers: the real app store (in-memory persistence) preloaded with records parsed from the sample CSV.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import path from 'node:path';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { Storage as PersistStorage } from 'redux-persist';
import { parseListingsCsv } from '@cma/listings-import';
import { createAppStore } from '../../../app/store';
import type { CmaRecord } from '../model/records';

const memoryStorage: PersistStorage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };

export function sampleRecords(file = 'recolorado-sample.csv'): CmaRecord[] {
  const text = readFileSync(path.resolve(__dirname, '../../../../../../samples', file), 'utf8');
  return parseListingsCsv(text).records as unknown as CmaRecord[];
}

export function renderWithStore(ui: ReactElement, path = '/') {
  const { store } = createAppStore(memoryStorage);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}

/** The pages call the API (config, default values); a real local server answers with empty envelopes. */
export function serveLocalApi(): void {
  let server: Server;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status_code: 200, data: {} }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  // Left listening (unref'd) so queries still in flight when a file ends do not hit a closed port.
  afterAll(() => void server.unref());
}
