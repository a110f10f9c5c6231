import { api, type LiveRobot } from '@fleet/contract';
import type { ConsoleApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { toast } from '../support/shell.js';
import { claimRobot } from './lift-helpers.js';

/*
 * The demo's lifts (server/src/demo/demo-lifts.ts): Acme Tower's lobby and floor 12 joined by two simulated cars.
 * /elevator is a super-company screen: the super admin works in Acme Robotics.
 */

/**
 * An online robot of Acme Tower standing on the lobby or floor 12, claimed for this test alone, and a station on
 * the other of the two. A robot the lifts carry or keep waiting now (the demo sends couriers riding on its own)
 * is left alone: sent elsewhere, its ride would end and the card would still show it for a moment.
 */
async function courierAndStation(client: ConsoleApi, token: string) {
  const buildings = await client.call(api.searchBuildings, { body: { pageIndex: 1, pageLength: 20 } }, token);
  const tower = buildings.list.find((b) => b.name === 'Acme Tower');
  if (!tower) throw new Error('no Acme Tower');
  const floors = (await client.call(api.getBuilding, { params: { id: tower.id } }, token)).floors;
  const lobby = floors.find((f) => f.level === 0);
  const floor12 = floors.find((f) => f.level === 12);
  if (!lobby || !floor12) throw new Error('no lobby or floor 12');
  const lifts = await client.call(api.listLiveLifts, { query: { buildingId: tower.id } }, token);
  const riding = new Set(
    lifts.flatMap((l) => [...(l.holder?.robotIds ?? []), ...l.waiting.map((w) => w.robotId)]),
  );
  const robots = await client.call(api.listRobots, {}, token);
  const couriers = robots.filter(
    (r: LiveRobot) =>
      r.buildingId === tower.id &&
      r.connection === 'ONLINE' &&
      (r.status === 'idle' || r.status === 'working') &&
      (r.battery ?? 0) > 30 &&
      (r.position?.mapId === lobby.id || r.position?.mapId === floor12.id) &&
      !riding.has(r.id),
  );
  for (const courier of couriers) {
    if (!courier.position) continue;
    const claim = claimRobot(courier.id);
    if (!claim) continue;
    const other = courier.position.mapId === lobby.id ? floor12 : lobby;
    const stations = await client.call(api.listStations, { params: { id: other.id } }, token);
    const station = stations.find((s) => !s.charger);
    if (!station) {
      claim.release();
      throw new Error('no station on the other floor');
    }
    return { courier, station, claim };
  }
  throw new Error('no courier online in Acme Tower that no other test has');
}

test('an operator watches a courier ride a lift and force-releases the car (LIFTS-FORCE-RELEASE)', async ({
  page,
  signedIn,
  api: client,
}) => {
  test.setTimeout(120_000);
  const session = await signedIn('super', { company: 'Acme Robotics' });
  await page.goto('/elevator');
  const cards = page.locator('[data-testid^="lift-card-"]');
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('lift-card-Lift A').getByTestId('lift-floor')).toHaveText(/^(0|12)$/);

  // The courier is this test's alone: a test beside it (this one repeated) rides and releases another.
  const { courier, station, claim } = await courierAndStation(client, session.token);
  try {
    await client.call(
      api.sendCommand,
      { params: { id: courier.id }, body: { type: 'goTo', stationId: station.id } },
      session.token,
    );
    const carrying = text('en', 'lifts:live.heldByRobot', { robot: courier.name });
    const card = cards.filter({ has: page.getByTestId('lift-holder').getByText(carrying) });
    await expect(card).toHaveCount(1, { timeout: 60_000 });

    const testId = await card.getAttribute('data-testid');
    if (!testId) throw new Error('card without test id');
    const released = page.getByTestId(testId);
    const liftName = testId.replace(/^lift-card-/, '');
    await released.getByTestId('lift-actions').click();
    // Clicked once the menu has slid into place: a click during its motion can land beside the item.
    const forceRelease = page.getByRole('menuitem', { name: text('en', 'lifts:live.actions.forceRelease') });
    await forceRelease.waitFor();
    await settled(forceRelease);
    await forceRelease.click();
    const reason = 'Door sensor fault: clearing the car';
    await page.getByTestId('lift-command-reason').fill(reason);
    await page.getByTestId('lift-command-ok').click();
    // The release took the car from the ride: the dialog closed on it, not on "free already".
    await expect(
      toast(page, text('en', 'lifts:live.command.sent', { lift: liftName }), 'success'),
    ).toBeVisible();
    await expect(page.getByTestId('lift-command-ok')).toBeHidden();
    await expect(released.getByTestId('lift-holder')).not.toContainText(carrying);

    // The lift's log says what was done and why.
    await released.getByTestId('lift-log-open').click();
    await expect(page.getByTestId('lift-log')).toContainText(reason);
  } finally {
    claim.release();
  }
});

test('/elevator in Chinese', async ({ page, signedIn }) => {
  await signedIn('super', { company: 'Acme Robotics', lng: 'zh' });
  await page.goto('/elevator');
  const card = page.getByTestId('lift-card-Lift A');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('lift-doors')).toHaveText(
    new RegExp(['closed', 'moving', 'open'].map((d) => text('zh', `lifts:live.doors.${d}`)).join('|')),
  );
  await expect(card.getByTestId('lift-log-open')).toHaveText(text('zh', 'lifts:live.log.open'));
});
