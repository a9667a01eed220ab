import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePaymentCardRequest,
  changeSubscriptionPlanRequest,
  checkCouponRequest,
  checkCouponResponse,
  createSubscriptionRequest,
  createSubscriptionResponse,
  errorBody,
  subscriptionDetailsResponse,
  subscriptionPlanListResponse,
  testCardTokenRequest,
  testCardTokenResponse,
} from '@cma/contracts';
import { authenticate, currentUserId } from '../../http/auth';
import { ok } from '../../http/envelope';
import { NotFoundError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { WebhookSignatureError, type BillingService } from './billing.service';

const TEN_MINUTES = 10 * 60 * 1000;
/** Card attempts per account (card-testing guard); the per-IP limit stays loose for offices behind one address. */
const perUser = (name: string, limit: number) => async (request: FastifyRequest) => {
  await request.server.ctx.rateLimiter.hit([`${name}:user:${currentUserId(request)}`], limit, TEN_MINUTES);
};

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  const tags = ['billing'];

  app.get(
    '/api/subscription-plan-list',
    { schema: { tags, summary: 'Subscription plans with the first charge date (no token)', response: { 200: subscriptionPlanListResponse } } },
    async () => ok(await billing.planList()),
  );

  app.post(
    '/public/api/stripe/check-coupons',
    {
      schema: { tags, summary: 'Check a promo code (no token)', body: checkCouponRequest, response: { 200: checkCouponResponse } },
      preHandler: rateLimit({ name: 'check-coupons', limit: 60, windowMs: TEN_MINUTES }),
    },
    async (request) => ok(await billing.checkCoupon(request.body), 'Promo code applied.'),
  );

  app.post(
    '/api/test-billing/tokens',
    {
      schema: { tags, summary: 'Test mode only: tokenize a test card', security: [{ bearer: [] }], body: testCardTokenRequest, response: { 200: testCardTokenResponse } },
      preHandler: [authenticate, rateLimit({ name: 'test-card-token', limit: 300, windowMs: TEN_MINUTES }), perUser('test-card-token', 20)],
    },
    async (request) => {
      if (billing.provider !== 'test') throw new NotFoundError();
      return ok(await billing.createTestCardToken(currentUserId(request), request.body));
    },
  );

  app.post(
    '/api/create-subscription',
    {
      schema: { tags, summary: 'Subscribe with the order of spec §3', security: [{ bearer: [] }], body: createSubscriptionRequest, response: { 200: createSubscriptionResponse } },
      preHandler: [authenticate, rateLimit({ name: 'create-subscription', limit: 200, windowMs: TEN_MINUTES }), perUser('create-subscription', 10)],
    },
    async (request) => {
      const result = await billing.createSubscription(currentUserId(request), bearer(request), request.body);
      return ok(result, result.message);
    },
  );

  app.get(
    '/api/subscription-details',
    { schema: { tags, summary: "The signed-in user's subscription (null if none)", security: [{ bearer: [] }], response: { 200: subscriptionDetailsResponse } }, preHandler: authenticate },
    async (request) => ok(await billing.subscriptionDetails(currentUserId(request))),
  );

  app.post(
    '/api/change-subscription-plan',
    { schema: { tags, summary: 'Switch plan', security: [{ bearer: [] }], body: changeSubscriptionPlanRequest, response: { 200: subscriptionDetailsResponse } }, preHandler: authenticate },
    async (request) => ok(await billing.changePlan(currentUserId(request), request.body.subscription_plan_id), 'Subscription plan changed successfully.'),
  );

  app.post(
    '/api/cancel-subscription',
    { schema: { tags, summary: 'Cancel at the end of the period', security: [{ bearer: [] }], response: { 200: subscriptionDetailsResponse } }, preHandler: authenticate },
    async (request) => {
      const details = await billing.cancel(currentUserId(request));
      const until = details.current_period_end ? new Date(details.current_period_end).toISOString().slice(0, 10) : null;
      return ok(details, until ? `Your subscription is cancelled. You keep access until ${until}.` : 'Your subscription is cancelled.');
    },
  );

  app.post(
    '/api/change-subscription-paymentcard',
    {
      schema: { tags, summary: 'Replace the payment card', security: [{ bearer: [] }], body: changePaymentCardRequest, response: { 200: subscriptionDetailsResponse } },
      preHandler: [authenticate, rateLimit({ name: 'change-card', limit: 200, windowMs: TEN_MINUTES }), perUser('change-card', 10)],
    },
    async (request) => ok(await billing.changeCard(currentUserId(request), request.body), 'Payment card updated successfully.'),
  );

  // The webhook needs the exact bytes Stripe signed, so this child context keeps JSON bodies raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/stripe/webhook',
      { schema: { tags, summary: 'Stripe webhook (signature verified)', response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: errorBody } } },
      async (request, reply) => {
        if (billing.provider !== 'stripe') throw new NotFoundError();
        try {
          return await billing.handleWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) return reply.status(400).send({ status_code: 400, message: 'Invalid webhook signature' });
          throw error;
        }
      },
    );
  });
};
