import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  COMMON_PASSWORD_MESSAGE,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  PASSWORD_UNCHANGED_MESSAGE,
  PASSWORD_RULES_MESSAGE, PASSWORD_SPACES_MESSAGE, WEAK_PASSWORD_MESSAGE, INVALID_CREDENTIALS_MESSAGE, EMAIL_TAKEN_MESSAGE, RESET_LINK_SENT_MESSAGE,
} from '@cma/contracts';
import { multipart, testBackends, type TestApp, type TestSmtp, createTestAppWithSmtp, closeAll } from './helpers';
import { FIRST_LOGIN_DELAY_MS, FREE_LOGIN_FAILURES, MAX_LOGIN_DELAY_MS, loginDelayMs } from '../src/modules/accounts/accounts.service';

const PUBLIC_URL = 'https://cma.example.test';
const DAY = 24 * 60 * 60 * 1000;

const solidImage = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? { r: 0, g: 112, b: 192, alpha: 0.5 } : '#0070c0' } });

describe.each(testBackends())('accounts on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  // Starts at the real time: the sessions table stamps last_used_at with the database clock.
  let clock = Date.now();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  let seq = 0;
  const newEmail = () => `agent${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  async function register(email = newEmail(), password = 'Sunny-Day-42') {
    const res = await post('/api/register', { name: 'Dana Agent', email, password, phone: '303-555-0100' });
    expect(res.statusCode).toBe(200);
    return { email, password, token: res.json().data.token as string };
  }

  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend, { PUBLIC_URL }, { now: () => new Date(clock) })));
  afterAll(() => closeAll(t, smtp));
  beforeEach(() => {
    clock += DAY; // every test in its own rate-limit window
  });

  it('registers with a normalised e-mail, then reports the e-mail as taken', async () => {
    const free = await post('/api/verify-data', { email: '  New.Agent@Example.COM ' });
    expect(free.statusCode).toBe(200);
    const res = await post('/api/register', { name: ' Dana ', email: '  New.Agent@Example.COM ', password: 'Sunny-Day-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_code: 200, data: { token: expect.any(String), is_subscribed: 0 } });
    const taken = await post('/api/verify-data', { email: 'new.agent@example.com' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().data.email).toEqual([EMAIL_TAKEN_MESSAGE]);
    const again = await post('/api/register', { name: 'Other', email: 'NEW.AGENT@example.com', password: 'Sunny-Day-42' });
    expect(again.statusCode).toBe(422);
    expect(again.json().data.email).toEqual([EMAIL_TAKEN_MESSAGE]);
    const details = await get('/api/user-details', bearer(res.json().data.token));
    expect(details.json().data.user).toMatchObject({ email: 'new.agent@example.com', name: 'Dana' });
  });

  it('states the password rules and the missing fields in a 422', async () => {
    const res = await post('/api/register', { name: '', email: 'not-an-email', password: 'password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ name: ['Name is Required'], email: ['Please enter valid Email ID'], password: [PASSWORD_RULES_MESSAGE] });
    expect(PASSWORD_RULES_MESSAGE).toMatch(/8 characters.*letter.*digit/);
  });

  it('refuses a password that is mostly spaces or too easy to guess (issue 30), on registration, reset and change alike', async () => {
    // The password: seven spaces and "a1".
    const spaces = await post('/api/register', { name: 'Spacey', email: newEmail(), password: '       a1' });
    expect(spaces.statusCode).toBe(422);
    expect(spaces.json().data).toEqual({ password: [PASSWORD_SPACES_MESSAGE] });
    // Long enough, a letter and a digit, not on the common list, yet guessable: zxcvbn scores it below 3.
    for (const password of ['TestPass1!', 'aaaaaaaa1', 'asdfghjk1', 'Summer2026']) {
      const res = await post('/api/register', { name: 'Weak Agent', email: newEmail(), password });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().data, password).toEqual({ password: [WEAK_PASSWORD_MESSAGE] });
    }
    // The agent's own name makes a password guessable (the same password is strong for an agent of another name).
    const named = await post('/api/register', { name: 'Ilse Quorvath', email: newEmail(), password: 'Quorvath2026' });
    expect(named.json().data).toEqual({ password: [WEAK_PASSWORD_MESSAGE] });
    expect((await post('/api/register', { name: 'Other Agent', email: newEmail(), password: 'Quorvath2026' })).statusCode).toBe(200);
    // Spaces inside a strong passphrase are fine.
    expect((await post('/api/register', { name: 'Phrase Agent', email: newEmail(), password: 'correct horse battery 9' })).statusCode).toBe(200);

    const { token, password } = await register();
    const change = await post('/api/change-password', { current_password: password, password: 'TestPass1!' }, bearer(token));
    expect(change.json().data).toEqual({ password: [WEAK_PASSWORD_MESSAGE] });
    const spacesChange = await post('/api/change-password', { current_password: password, password: '  a1      ' }, bearer(token));
    expect(spacesChange.json().data).toEqual({ password: [PASSWORD_SPACES_MESSAGE] });
  });

  it('signs in with server truth for is_subscribed, and refuses wrong credentials alike', async () => {
    const { email, password } = await register();
    const login = await post('/api/login', { email: email.toUpperCase(), password });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ token: expect.any(String), is_subscribed: 0, user: { email, name: 'Dana Agent', profile_image: null } });

    const [{ id }] = await t.database.query<{ id: string }>('select id from users where email = $1', [email]);
    await t.database.query(
      "insert into subscriptions(user_id, plan_id, status, provider, trial_end) select $1, id, 'trialing', 'test', $2 from subscription_plans order by sort_order limit 1",
      [id, new Date(clock + 14 * DAY)],
    );
    expect((await post('/api/login', { email, password })).json().data.is_subscribed).toBe(1);

    const wrong = await post('/api/login', { email, password: 'Wrong-pass-1' });
    const unknown = await post('/api/login', { email: newEmail(), password });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().data).toEqual({ email: [INVALID_CREDENTIALS_MESSAGE] });
    }
  });

  it('stores no password, session token or reset token in clear', async () => {
    const { email, password, token } = await register();
    const [user] = await t.database.query<{ password_hash: string; id: string }>('select id, password_hash from users where email = $1', [email]);
    expect(user!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(user!.password_hash).not.toContain(password);
    const sessions = await t.database.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [user!.id]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).not.toBe(token);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const before = smtp.messages.length;
    await post('/api/forgot-password', { email });
    await t.app.ctx.jobs.drain();
    const mail = (await smtp.waitFor(before + 1))[before]!;
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    const rows = await t.database.query<{ token_hash: string }>('select token_hash from password_reset_tokens where user_id = $1', [user!.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(resetToken);
    // Nowhere in the database: not in the token table, not in any job (the mail queue included), nor the session token.
    for (const table of ['password_reset_tokens', 'jobs', 'sessions', 'users']) {
      const dump = JSON.stringify(await t.database.query(`select * from ${table}`));
      expect(dump).not.toContain(resetToken);
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(password);
    }
  });

  it('keeps a reset request while SMTP is down and delivers a working link when it returns', async () => {
    const { email } = await register();
    const before = smtp.messages.length;
    smtp.down = true;
    try {
      expect((await post('/api/forgot-password', { email })).statusCode).toBe(200);
      await t.app.ctx.jobs.drain();
      expect(smtp.messages.length).toBe(before);
      const [job] = await t.database.query<{ status: string; attempts: number }>(
        "select status, attempts from jobs where queue = 'accounts.password-reset' and payload->>'email' = $1",
        [email],
      );
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      // The undelivered link's token was dropped, so no usable token exists that nobody received.
      expect(await t.database.query("select 1 from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1", [email])).toHaveLength(0);
    } finally {
      smtp.down = false;
    }
    await t.database.query("update jobs set run_at = now() - interval '1 minute' where queue = 'accounts.password-reset'");
    await t.app.ctx.jobs.drain();
    const mail = (await smtp.waitFor(before + 1))[before]!;
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    expect((await post('/api/reset-password', { token: resetToken, password: 'After-Outage-5' })).statusCode).toBe(200);
    expect((await post('/api/login', { email, password: 'After-Outage-5' })).statusCode).toBe(200);
  });

  it('e-mails a reset link that works once and only once, and ends every session', async () => {
    const { email, token: oldSession } = await register();
    const before = smtp.messages.length;
    const ghost = await post('/api/forgot-password', { email: newEmail() });
    const res = await post('/api/forgot-password', { email: ` ${email.toUpperCase()} ` });
    // Same answer whether or not the account exists.
    expect(res.statusCode).toBe(200);
    expect(ghost.json()).toEqual(res.json());
    expect(res.json().message).toBe(RESET_LINK_SENT_MESSAGE);

    await t.app.ctx.jobs.drain(); // every queued e-mail has reached SMTP
    expect(smtp.messages.length).toBe(before + 1); // none for the unknown address
    const mail = smtp.messages[before]!;
    expect((mail.to as { text: string }).text).toBe(email);
    expect(mail.subject).toBe('Reset your CMA Studio password');
    const link = new RegExp(`${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
    expect(link).not.toBeNull();
    expect(mail.html).toContain(link![0]);
    const resetToken = link![1]!;

    const weak = await post('/api/reset-password', { token: resetToken, password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().data.password).toEqual([PASSWORD_RULES_MESSAGE]);
    const common = await post('/api/reset-password', { token: resetToken, password: 'Password1' });
    expect(common.statusCode).toBe(422);
    expect(common.json().data.password).toEqual([COMMON_PASSWORD_MESSAGE]);

    const first = await post('/api/reset-password', { token: resetToken, password: 'Brand-New-77' });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/reset-password', { token: resetToken, password: 'Another-One-88' });
    expect(second.statusCode).toBe(422);
    expect(second.json().data.token).toHaveLength(1);

    expect((await get('/api/user-details', bearer(oldSession))).statusCode).toBe(401);
    expect((await post('/api/login', { email, password: 'Sunny-Day-42' })).statusCode).toBe(422);
    expect((await post('/api/login', { email, password: 'Brand-New-77' })).statusCode).toBe(200);
    expect((await post('/api/login', { email, password: 'Another-One-88' })).statusCode).toBe(422);
  });

  it('refuses a reset link after one hour', async () => {
    const { email } = await register();
    const before = smtp.messages.length;
    await post('/api/forgot-password', { email });
    await t.app.ctx.jobs.drain();
    const mail = (await smtp.waitFor(before + 1))[before]!;
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    clock += 61 * 60 * 1000;
    const res = await post('/api/reset-password', { token: resetToken, password: 'Brand-New-77' });
    expect(res.statusCode).toBe(422);
  });

  it('makes a session unusable after logout', async () => {
    const { token } = await register();
    expect((await get('/api/user-details', bearer(token))).statusCode).toBe(200);
    const out = await get('/api/logout', bearer(token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status_code: 200, message: 'User Logged out Successfully' });
    const after = await get('/api/user-details', bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status_code: 401, message: 'Unauthorized access' });
    expect((await get('/api/logout', bearer(token))).statusCode).toBe(401);
    expect((await get('/api/logout')).statusCode).toBe(401);
  });

  it('slides a used session and expires an idle one after 30 days', async () => {
    const { token } = await register();
    clock += 20 * DAY;
    expect((await get('/api/user-details', bearer(token))).statusCode).toBe(200); // use slides the expiry
    clock += 20 * DAY;
    expect((await get('/api/user-details', bearer(token))).statusCode).toBe(200);
    clock += 31 * DAY;
    expect((await get('/api/user-details', bearer(token))).statusCode).toBe(401);
  });

  it.each(['password1', 'Password1', 'abc12345', 'qwerty123'])('refuses the common password %s at registration, and creates no account', async (password) => {
    const email = newEmail();
    const res = await post('/api/register', { name: 'Dana Agent', email, password, phone: '303-555-0100' });
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    expect((await post('/api/verify-data', { email })).statusCode).toBe(200);
  });

  const signIn = (email: string, password: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: address });

  it('holds back one address after repeated wrong passwords with growing delays, while the owner still signs in from another', async () => {
    const { email, password } = await register();
    const attacker = '203.0.113.7';
    for (let i = 0; i < FREE_LOGIN_FAILURES + 1; i++) expect((await signIn(email, `Wrong-${i}-pass`, attacker)).statusCode).toBe(422);
    const held = await signIn(email, password, attacker);
    expect(held.statusCode).toBe(429);
    expect(held.json().status_code).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(FIRST_LOGIN_DELAY_MS / 1000);

    // The owner, on another device and address, is not locked out.
    expect((await signIn(email, password, '198.51.100.20')).statusCode).toBe(200);

    // Each further wrong password from the attacker doubles the wait.
    clock += FIRST_LOGIN_DELAY_MS + 1;
    expect((await signIn(email, 'Wrong-again-1', attacker)).statusCode).toBe(422);
    expect(Number((await signIn(email, password, attacker)).headers['retry-after'])).toBe((2 * FIRST_LOGIN_DELAY_MS) / 1000);
    clock += 2 * FIRST_LOGIN_DELAY_MS + 1;
    // After the wait the right password works and the count starts again.
    expect((await signIn(email, password, attacker)).statusCode).toBe(200);
    expect((await signIn(email, 'Wrong-after-1', attacker)).statusCode).toBe(422);
  }, 60_000);

  it('answers a known and an unknown e-mail alike, wrong password by wrong password', async () => {
    const { email } = await register();
    const unknown = `nobody-${Math.random().toString(36).slice(2)}@example.com`;
    const answers = async (target: string) => {
      const seen: Array<{ status: number; body: unknown; retryAfter: unknown }> = [];
      for (let i = 0; i < FREE_LOGIN_FAILURES + 3; i++) {
        const res = await signIn(target, `Wrong-${i}-pass`, '192.0.2.44');
        seen.push({ status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] });
      }
      return seen;
    };
    const known = await answers(email);
    expect(known.map((a) => a.status)).toContain(429);
    expect(await answers(unknown)).toEqual(known);
    expect(known[0]!.body).toEqual({ status_code: 422, message: INVALID_CREDENTIALS_MESSAGE, data: { email: [INVALID_CREDENTIALS_MESSAGE] } });
  }, 60_000);

  it.each([
    [FREE_LOGIN_FAILURES, 0],
    [FREE_LOGIN_FAILURES + 1, FIRST_LOGIN_DELAY_MS],
    [FREE_LOGIN_FAILURES + 2, 2 * FIRST_LOGIN_DELAY_MS],
    [FREE_LOGIN_FAILURES + 5, 16 * FIRST_LOGIN_DELAY_MS],
    [10_000, MAX_LOGIN_DELAY_MS],
  ])('after %i wrong passwords the address waits %i ms', (failures, delay) => expect(loginDelayMs(failures)).toBe(delay));

  it('rate-limits password-reset requests per account, whatever the client IP', async () => {
    const { email } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: `10.0.0.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
    await t.app.ctx.jobs.drain();
  });

  it('returns user, business and subscription details only to their owner', async () => {
    const alice = await register();
    const bob = await register();
    const logo = await solidImage(1600, 900, 4).png().toBuffer();
    const fields = { business_name: 'Alice Realty', agent_name: 'Alice A.', license_number: 'CO-123', phone: '303-555-0101', email: 'Office@Alice.example', website: 'alice.example', address: '1 Main St, Denver, CO', name: 'Alice Agent' };
    const form = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'logo', value: logo, filename: 'logo.png', type: 'image/png' },
    ]);
    const saved = await t.app.inject({ method: 'POST', url: '/api/store-business-detail', headers: { ...form.headers, ...bearer(alice.token) }, payload: form.payload });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.user.name).toBe('Alice Agent');

    const mine = (await get('/api/user-details', bearer(alice.token))).json().data;
    expect(mine.business).toMatchObject({ business_name: 'Alice Realty', license_number: 'CO-123', email: 'office@alice.example', website: 'alice.example' });
    expect(mine.business.logo).toMatch(/^data:image\/png;base64,/);
    const logoMeta = await sharp(Buffer.from(mine.business.logo.split(',')[1], 'base64')).metadata();
    expect(Math.max(logoMeta.width!, logoMeta.height!)).toBe(800);
    expect(mine.subscription).toBeNull();

    const theirs = await get('/api/user-details', bearer(bob.token));
    expect(theirs.json().data.user.email).toBe(bob.email);
    expect(theirs.json().data.business).toBeNull();
    expect(theirs.body).not.toContain('Alice');
    expect((await get('/api/user-details')).statusCode).toBe(401);
    expect((await get('/api/user-details', { authorization: 'Bearer forged' })).statusCode).toBe(401);

    const bad = await t.app.inject({ method: 'POST', url: '/api/store-business-detail', headers: bearer(bob.token), payload: { email: 'nope', website: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data).sort()).toEqual(['email', 'website']);
    const script = await t.app.inject({ method: 'POST', url: '/api/store-business-detail', headers: bearer(bob.token), payload: { website: 'javascript:alert(document.cookie)//x.com' } });
    expect(script.statusCode).toBe(422);
    expect(script.json().data).toEqual({ website: ['Please enter a valid website address.'] });
  });

  it('shows the subscription row joined with its plan', async () => {
    const { email, token } = await register();
    const [{ id }] = await t.database.query<{ id: string }>('select id from users where email = $1', [email]);
    await t.database.query(
      "insert into subscriptions(user_id, plan_id, status, provider, trial_end, card_brand, card_last4) select $1, id, 'trialing', 'test', $2, 'visa', '4242' from subscription_plans order by sort_order limit 1",
      [id, new Date(clock + 14 * DAY)],
    );
    const sub = (await get('/api/user-details', bearer(token))).json().data.subscription;
    expect(sub).toMatchObject({ status: 'trialing', is_subscribed: 1, card_last4: '4242', plan_title: expect.any(String), plan_amount: expect.any(Number) });
  });

  it('re-encodes a profile picture without its metadata and refuses what is not an image', async () => {
    const { token } = await register();
    const photo = await solidImage(1200, 800).jpeg().withExif({ IFD0: { Copyright: 'GPS-SECRET-LOCATION' } }).toBuffer();
    expect(photo.includes('GPS-SECRET-LOCATION')).toBe(true);
    const form = multipart([{ name: 'profile_pic', value: photo, filename: 'me.jpg', type: 'image/jpeg' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload-profile-pic', headers: { ...form.headers, ...bearer(token) }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const stored = Buffer.from(res.json().data.profile_image.split(',')[1], 'base64');
    expect(stored.includes('GPS-SECRET-LOCATION')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 341]);
    expect((await get('/api/user-details', bearer(token))).json().data.user.profile_image).toBe(res.json().data.profile_image);

    const fake = multipart([{ name: 'profile_pic', value: Buffer.from('<svg onload="alert(1)"></svg>'), filename: 'x.png', type: 'image/png' }]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/upload-profile-pic', headers: { ...fake.headers, ...bearer(token) }, payload: fake.payload });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.profile_pic).toEqual(['The image must be a PNG, JPEG or WebP file.']);

    const huge = multipart([{ name: 'profile_pic', value: Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024)]), filename: 'big.jpg', type: 'image/jpeg' }]);
    const tooBig = await t.app.inject({ method: 'POST', url: '/api/upload-profile-pic', headers: { ...huge.headers, ...bearer(token) }, payload: huge.payload });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().message).toBe('The image must be at most 5 MB.');

    expect((await t.app.inject({ method: 'POST', url: '/api/upload-profile-pic', headers: form.headers, payload: form.payload })).statusCode).toBe(401);
  });

  it('changes the password with the current one, refuses weak, common and unchanged ones, and ends the other sessions only', async () => {
    const { email, password, token: here } = await register();
    const elsewhere = (await post('/api/login', { email, password })).json().data.token as string;
    const change = (body: object, token = here) => post('/api/change-password', body, bearer(token));

    const wrong = await change({ current_password: 'Not-Mine-99', password: 'Brand-New-77' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data).toEqual({ current_password: [CURRENT_PASSWORD_WRONG_MESSAGE] });
    const missing = await change({ password: 'Brand-New-77' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().data)).toEqual(['current_password']);
    const weak = await change({ current_password: password, password: 'short' });
    expect(weak.json().data).toEqual({ password: [PASSWORD_RULES_MESSAGE] });
    const common = await change({ current_password: password, password: 'Password1' });
    expect(common.json().data).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    const same = await change({ current_password: password, password });
    expect(same.json().data).toEqual({ password: [PASSWORD_UNCHANGED_MESSAGE] });
    // None of the refused attempts changed anything.
    expect((await get('/api/user-details', bearer(elsewhere))).statusCode).toBe(200);

    const before = smtp.to(email).length;
    const done = await change({ current_password: password, password: 'Brand-New-77' });
    expect(done.statusCode).toBe(200);
    expect((await get('/api/user-details', bearer(here))).statusCode).toBe(200);
    expect((await get('/api/user-details', bearer(elsewhere))).statusCode).toBe(401);
    expect((await post('/api/login', { email, password })).statusCode).toBe(422);
    expect((await post('/api/login', { email, password: 'Brand-New-77' })).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const [notice] = (await smtp.waitForTo(email, before + 1)).slice(before);
    expect(notice!.subject).toBe('Your CMA Studio password was changed');
    expect(notice!.text).not.toContain('Brand-New-77');
  });

  it('ends an outstanding reset link when the password is changed', async () => {
    const { email, password, token } = await register();
    const before = smtp.to(email).length;
    await post('/api/forgot-password', { email });
    await t.app.ctx.jobs.drain();
    const mail = (await smtp.waitForTo(email, before + 1))[before]!;
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    expect((await post('/api/change-password', { current_password: password, password: 'Brand-New-77' }, bearer(token))).statusCode).toBe(200);
    expect((await post('/api/reset-password', { token: resetToken, password: 'Another-One-88' })).statusCode).toBe(422);
  });

  it('changes the sign-in e-mail with the current password, normalised and unique, and tells the old address', async () => {
    const { email, password, token } = await register();
    const { email: taken } = await register();
    const change = (body: object) => post('/api/change-email', body, bearer(token));

    expect((await change({ current_password: 'Not-Mine-99', email: newEmail() })).json().data).toEqual({ current_password: [CURRENT_PASSWORD_WRONG_MESSAGE] });
    expect((await change({ current_password: password, email: 'not-an-email' })).json().data).toEqual({ email: ['Please enter valid Email ID'] });
    const clash = await change({ current_password: password, email: ` ${taken.toUpperCase()} ` });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().data).toEqual({ email: [EMAIL_TAKEN_MESSAGE] });
    expect((await change({ current_password: password, email: email.toUpperCase() })).json().data).toEqual({ email: [EMAIL_UNCHANGED_MESSAGE] });

    const before = smtp.to(email).length;
    const fresh = newEmail();
    const done = await change({ current_password: password, email: `  ${fresh.toUpperCase()} ` });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user.email).toBe(fresh);
    expect((await get('/api/user-details', bearer(token))).json().data.user.email).toBe(fresh);
    expect((await post('/api/login', { email, password })).statusCode).toBe(422);
    expect((await post('/api/login', { email: fresh, password })).statusCode).toBe(200);
    // The old address is free again, for a new account.
    expect((await post('/api/verify-data', { email })).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const [notice] = (await smtp.waitForTo(email, before + 1)).slice(before);
    expect(notice!.subject).toBe('Your CMA Studio sign-in e-mail was changed');
    expect(notice!.text).toContain(fresh);
  });

  it('limits attempts to confirm the current password per account', async () => {
    const { token } = await register();
    const attempts = [];
    for (let i = 0; i < 11; i++) attempts.push(await post('/api/change-password', { current_password: `Guess-${i}-aa`, password: 'Brand-New-77' }, bearer(token)));
    expect(attempts.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(422));
    expect(attempts[10]!.statusCode).toBe(429);
    expect((await post('/api/change-email', { current_password: 'Guess-x-aa', email: newEmail() }, bearer(token))).statusCode).toBe(429);
  });
});
