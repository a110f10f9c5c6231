import { expect, test } from '../support/fixtures.js';
import { screenShown } from '../support/shell.js';

// SHELL-GUARD-NO-TOKEN, SHELL-GUARD-TOKEN: where a visitor without, and a user with, a stored token is sent.

test('without a stored token any non-login path goes to /login', async ({ page }) => {
  for (const path of ['/', '/robots', '/person', '/ROBOTS', '/error/404', '/map/en', '/no-such-screen']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
  }
});

test('without a stored token the login paths stay where they are', async ({ page }) => {
  await page.goto('/login/sso');
  await expect(page.getByTestId('sso-email')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/sso$/);
  await page.goto('/login/sso/7d1c1b8e-0000-4000-8000-000000000001');
  await expect(page.getByTestId('sso-unavailable')).toBeVisible();
});

test('with a stored token / and /login go to /robots', async ({ page, signedIn }) => {
  await signedIn('staff');
  for (const path of ['/', '/login', '/LOGIN']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/robots$/);
    await screenShown(page, 'robots');
  }
});

test('the logo goes to /robots', async ({ page, signedIn }) => {
  await signedIn('staff');
  await page.goto('/person');
  await screenShown(page, 'person');
  await page.getByTestId('logo').click();
  await expect(page).toHaveURL(/\/robots$/);
  await screenShown(page, 'robots');
});
