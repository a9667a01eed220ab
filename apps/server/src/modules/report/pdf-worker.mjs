// Renders report PDFs off the server's event loop: a worker thread running the same @cma/report document.
// Plain JS so it starts without a TypeScript loader; it registers tsx itself, then loads the TypeScript package.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { renderReportPdf } = await import('@cma/report');

parentPort.on('message', async ({ id, input }) => {
  try {
    const pdf = await renderReportPdf(input);
    parentPort.postMessage({ id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
