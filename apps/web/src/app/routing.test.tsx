import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage as PersistStorage } from 'redux-persist';
import { buildAppRoutes, type RouteTables } from './router';
import { createAppStore } from './store';
import { alwaysOpenRoutes, protectedRoutes, publicRoutes, type AppRoute } from './routes';
import { clearAllStorage, saveSession } from '../shared/session/session';
import { TOAST_CONTAINER_OPTIONS } from '../shared/toast';

// The shell calls GET /api/config, /api/faq-list and /api/user-details; a real local server answers them with empty envelopes.
let apiServer: Server;
beforeAll(async () => {
  apiServer = createServer((request, response) => {
    // The member header reads the subscription from user-details (no trial, nothing to show).
    const data = request.url === '/api/user-details' ? { user: {}, business: null, subscription: null } : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status_code: 200, data }));
  });
  await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${(apiServer.address() as AddressInfo).port}/`);
});
afterAll(() => new Promise<void>((resolve) => apiServer.close(() => resolve())));

const noopStorage: PersistStorage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };

// The real route table and layout, with each feature page replaced by a stub that names its route:
// these tests are about the access classes, not about what the feature pages do.
const stubbed = (routes: AppRoute[]): AppRoute[] => routes.map(({ path }) => ({ path, Page: () => <h1>{`page ${path}`}</h1> }));
const stubTables: RouteTables = {
  publicRoutes: stubbed(publicRoutes),
  alwaysOpenRoutes: stubbed(alwaysOpenRoutes),
  protectedRoutes: stubbed(protectedRoutes),
};
const LANDING = 'page /';
const FALLBACK = 'page *';

function renderAt(path: string) {
  const { store } = createAppStore(noopStorage);
  const router = createMemoryRouter(buildAppRoutes(stubTables), { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer {...TOAST_CONTAINER_OPTIONS} />
    </Provider>,
  );
  return { router, store };
}

const pageHeading = () => screen.findByRole('heading', { level: 1 });

describe('route guards (spec §2)', () => {
  it.each(protectedRoutes.map((route) => route.path))('sends a visitor from %s to /', async (path) => {
    const { router } = renderAt(path);
    expect((await pageHeading()).textContent).toBe(LANDING);
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in but unsubscribed user from /home to /', async () => {
    saveSession('tok-1', 0);
    const { router } = renderAt('/home');
    await pageHeading();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/', '/login', '/login?scan=true', '/forgot-password', '/reset-password/abc123', '/subscription-plan', '/request-demo'])(
    'sends a subscribed user from the public route %s to /home',
    async (path) => {
      saveSession('tok-1', 1);
      const { router } = renderAt(path);
      expect((await pageHeading()).textContent).toBe('page /home');
      expect(router.state.location.pathname).toBe('/home');
    },
  );

  it.each(alwaysOpenRoutes.map((route) => route.path))('opens the always-open page %s for visitors and subscribers', async (path) => {
    const visitor = renderAt(path);
    expect((await pageHeading()).textContent).toBe(`page ${path}`);
    expect(visitor.router.state.location.pathname).toBe(path);
    act(() => clearAllStorage());
    visitor.router.dispose();
    document.body.innerHTML = '';

    saveSession('tok-1', 1);
    const subscriber = renderAt(path);
    expect((await pageHeading()).textContent).toBe(`page ${path}`);
    expect(subscriber.router.state.location.pathname).toBe(path);
  });

  it('lets a subscribed user open every protected page', async () => {
    saveSession('tok-1', 1);
    for (const { path } of protectedRoutes) {
      const { router } = renderAt(path);
      expect((await pageHeading()).textContent).toBe(`page ${path}`);
      expect(router.state.location.pathname).toBe(path);
      router.dispose();
      document.body.innerHTML = '';
    }
  });

  it('shows the fallback page on an unknown path', async () => {
    const { router } = renderAt('/no/such/page');
    expect((await pageHeading()).textContent).toBe(FALLBACK);
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('moves the user out of protected pages as soon as the session is cleared', async () => {
    saveSession('tok-1', 1);
    const { router } = renderAt('/compare');
    await pageHeading();
    act(() => clearAllStorage());
    await screen.findByRole('heading', { level: 1, name: LANDING });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('headers (spec §2)', () => {
  it("visitor header: Sign in and Sign up set the login state and go to their pages; the active link is marked", async () => {
    const { router, store } = renderAt('/about-us');
    await pageHeading();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About us' }).getAttribute('aria-current')).toBe('page');
    for (const name of ['Home', 'CONTACT US', 'Subscription', 'FAQ', 'Request a Demo']) expect(within(nav).getByRole('link', { name })).toBeTruthy();

    await act(async () => userEvent.click(within(nav).getByRole('link', { name: 'Sign up' })));
    expect(router.state.location.pathname).toBe('/subscription-plan');
    expect(store.getState().login.loginstate).toBe('register');

    await act(async () => userEvent.click(within(nav).getByRole('link', { name: 'Sign in' })));
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().login.loginstate).toBe('login');
  });

  it('FAQ goes to the landing page FAQ section', async () => {
    const { router } = renderAt('/about-us');
    await pageHeading();
    await act(async () => userEvent.click(screen.getByRole('link', { name: 'FAQ' })));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('#faq');
    expect((await pageHeading()).textContent).toBe(LANDING);
  });

  it('signed-in header before a subscription: Log Out and Choose a plan, never Sign in or Sign up', async () => {
    saveSession('tok-1', 0);
    renderAt('/subscription-plan');
    await pageHeading();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/subscription-plan');
  });

  it('logged-in header: Home, HISTORY, Change default values, FAQS, Log Out and the profile picture', async () => {
    saveSession('tok-1', 1);
    renderAt('/home');
    await pageHeading();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(within(nav).getByRole('link', { name: 'Change default values' }).getAttribute('href')).toBe('/change-default-values');
    expect(within(nav).getByRole('link', { name: 'FAQS' }).getAttribute('href')).toBe('/faqs');
    expect(within(nav).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/edit-profile');
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'CMA Studio home' }).getAttribute('href')).toBe('/home');

    const history = within(nav).getByRole('button', { name: /HISTORY/ });
    expect(history.getAttribute('aria-expanded')).toBe('false');
    await act(async () => userEvent.click(history));
    expect(history.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Saved reports' })).toBeTruthy();
  });

  it("footer: quick links, company links, Contact Us, this year's copyright, and the two 'Will be added sone' icons", async () => {
    renderAt('/privacy-policy');
    await pageHeading();
    const footer = screen.getByRole('contentinfo');
    const hrefOf = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect([hrefOf('Home'), hrefOf('About Us'), hrefOf('Subscription')]).toEqual(['/', '/about-us', '/subscription-plan']);
    expect([hrefOf('Terms'), hrefOf('Privacy Policy'), hrefOf('Contact Us')]).toEqual(['/terms-condition', '/privacy-policy', '/contact-us']);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()}`);
    expect(within(footer).getByText(/, [A-Z]{2} \d{5}/)).toBeTruthy(); // a US postal address line
    for (const name of ['Instagram', 'X (Twitter)']) {
      await act(async () => userEvent.click(within(footer).getByRole('button', { name })));
    }
    expect(await screen.findAllByText('Will be added sone')).toHaveLength(2);
  });
});
