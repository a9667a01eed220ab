import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES_MESSAGE, isWebsiteAddress } from '@cma/contracts';
import { logoutFailureMessages } from './logout';
import { destinationAfterSignIn } from './navigation';
import { formatPhone, imageFileProblem, registerForm, PASSWORDS_DIFFER_MESSAGE } from './forms';
import { readApiFailure } from './accountsApi';
import { daysLeft, headerSubscriptionStatus } from './subscriptionStatus';
import type { AccountSubscription } from '@cma/contracts';

describe('logout failure messages (spec §8)', () => {
  it.each([
    ['data.error when present', { status: 500, data: { error: 'Session store down' } }, ['Session store down']],
    ['each nested field error in turn', { status: 422, data: { data: { token: ['Token missing'], device: ['Unknown device', 'Try again'] } } }, ['Token missing', 'Unknown device', 'Try again']],
    ['nested errors under data.error', { status: 422, data: { error: { session: ['Already ended'] } } }, ['Already ended']],
    ['the message when nothing else', { status: 500, data: { status_code: 500, message: 'Something broke' } }, ['Something broke']],
    ['Something went wrong. on a network failure', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, ['Something went wrong.']],
    ['Something went wrong. for a non-RTK error', new Error('boom'), ['Something went wrong.']],
  ])('shows %s', (_case, error, expected) => {
    expect(logoutFailureMessages(error)).toEqual(expected);
  });
});

describe('where sign-in and registration lead', () => {
  it.each([
    [1, null, '/home'],
    [1, { id: 2 }, '/home'],
    [0, { id: 2, title: 'Monthly' }, '/card-details'],
    [0, null, '/subscription-plan'],
  ])('is_subscribed %s with chosen plan %j → %s', (subscribed, plan, to) => {
    expect(destinationAfterSignIn(subscribed, plan)).toBe(to);
  });
});

describe('account forms', () => {
  it.each([
    ['3035550142', '303-555-0142'],
    ['(303) 555-0142', '303-555-0142'],
    ['303555', '303555'],
    ['30355501429999', '303-555-0142'],
  ])('formats phone %s as %s', (input, output) => {
    expect(formatPhone(input)).toBe(output);
  });

  it('states the password rules and a mismatched confirmation', () => {
    const result = registerForm.safeParse({ name: 'A', email: 'a@b.co', phone: '', password: 'letters-only', password_confirmation: 'other' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ password: PASSWORD_RULES_MESSAGE, password_confirmation: PASSWORDS_DIFFER_MESSAGE });
  });

  it('refuses non-image and oversized files before upload', () => {
    expect(imageFileProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))).toMatch(/PNG, JPEG or WebP/);
    expect(imageFileProblem(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toMatch(/5 MB/);
    expect(imageFileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeUndefined();
  });

  it('reads a 422 into a message and field map, and a network failure into Something went wrong.', () => {
    expect(readApiFailure({ status: 422, data: { status_code: 422, message: 'Email taken', data: { email: ['Email taken'] } } })).toEqual({
      message: 'Email taken',
      fields: { email: ['Email taken'] },
      status: 422,
    });
    expect(readApiFailure({ status: 'FETCH_ERROR', error: 'offline' }).message).toBe('Something went wrong.');
  });
});

describe('business website addresses (the profile form and the server share the rule)', () => {
  it.each([
    ['alice.example', true],
    ['https://www.alice-realty.com/team?x=1', true],
    ['HTTP://Alice.Example', true],
    ['javascript:alert(document.cookie)//x.com', false],
    ['JavaScript://alice.example/%0aalert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['ftp://alice.example', false],
    ['https://user:pass@alice.example', false],
    ['alice', false],
    ['alice .example', false],
  ])('%s → %s', (text, valid) => expect(isWebsiteAddress(text)).toBe(valid));
});

describe('the signed-in header subscription status', () => {
  const now = new Date('2026-03-01T15:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
  const subscription = (fields: Partial<AccountSubscription>): AccountSubscription => ({
    id: 's1', plan_id: 1, plan_title: 'Monthly', plan_amount: 49, plan_interval: 'month', status: 'active', is_subscribed: 1,
    trial_end: null, current_period_end: inDays(20), cancel_at_period_end: false, card_brand: null, card_last4: null, card_exp_month: null, card_exp_year: null,
    ...fields,
  });

  it('counts a started day as a day left', () => {
    expect(daysLeft(inDays(12), now)).toBe(12);
    expect(daysLeft(inDays(11.2), now)).toBe(12);
    expect(daysLeft(inDays(0.1), now)).toBe(1);
    expect(daysLeft(inDays(-1), now)).toBe(0);
  });

  it.each([
    ['a trial with 12 days left', { status: 'trialing', trial_end: inDays(12) }, { prefix: 'Trial: ', text: '12 days left', tone: 'info' }],
    ['the last day of a trial', { status: 'trialing', trial_end: inDays(0.5) }, { prefix: 'Trial: ', text: '1 day left', tone: 'warning' }],
    ['a trial already over', { status: 'trialing', trial_end: inDays(-0.1) }, { text: 'Trial ends today', tone: 'warning' }],
    ['a payment due', { status: 'past_due' }, { text: 'Payment due', tone: 'warning' }],
    ['a cancelled subscription', { cancel_at_period_end: true, current_period_end: '2026-03-21T12:00:00Z' }, { text: 'Ends Mar 21', tone: 'warning' }],
  ] as const)('says %s', (_case, fields, expected) => {
    expect(headerSubscriptionStatus(subscription(fields), now)).toEqual(expected);
  });

  it('says nothing about a renewing subscription or none', () => {
    expect(headerSubscriptionStatus(subscription({}), now)).toBeNull();
    expect(headerSubscriptionStatus(null, now)).toBeNull();
  });
});
