import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientClosedRequestError } from './errors';

/**
 * Aborts when the client goes away before the response is sent, so long work for it can stop. The response's
 * 'close' is used, not the request's: the request closes as soon as its body has been read (fastify/fastify#4690).
 */
export function clientClosedSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const abort = () => {
    request.log.info('client closed the connection before the answer');
    controller.abort(new ClientClosedRequestError());
  };
  if (response.destroyed || response.socket?.destroyed) abort();
  else response.once('close', () => !response.writableFinished && abort());
  return controller.signal;
}
