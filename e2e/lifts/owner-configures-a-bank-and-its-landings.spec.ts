import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { dialog, unique } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';
import { choose, removeLiftConfig } from './lift-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', `lifts:${key}`, values);

// /elevator/config is a super-company screen (routes.tsx): the super admin, an administrator of Acme, works
// there as its owner would. Acme is in the US region, so waypoints are typed in feet; the demo floors' maps
// are 60 m × 40 m (197 ft × 131 ft).
test('the owner registers a gateway, adds a bank to Acme Tower and a lift with its landings, fixes a landing the server refuses, and sees it needs a test call and the history', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  test.slow();
  const session = await signedIn('super', { company: 'Acme Robotics' });
  const gateway = unique('E2E Gateway');
  const bank = unique('E2E Core');
  try {
    await page.goto('/elevator/config');
    await expect(page.getByTestId('screen-elevatorConfig')).toBeVisible();

    // The gateway: registered, its password shown once.
    await page.getByRole('tab', { name: t('config.tabs.gateways') }).click();
    await page.getByTestId('gateway-register').click();
    const register = dialog(page, t('config.gateways.registerTitle'));
    await register.getByLabel(t('config.gateways.name')).fill(gateway);
    await register.getByTestId('gateway-form-submit').click();
    const credentials = dialog(page, t('config.credentials.title'));
    await expect(credentials.getByText(t('config.credentials.once'))).toBeVisible();
    await expect(credentials.getByTestId('gateway-password')).toHaveText(/\S{16,}/);
    await credentials.getByRole('button', { name: t('config.credentials.done') }).click();
    await expect(credentials).toBeHidden();
    const row = page.getByTestId('gateways-table').getByRole('row').filter({ hasText: gateway });
    await expect(row).toContainText(t('config.gateways.links.never'));
    await expect(page.getByTestId('gateway-password')).toHaveCount(0);

    // The bank, in Acme Tower.
    await page.getByRole('tab', { name: t('config.tabs.banks') }).click();
    // The screen opens on the first building with lifts (the demo's Acme Tower); choosing it again keeps it.
    await choose(page, page.getByTestId('lift-building'), 'Acme Tower');
    await expect(page.getByTestId('lift-building')).toContainText('Acme Tower');
    await page.getByTestId('bank-add').click();
    const bankForm = dialog(page, t('config.bankForm.addTitle'));
    await bankForm.getByLabel(t('config.bankForm.name')).fill(bank);
    await choose(page, bankForm.getByTestId('bank-form-gateway'), gateway);
    await bankForm.getByTestId('bank-form-submit').click();
    await expect(toast(page, t('config.bankForm.created', { name: bank }), 'success')).toBeVisible();
    const card = page.getByTestId('bank-card').filter({ hasText: bank });
    await expect(card).toContainText(t('config.banks.gatewayOf', { name: gateway }));

    // The lift, serving the lobby and floor 12 at its front door.
    await card.getByTestId('lift-add').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: t('config.liftForm.addTitle', { bank }) });
    await drawer.getByLabel(t('config.liftForm.name'), { exact: true }).fill('Car A');
    await drawer.getByLabel(t('config.liftForm.gatewayLiftName'), { exact: true }).fill('car-a');
    await choose(page, drawer.getByTestId('lift-served-floors'), 'Lobby');
    const floor12 = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Floor 12' });
    await settled(floor12);
    await floor12.click();
    await page.keyboard.press('Escape');
    const landings = drawer.getByTestId('landings-table');
    await expect(landings.getByRole('row')).toHaveCount(3);
    const lobby = 'Lobby Front';
    const twelve = 'Floor 12 Front';
    await expect(drawer.getByLabel(t('config.landings.floorCodeOf', { label: lobby }))).toHaveValue('0');
    await expect(drawer.getByLabel(t('config.landings.floorCodeOf', { label: twelve }))).toHaveValue('12');

    // The lobby's landing picked on its map: the waiting point, then the car.
    await drawer.getByRole('button', { name: t('config.landings.pickOf', { label: lobby }) }).click();
    const pick = dialog(page, t('config.landings.pickTitle', { label: lobby }));
    const map = pick.getByTestId('floor-map').getByTestId('floor-map-canvas');
    // A click while the dialog still zooms in lands where the scaled map was drawn, not where it ends up.
    await settled(pick);
    await map.click();
    const box = await map.boundingBox();
    await map.click({ position: { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) / 2 - 40 } });
    await expect(pick.getByTestId('pick-points')).not.toContainText(t('config.landings.notPlaced'));
    await pick.getByRole('button', { name: t('config.landings.usePoints') }).click();
    await expect(pick).toBeHidden();
    const coordinate = (label: string, which: 'outside' | 'inside', axis: 'x' | 'y') =>
      drawer.getByLabel(
        t('config.landings.coordinate', { label: `${label}, ${t(`config.landings.${which}`)}`, axis }),
        { exact: true },
      );
    // Within a few feet of the middle of the 197 ft × 131 ft plan.
    expect(Number(await coordinate(lobby, 'outside', 'x').inputValue())).toBeCloseTo(98, -1);

    // Floor 12's typed, with a slip: 1000 ft is off the map, which only the server knows.
    await coordinate(twelve, 'outside', 'x').fill('98');
    await coordinate(twelve, 'outside', 'y').fill('1000');
    await coordinate(twelve, 'inside', 'x').fill('98');
    await coordinate(twelve, 'inside', 'y').fill('46');
    await drawer.getByTestId('lift-form-submit').click();
    await expect(drawer.getByTestId('landing-error-1.outside')).toContainText(
      t('config.rules.waypointOffMap', { floor: 'Floor 12' }),
    );
    await coordinate(twelve, 'outside', 'y').fill('36');
    await expect(drawer.getByTestId('landing-error-1.outside')).toHaveCount(0);
    await drawer.getByTestId('lift-form-submit').click();
    await expect(toast(page, t('config.liftForm.created', { name: 'Car A' }), 'success')).toBeVisible();
    await expect(drawer).toBeHidden();

    // Not for robots until a test call passes.
    const lift = card.getByTestId('lifts-table').getByRole('row').filter({ hasText: 'Car A' });
    await expect(lift).toContainText('Lobby, Floor 12');
    await expect(lift.getByTestId('lift-needs-test')).toHaveText(t('config.lifts.needsTest'));
    await expect(lift.getByRole('switch')).toBeDisabled();

    // The history: the bank, then its lift, each by the super admin.
    await card.getByRole('button', { name: t('config.banks.history') }).click();
    const history = page.getByTestId('bank-history');
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText('Car A');
    await expect(history).toContainText(`${t('config.history.fields.created')}: – → ${bank}`);
    await expect(history).toContainText('Sean Super');
  } finally {
    await removeLiftConfig(consoleApi, session.token, { bank, gateway });
  }
});
