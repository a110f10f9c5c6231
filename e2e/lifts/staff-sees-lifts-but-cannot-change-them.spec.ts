import { api } from '@fleet/contract';
import type { OwnAccount } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { latestVerifyCode } from '../support/outbox.js';
import { addPerson, unique, uniqueEmail } from '../support/people-helpers.js';
import { liftInAcmeTower, removeLiftConfig } from './lift-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', `lifts:${key}`, values);

// LIFTS-OPERATE, LIFTS-BANKS: the lift screens are the super company's; a member there who is staff in Acme reads
// Acme's lifts (lifts.read) but may neither operate them nor change their configuration: every such control is
// offered disabled, and the server refuses the same call.
test('a staff member of the operator sees Acme’s lifts on /elevator and /elevator/config with every control disabled', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  test.slow();
  const superSession = await consoleApi.signIn('super');
  const owner = await consoleApi.signIn('owner', 'Acme Robotics');
  const names = {
    bank: unique('E2E Read-only bank'),
    gateway: unique('E2E Read-only gateway'),
    lift: 'Car R',
    gatewayLiftName: 'car-r',
  };
  const account: OwnAccount = { email: uniqueEmail('lift-staff'), password: 'lift-staff-123' };
  const memberships: Array<{ token: string; personId: string }> = [];
  try {
    const made = await liftInAcmeTower(consoleApi, owner.token, names);
    // A new member of the operator (Fleet HQ) sets a password from the code mailed to them, then joins Acme.
    const inFleetHq = await addPerson(consoleApi, superSession.token, {
      email: account.email,
      firstName: 'Lena',
      role: 'staff',
    });
    memberships.push({ token: superSession.token, personId: inFleetHq.id });
    const code = await latestVerifyCode(account.email);
    await consoleApi.call(api.resetPassword, {
      body: { email: account.email, code, password: account.password },
    });
    const inAcme = await addPerson(consoleApi, owner.token, {
      email: account.email,
      firstName: 'Lena',
      role: 'staff',
    });
    memberships.push({ token: owner.token, personId: inAcme.id });
    const staff = await signedIn(account, { company: 'Acme Robotics' });

    // The server refuses what the screens do not offer.
    const refused = await consoleApi.send(
      api.liftCommand,
      { params: { id: made.lift.id }, body: { type: 'outOfService', on: true, reason: 'trying' } },
      staff.token,
    );
    expect(refused.status).toBe(403);

    await page.goto(`/elevator/config?building=${made.building.id}`);
    const card = page.getByTestId('bank-card').filter({ hasText: names.bank });
    const row = card.getByTestId('lifts-table').getByRole('row').filter({ hasText: names.lift });
    await expect(row).toContainText('Lobby, Floor 12');
    await expect(page.getByTestId('bank-add')).toBeDisabled();
    await expect(card.getByTestId('lift-add')).toBeDisabled();
    await expect(row.getByTestId('lift-test')).toBeDisabled();
    await expect(
      row.getByRole('button', { name: t('config.lifts.editOf', { name: names.lift }) }),
    ).toBeDisabled();
    await expect(row.getByRole('switch')).toBeDisabled();

    await page.goto(`/elevator?building=${made.building.id}`);
    const liftCard = page.getByTestId(`lift-card-${names.lift}`);
    await expect(liftCard).toBeVisible();
    await expect(liftCard.getByTestId('lift-actions')).toBeDisabled();
    await expect(page.getByTestId('lift-live-status')).toHaveAttribute('data-live', 'live');
  } finally {
    // Removing the account ends its sessions, and this instance closes its live view at once: the console would
    // then go to /login and reload while the test's context is being torn down. The screens are checked by now.
    await page.goto('about:blank');
    await removeLiftConfig(consoleApi, owner.token, names);
    // The account made for the test leaves both companies.
    for (const m of memberships)
      await consoleApi.call(api.removePerson, { body: { id: m.personId } }, m.token);
  }
});
