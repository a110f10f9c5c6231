import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { addPerson, createOwnCompany, findPersonRow, unique } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

// Its own company: the demo owner must stay Acme's owner for every other test.
test('the owner transfers ownership after a confirmation that states the consequence, and becomes administrator', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const setup = await consoleApi.signIn('owner');
  const companyName = unique('E2E Transfer');
  const own = await createOwnCompany(consoleApi, setup.token, companyName);
  const heir = await addPerson(consoleApi, own.token, { firstName: 'Hana', lastName: unique('Heir') });
  const heirName = `${heir.firstName} ${heir.lastName}`;
  const owner = await signedIn('owner', { company: companyName });

  await page.goto('/person');
  const row = await findPersonRow(page, heir.email);
  await row.getByTestId('person-more').click();
  await page.getByTestId('person-transfer').click();

  const confirm = page.getByRole('dialog').filter({ hasText: t('people:transfer.ok') });
  await expect(confirm).toContainText(t('people:transfer.title', { name: heirName, company: companyName }));
  await expect(confirm).toContainText(t('people:transfer.content', { name: heirName, company: companyName }));
  await settled(confirm);
  await confirm.getByTestId('confirm-ok').click();
  await expect(
    toast(page, t('people:transfer.done', { name: heirName, company: companyName }), 'success'),
  ).toBeVisible();

  // The table follows at once: the heir owns the company, the former owner is administrator and has lost
  // the owner's actions (no more "More" menu anywhere).
  await expect(row.getByTestId('person-role')).toHaveText(t('roles.owner'));
  const me = await findPersonRow(page, 'owner@acme.test');
  await expect(me.getByTestId('person-role')).toHaveText(t('roles.admin'));
  const heirRow = await findPersonRow(page, heir.email);
  await expect(heirRow.getByTestId('person-more')).toHaveCount(0);
  await expect(heirRow.getByTestId('person-remove')).toHaveCount(0);
  await expect(heirRow.getByTestId('person-edit')).toBeDisabled();

  // Exactly one owner remains, and the former owner can no longer hand the company on.
  const owners = await consoleApi.call(
    api.searchPeople,
    { body: { pageIndex: 1, pageLength: 10, requestData: { role: 'owner' } } },
    owner.token,
  );
  expect(owners.list.map((p) => p.email)).toEqual([heir.email]);
  const again = await consoleApi.send(api.transferOwner, { body: { userId: heir.id } }, owner.token);
  expect(again.status).toBe(403);
});
