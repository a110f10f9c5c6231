import { expect, test } from '../support/fixtures.js';
import { envelopeItems, receivedEnvelopes } from '../support/sentry.js';
import { screenShown } from '../support/shell.js';

// Issue part 11: with SENTRY_DSN configured (the e2e server points it at a local receiver), the browser SDK
// reports errors and performance tagged with the user id, and every failed API call.

/** Envelopes that mention `needle` (each test produces something only it can). */
async function envelopesWith(needle: string): Promise<string[]> {
  return receivedEnvelopes(needle);
}

/** The user ids an envelope carries: on events (user, tags.user_id) and on streamed spans (user.id). */
function userIdsOf(envelope: string): string[] {
  return envelopeItems(envelope).flatMap((item) => {
    const user = item.user as { id?: string } | undefined;
    const tags = item.tags as { user_id?: string } | undefined;
    const spans = (item.items as { attributes?: Record<string, { value?: unknown }> }[] | undefined) ?? [];
    return [user?.id, tags?.user_id, ...spans.map((span) => span.attributes?.['user.id']?.value)].filter(
      (id): id is string => typeof id === 'string',
    );
  });
}

/** Performance data: a transaction, or the spans the SDK streams (item type `span`). */
function isPerformance(envelope: string): boolean {
  return envelopeItems(envelope).some((item) => item.type === 'transaction' || item.type === 'span');
}

test('the page load is reported as performance data tagged with the user id', async ({ page, signedIn }) => {
  const session = await signedIn('solo');
  await page.goto('/robots');
  await screenShown(page, 'robots');
  await expect
    .poll(async () => (await envelopesWith(session.me.id)).filter(isPerformance).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const [performance = ''] = (await envelopesWith(session.me.id)).filter(isPerformance);
  expect(userIdsOf(performance)).toContain(session.me.id);
  expect(performance).toMatch(/pageload/i);
});

test('a failed API call (HTTP status not 200) is reported with its path, status and the user id', async ({
  page,
  signedIn,
}) => {
  const session = await signedIn('owner');
  const code = `E2E_HTTP_${Date.now()}`;
  await page.route('**/opt/v1/mini/device/search', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, info: 'probe down', data: null, code }),
    }),
  );
  await page.goto('/robots');
  await expect.poll(async () => (await envelopesWith(code)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const [reported = ''] = await envelopesWith(code);
  expect(reported).toContain(`API POST /opt/v1/mini/device/search failed (503 ${code})`);
  expect(userIdsOf(reported)).toContain(session.me.id);
});

test('a call answered 200 whose body says it failed is reported too', async ({ page, signedIn }) => {
  const session = await signedIn('staff');
  const code = `E2E_BODY_${Date.now()}`;
  await page.route('**/opt/admin/company/search-subsidiaries', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, info: 'not now', data: null, code }),
    }),
  );
  await page.goto('/robots');
  await expect.poll(async () => (await envelopesWith(code)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const [reported = ''] = await envelopesWith(code);
  expect(reported).toContain(`API POST /opt/admin/company/search-subsidiaries failed (200 ${code})`);
  expect(userIdsOf(reported)).toContain(session.me.id);
});
