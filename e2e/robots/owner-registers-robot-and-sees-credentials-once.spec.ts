import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { robotRow } from '../support/fleet-helpers.js';
import { text } from '../support/locales.js';

const t = (key: string) => text('en', key);

test('an owner registers a robot, copies its MQTT password shown once, and removes it', async ({
  page,
  signedIn,
  api: server,
}) => {
  const owner = await signedIn('owner');
  await page.goto('/robots');
  const serial = `E2E-REG-${Date.now()}`;
  await page.getByTestId('robot-register').click();
  const form = page.getByTestId('robot-form');
  await form.getByLabel(t('robots:form.name')).fill(`Courier ${serial}`);
  await form.getByLabel(t('robots:form.manufacturer')).fill('e2e');
  await form.getByLabel(t('robots:form.serialNumber')).fill(serial);
  await form.getByLabel(t('robots:form.model')).fill('Courier C2');
  await page.getByRole('button', { name: t('robots:form.register'), exact: true }).click();

  const credentials = page.getByTestId('robot-credentials');
  await expect(credentials).toContainText(`e2e/${serial}`);
  await expect(page.getByTestId('robot-password')).toHaveText(/^[\w-]{20,}$/);
  // Shown once, so the only way on is OK: no Cancel to mistake for "not now".
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(credentials).toHaveCount(0);

  await page.getByTestId('robot-search').fill(`  ${serial} `);
  const list = await server.call(api.listRobots, {}, owner.token);
  const created = list.find((r) => r.serialNumber === serial);
  if (!created) throw new Error('the robot was not registered');
  await expect(robotRow(page, created.id)).toHaveAttribute('data-robot-status', 'offline');

  // The same serial number again is a clear error on its field.
  await page.getByTestId('robot-register').click();
  await form.getByLabel(t('robots:form.name')).fill('Twin');
  await form.getByLabel(t('robots:form.manufacturer')).fill('e2e');
  await form.getByLabel(t('robots:form.serialNumber')).fill(serial);
  await form.getByLabel(t('robots:form.model')).fill('Courier C2');
  await page.getByRole('button', { name: t('robots:form.register'), exact: true }).click();
  await expect(form).toContainText(t('robots:form.serialTaken'));
  await page.getByRole('button', { name: 'Cancel' }).click();

  await robotRow(page, created.id).getByTestId('robot-open').click();
  await page.getByTestId('robot-actions').click();
  await page.getByRole('menuitem', { name: t('robots:actions.remove') }).click();
  await page.getByRole('button', { name: t('robots:remove.ok') }).click();
  await expect(robotRow(page, created.id)).toHaveCount(0);
});
