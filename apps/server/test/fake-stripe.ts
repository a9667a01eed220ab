import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';

// A small local stand-in for api.stripe.com: enough of tokens, customers, prices, coupons and subscriptions for the
// real `stripe` SDK (pointed here with host/port/protocol) to run the billing adapter end to end.

type Json = Record<string, any>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  prices: Map<string, Json>;
  coupons: Map<string, Json>;
  /** Changes a subscription as Stripe would on its own (renewal failed, trial ended …). */
  updateSubscription(id: string, patch: Json): Json;
  close(): Promise<void>;
}

// Stripe's documented test numbers.
const DECLINED_NUMBERS = new Set(['4000000000000002', '4000000000009995']);

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`items[0][price]=x`) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const segments = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    segments.forEach((segment, i) => {
      if (i === segments.length - 1) node[segment] = value;
      else node = node[segment] ??= {};
    });
  }
  const toArrays = (value: any): any => {
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    const converted = Object.fromEntries(keys.map((k) => [k, toArrays(value[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]) : converted;
  };
  return toArrays(root);
}

function stripeError(res: ServerResponse, status: number, error: Json): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error }));
}
const missing = (res: ServerResponse, kind: string, key: string) =>
  stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${key}'`, param: 'id' });

export async function startFakeStripe(options: { coupons?: Json[] } = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(6).toString('hex')}`;
  const tokens = new Map<string, Json & { number: string; used: boolean }>();
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, Json>();
  const requests: FakeStripeRequest[] = [];
  for (const c of options.coupons ?? []) coupons.set(c.id, { object: 'coupon', valid: true, duration: 'once', percent_off: null, amount_off: null, name: null, ...c });

  /** Attaching a card checks it, as Stripe does: a declined number fails with a card_error. */
  function attachCard(res: ServerResponse, tokenId: string): Json | undefined {
    const token = tokens.get(tokenId);
    if (!token || token.used) {
      stripeError(res, 400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such token: '${tokenId}'`, param: 'source' });
      return undefined;
    }
    token.used = true;
    if (DECLINED_NUMBERS.has(token.number)) {
      stripeError(res, 402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', param: '' });
      return undefined;
    }
    return { ...token.card, object: 'card' };
  }

  function periodEnd(from: number, interval: string): number {
    const d = new Date(from * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Json): void {
    const send = (value: Json) => {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(value));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean); // ['v1', resource, id?]
    const [, resource, key] = parts;
    const method = req.method ?? 'GET';

    if (resource === 'tokens' && method === 'POST') {
      const number = String(body.card?.number ?? '').replace(/\D/g, '');
      // Stripe's fingerprint: the same for every token of one card number on one account.
      const fingerprint = createHash('sha256').update(`${secretKey}:${number}`).digest('base64url').replace(/[-_]/g, '').slice(0, 16);
      const card = { id: id('card'), brand: number.startsWith('4') ? 'Visa' : 'MasterCard', last4: number.slice(-4), exp_month: Number(body.card?.exp_month), exp_year: Number(body.card?.exp_year), funding: 'credit', fingerprint };
      const token = { id: id('tok'), object: 'token', type: 'card', used: false, created: unix(), livemode: false, card };
      tokens.set(token.id, { ...token, number });
      return send(token);
    }
    if (resource === 'tokens' && method === 'GET') {
      const token = tokens.get(key!);
      if (!token) return missing(res, 'token', key!);
      const { number: _number, ...visible } = token;
      return send(visible);
    }
    if (resource === 'customers' && method === 'POST' && !key) {
      const card = body.source ? attachCard(res, body.source) : undefined;
      if (body.source && !card) return;
      const customer = { id: id('cus'), object: 'customer', email: body.email, name: body.name, metadata: body.metadata ?? {}, default_source: card?.id ?? null, sources: { data: card ? [card] : [] } };
      customers.set(customer.id, customer);
      return send(customer);
    }
    if (resource === 'customers' && method === 'POST' && key) {
      const customer = customers.get(key);
      if (!customer) return missing(res, 'customer', key);
      if (body.source) {
        const card = attachCard(res, body.source);
        if (!card) return;
        customer.default_source = card.id;
        customer.sources.data.push(card);
      }
      return send(customer);
    }
    if (resource === 'prices' && method === 'POST') {
      const price = { id: id('price'), object: 'price', currency: body.currency, unit_amount: Number(body.unit_amount), recurring: { interval: body.recurring?.interval }, product: id('prod'), product_data: body.product_data };
      prices.set(price.id, price);
      return send(price);
    }
    if (resource === 'coupons' && method === 'GET') {
      const coupon = coupons.get(decodeURIComponent(key!));
      return coupon ? send(coupon) : missing(res, 'coupon', key!);
    }
    if (resource === 'subscriptions' && method === 'POST' && !key) {
      const customer = customers.get(body.customer);
      if (!customer) return missing(res, 'customer', body.customer);
      const price = prices.get(body.items?.[0]?.price);
      if (!price) return missing(res, 'price', body.items?.[0]?.price);
      const couponId = body.discounts?.[0]?.coupon;
      if (couponId && !coupons.get(couponId)) return missing(res, 'coupon', couponId);
      const now = unix();
      const trialDays = body.trial_period_days ? Number(body.trial_period_days) : 0;
      const trialEnd = trialDays ? now + trialDays * 86_400 : null;
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        customer: customer.id,
        status: trialEnd ? 'trialing' : 'active',
        trial_end: trialEnd,
        cancel_at_period_end: false,
        created: now,
        metadata: body.metadata ?? {},
        discounts: couponId ? [{ coupon: coupons.get(couponId) }] : [],
        items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, current_period_start: now, current_period_end: trialEnd ?? periodEnd(now, price.recurring.interval) }] },
      };
      subscriptions.set(subscription.id, subscription);
      return send(subscription);
    }
    if (resource === 'subscriptions' && key) {
      const subscription = subscriptions.get(key);
      if (!subscription) return missing(res, 'subscription', key);
      if (method === 'GET') return send(subscription);
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return send(subscription);
      }
      if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      const item = body.items?.[0];
      if (item?.price) {
        const price = prices.get(item.price);
        if (!price) return missing(res, 'price', item.price);
        subscription.items.data[0].price = price;
      }
      if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata };
      return send(subscription);
    }
    return stripeError(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? parseStripeForm(text) : Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0]!, body, idempotencyKey: key });
      if (key && idempotent.has(key)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(idempotent.get(key)));
      }
      if (key) {
        const end = res.end.bind(res);
        res.end = ((chunk?: any) => {
          if (res.statusCode === 200 && chunk) idempotent.set(key, JSON.parse(String(chunk)));
          return end(chunk);
        }) as typeof res.end;
      }
      try {
        handle(req, res, body);
      } catch (error) {
        stripeError(res, 500, { type: 'api_error', message: (error as Error).message });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    customers,
    subscriptions,
    prices,
    coupons,
    updateSubscription(subscriptionId, patch) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`fake Stripe has no ${subscriptionId}`);
      Object.assign(subscription, patch);
      return subscription;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
