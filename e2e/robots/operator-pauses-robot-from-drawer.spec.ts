import { expect, test } from '../support/fixtures.js';
import { openOnlineRobot, robotRow } from '../support/fleet-helpers.js';
import { text } from '../support/locales.js';

const t = (key: string) => text('en', key);

test('pausing a robot from its drawer shows the command finishing and the robot paused, then resumed', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  await page.goto('/robots');
  const id = await openOnlineRobot(page);
  const drawer = page.getByTestId('robot-drawer');

  await drawer.getByTestId('command-pause').click();
  const pause = drawer.getByTestId('command-list').locator('[data-command-type="pause"]').first();
  await expect(pause).toHaveAttribute('data-progress', 'finished', { timeout: 15_000 });
  await expect(pause).toContainText(t('robots:commands.progress.finished'));
  await expect(drawer.getByTestId('robot-facts').locator('[data-status="paused"]')).toBeVisible();
  await expect(robotRow(page, id)).toHaveAttribute('data-robot-status', 'paused');

  await drawer.getByTestId('command-resume').click();
  const resume = drawer.getByTestId('command-list').locator('[data-command-type="resume"]').first();
  await expect(resume).toHaveAttribute('data-progress', 'finished', { timeout: 15_000 });
  await expect(robotRow(page, id)).not.toHaveAttribute('data-robot-status', 'paused');
});

test('staff may not operate a robot that is not assigned to them', async ({ page, signedIn }) => {
  await signedIn('staff');
  await page.goto('/robots');
  await openOnlineRobot(page);
  const drawer = page.getByTestId('robot-drawer');
  await expect(drawer.getByTestId('command-pause')).toBeDisabled();
  await expect(drawer.getByTestId('robot-actions')).toHaveCount(0);
  await expect(page.getByTestId('robot-register')).toBeDisabled();
});
