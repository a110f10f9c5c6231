import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { signatureValid, startReceiver } from './app-helpers.js';

/*
 * APPS-CREDENTIALS, APPS-TOKEN, APPS-ROBOTS, APPS-WEBHOOKS: an owner creates an API application, copies its secret
 * (shown once), an integration calls the open API with it the way curl would, and a webhook receives a signed test
 * event that the delivery log then shows.
 */
test('an owner creates an API application, calls the open API with its secret and receives a signed test event', async ({
  page,
  signedIn,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signedIn('owner');
  const name = `E2E PMS ${Date.now()}`;
  const receiver = await startReceiver();
  try {
    await page.goto('/app?tab=api');
    await page.getByTestId('app-create').click();
    const form = page.getByTestId('app-form');
    await form.getByLabel(text('en', 'apps:form.name')).fill(name);
    await page.getByTestId('app-form-submit').click();

    // The credentials, shown this once.
    const accessKey = (await page.getByTestId('app-access-key').textContent())?.trim() ?? '';
    const secret = (await page.getByTestId('app-secret').textContent())?.trim() ?? '';
    expect(accessKey).toMatch(/^fca_/);
    expect(secret).toMatch(/^fcs_/);
    await expect(page.getByTestId('app-curl')).toContainText(`${accessKey}:${secret}`);
    await page.getByRole('button', { name: text('en', 'apps:credentials.done') }).click();
    await expect(page.getByTestId('app-credentials')).toBeHidden();

    const row = page.getByTestId('apps-table').locator('tr', { hasText: name });
    await expect(row.getByTestId('app-status')).toHaveText(text('en', 'apps:status.active'));

    // An integration's calls, as curl makes them: a token with Basic auth and a form, then the robot list.
    const tokenAnswer = await fetch(`${baseURL}/opt/open/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accessKey}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const robots = await fetch(`${baseURL}/opt/open/v1/robots`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(robots.status).toBe(200);
    const listed = (await robots.json()) as { data: { robots: { id: string }[]; hint: string | null } };
    expect(listed.data.robots.length).toBeGreaterThan(0);
    expect(listed.data.hint).toBeNull();
    // Its scopes do not include operating robots: refused, naming the scope.
    const pause = await fetch(`${baseURL}/opt/open/v1/robots/${listed.data.robots[0]?.id}/pause`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pause.status).toBe(403);
    expect(pause.headers.get('www-authenticate')).toContain('insufficient_scope');

    // The application's detail: only a hint of the secret is left; a webhook to the receiver.
    await row.getByTestId('app-name').click();
    const drawer = page.getByTestId('app-drawer');
    await expect(drawer.getByTestId('app-secret-row')).toHaveCount(1);
    await expect(drawer).not.toContainText(secret);
    await drawer.getByTestId('webhook-create').click();
    const hookForm = page.getByTestId('webhook-form');
    await hookForm.getByLabel(text('en', 'apps:webhooks.url')).fill(receiver.url);
    await page.getByTestId('webhook-form-submit').click();
    const signingSecret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(signingSecret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: text('en', 'apps:credentials.done') }).click();

    await drawer.getByTestId('webhook-row').click();
    await drawer.getByTestId('webhook-test').click();
    await expect(page.getByText(text('en', 'apps:webhooks.testOk', { code: 204 }))).toBeVisible();
    // The webhook listens to every event, so the fleet's own (a task finished) may arrive before the test event.
    const isTest = (d: { body: string }) => (JSON.parse(d.body) as { type: string }).type === 'webhook.test';
    await expect.poll(() => receiver.received.some(isTest)).toBe(true);
    const delivery = receiver.received.find(isTest);
    if (!delivery) throw new Error('no test event delivered');
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test', data: { application: name } });
    expect(signatureValid(signingSecret, delivery)).toBe(true);
    expect(signatureValid('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', delivery)).toBe(false);
    const testRow = drawer.getByTestId('delivery-log').locator('tr', { hasText: 'webhook.test' });
    await expect(testRow.getByTestId('delivery-status')).toHaveText(
      text('en', 'apps:deliveries.statuses.delivered'),
    );
  } finally {
    await receiver.close();
  }
});
