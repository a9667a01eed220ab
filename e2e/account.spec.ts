import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD, createRegisteredSession, createSubscribedSession, uniqueEmail, useSessionInBrowser } from './support/sessions';
import { DESKTOP_AND_TABLET, screenshotDir } from './support/spec-setup';

// Issue 21, Account: the signed-in header shows the trial and links to the account; the profile changes the sign-in
// e-mail and the password; a signed-in user without a subscription is not offered "Sign in / Sign up". At 1280 and 768 px.

const SHOTS = screenshotDir('account');
const WIDTHS = DESKTOP_AND_TABLET;

/** At 900 px and below the nav is behind the menu button. */
async function openMenuIfCollapsed(page: Page) {
  if (page.viewportSize()!.width <= 900) await page.getByRole('button', { name: 'Open menu' }).click();
}

for (const viewport of WIDTHS) {
  test(`the header shows the trial and leads to the account; the profile changes the sign-in e-mail and password (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const session = await createSubscribedSession(page.request, 'account');
    await useSessionInBrowser(page, session);
    await page.goto('/home');

    // The trial pill is in the header itself, visible without opening the tablet menu.
    const status = page.getByRole('banner').getByRole('link', { name: 'Trial: 14 days left' });
    await expect(status).toBeVisible();
    await page.getByRole('banner').screenshot({ path: path.join(SHOTS, `header-trial-${viewport.width}.png`) });
    await status.click();
    await expect(page).toHaveURL(/\/edit-profile#subscription$/);
    await expect(page.getByRole('heading', { name: 'Subscription' })).toBeInViewport();

    await page.goto('/home');
    await openMenuIfCollapsed(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/edit-profile$/);

    const signIn = page.getByRole('region', { name: 'Sign-in e-mail and password' });
    await expect(signIn.getByTestId('sign-in-email')).toHaveText(session.email);

    // E-mail: the current password is required and checked.
    const emailForm = signIn.getByRole('form', { name: 'Change sign-in e-mail' });
    const newEmail = uniqueEmail('moved');
    await emailForm.getByLabel('New sign-in e-mail').fill(`  ${newEmail.toUpperCase()} `);
    await emailForm.getByLabel('Current password').fill('Not-My-Password-1');
    await emailForm.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(emailForm.getByText('The current password is not correct.')).toBeVisible();
    await emailForm.getByLabel('Current password').fill(E2E_PASSWORD);
    await emailForm.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(page.getByText('Your sign-in e-mail has been changed.')).toBeVisible();
    await expect(signIn.getByTestId('sign-in-email')).toHaveText(newEmail);

    // Password: the rules are stated, the repeat must match, then the new one signs in and the old one does not.
    const passwordForm = signIn.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill(E2E_PASSWORD);
    await passwordForm.getByLabel('New password', { exact: true }).fill('short');
    await passwordForm.getByLabel('Repeat the new password').fill('short');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByText('The password must be at least 8 characters long and contain a letter and a digit.').last()).toBeVisible();
    await passwordForm.getByLabel('New password', { exact: true }).fill('Closing-Day-2027');
    await passwordForm.getByLabel('Repeat the new password').fill('Closing-Day-2027');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed. You have been signed out on your other devices.')).toBeVisible();
    await signIn.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `profile-sign-in-${viewport.width}.png`), fullPage: true });

    expect((await page.request.post('/api/login', { data: { email: newEmail, password: E2E_PASSWORD } })).status()).toBe(422);
    expect((await page.request.post('/api/login', { data: { email: newEmail, password: 'Closing-Day-2027' } })).status()).toBe(200);
    // This browser's session survived the change.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  });

  test(`a signed-in user without a subscription is offered a plan and Log Out, not Sign in / Sign up (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const session = await createRegisteredSession(page.request, 'unsubscribed');
    await useSessionInBrowser(page, session, 0);
    await page.goto('/subscription-plan');
    await expect(page.getByRole('heading', { name: 'Monthly' })).toBeVisible();
    await openMenuIfCollapsed(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Choose a plan' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, `header-unsubscribed-${viewport.width}.png`) });
    await nav.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await openMenuIfCollapsed(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
}
