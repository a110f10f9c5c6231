import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { addPerson, findPersonRow } from '../support/people-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

test('an administrator cannot touch the owner: the row’s actions are disabled with the reason, and there is no removal', async ({
  page,
  signedIn,
}) => {
  await signedIn('admin');
  await page.goto('/person');
  const owner = await findPersonRow(page, 'owner@acme.test');
  await expect(owner.getByTestId('person-edit')).toBeDisabled();
  await expect(owner.getByTestId('person-robots')).toBeDisabled();
  await expect(owner.getByTestId('person-remove')).toHaveCount(0);
  await expect(owner.getByTestId('person-more')).toHaveCount(0);
  await owner.getByTestId('person-edit-denied').hover();
  await expect(page.getByRole('tooltip')).toHaveText(t('access.denied.ownerOrAdmin'));
});

test('an administrator cannot touch another administrator, but manages staff', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const admin = await signedIn('admin');
  const staff = await addPerson(consoleApi, admin.token);
  await page.goto('/person');
  // super@fleet.test is another administrator of Acme.
  const other = await findPersonRow(page, 'super@fleet.test');
  await expect(other.getByTestId('person-edit')).toBeDisabled();
  await expect(other.getByTestId('person-remove')).toBeDisabled();

  const row = await findPersonRow(page, staff.email);
  await expect(row.getByTestId('person-edit')).toBeEnabled();
  await expect(row.getByTestId('person-remove')).toBeEnabled();
  await expect(row.getByTestId('person-more')).toHaveCount(0);
});

test('the server refuses an administrator’s change to the owner whatever the client sends', async ({
  api: consoleApi,
  signedIn,
}) => {
  const admin = await signedIn('admin');
  const owners = await consoleApi.call(
    api.searchPeople,
    { body: { pageIndex: 1, pageLength: 5, requestData: { role: 'owner' } } },
    admin.token,
  );
  const owner = owners.list[0];
  if (!owner) throw new Error('Acme has no owner');
  const edit = await consoleApi.send(
    api.editPerson,
    { body: { id: owner.id, firstName: 'Hacked' } },
    admin.token,
  );
  expect(edit.status).toBe(403);
  const remove = await consoleApi.send(api.removePerson, { body: { id: owner.id } }, admin.token);
  expect(remove.status).toBe(403);
  const transfer = await consoleApi.send(api.transferOwner, { body: { userId: admin.me.id } }, admin.token);
  expect(transfer.status).toBe(403);
});
