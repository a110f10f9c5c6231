import { SimLift, SimLiftGateway } from '@fleet/sim';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { unique } from '../support/people-helpers.js';
import { E2E_MQTT_PORT } from '../support/ports.js';
import { toast } from '../support/shell.js';
import { choose, liftInAcmeTower, removeLiftConfig } from './lift-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', `lifts:${key}`, values);

// LIFTS-TEST-CALL: a new lift takes no robot until a test call passes; the call goes through a real gateway
// (the simulator's, logged in with the credentials the console issued) and reads back what the car reported.
test('the owner runs a test call on a new lift, sees it pass with what the car reported, and enables it for robots', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  test.slow();
  const session = await signedIn('super', { company: 'Acme Robotics' });
  const names = {
    bank: unique('E2E Test bank'),
    gateway: unique('E2E Test gateway'),
    lift: 'Car T',
    gatewayLiftName: 'car-t',
  };
  let gateway: SimLiftGateway | null = null;
  try {
    const made = await liftInAcmeTower(consoleApi, session.token, names);
    // The car stands at the lobby; its doors take 1 s, a floor 0.2 s.
    gateway = new SimLiftGateway({
      url: `mqtt://127.0.0.1:${E2E_MQTT_PORT}`,
      gatewayId: made.credentials.gatewayId,
      password: made.credentials.password,
      lifts: [
        new SimLift(names.gatewayLiftName, ['0', '12'], { floorTravelS: 0.2, doorS: 1, humanDwellS: 2 }),
      ],
    });
    await gateway.start();

    await page.goto(`/elevator/config?building=${made.building.id}`);
    const card = page.getByTestId('bank-card').filter({ hasText: names.bank });
    const row = card.getByTestId('lifts-table').getByRole('row').filter({ hasText: names.lift });
    await expect(row.getByTestId('lift-needs-test')).toHaveText(t('config.lifts.needsTest'));
    await expect(row.getByRole('switch')).toBeDisabled();

    await row.getByTestId('lift-test').click();
    const modal = page.getByTestId('test-call');
    // The floor codes are the lift's landings'; floor 12 sends the car up from the lobby.
    // A choice made while the dialog still zooms in lands where the option was drawn, not where it ends up.
    await settled(modal);
    await choose(page, modal.locator('.ant-select'), '12');
    await expect(modal.locator('.ant-select')).toContainText('12');
    await modal.getByTestId('test-call-start').click();
    await expect(modal.getByText(t('config.test.passed', { floor: '12' }))).toBeVisible({ timeout: 30_000 });
    await expect(modal).toContainText(t('config.test.currentFloor'));
    await expect(modal).toContainText(t('config.doorStates.open'));

    await modal.getByTestId('test-enable').click();
    await expect(toast(page, t('config.lifts.enabledDone', { name: names.lift }), 'success')).toBeVisible();
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: t('config.test.close') })
      .click();
    await expect(row.getByRole('switch')).toBeChecked();
    await expect(row.getByTestId('lift-needs-test')).toHaveCount(0);
    await expect(row).toContainText(t('config.lifts.passed'));
  } finally {
    await gateway?.stop();
    await removeLiftConfig(consoleApi, session.token, names);
  }
});
