import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { addPerson, findPersonRow } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

test('only the owner appoints an administrator and makes them staff again, each after a confirmation', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const owner = await signedIn('owner');
  const person = await addPerson(consoleApi, owner.token, { firstName: 'Ada' });
  const name = `${person.firstName} ${person.lastName}`;
  await page.goto('/person');
  const row = await findPersonRow(page, person.email);

  await row.getByTestId('person-more').click();
  await page.getByTestId('person-makeAdmin').click();
  const appoint = page.getByRole('dialog').filter({ hasText: t('people:makeAdmin.title', { name }) });
  await expect(appoint).toContainText(t('people:makeAdmin.content', { name, company: 'Acme Robotics' }));
  // A click while the confirmation still zooms in lands beside its button (the full run's retry).
  await settled(appoint);
  await appoint.getByTestId('confirm-ok').click();
  await expect(toast(page, t('people:makeAdmin.done', { name }), 'success')).toBeVisible();
  await expect(row.getByTestId('person-role')).toHaveText(t('roles.admin'));

  await row.getByTestId('person-more').click();
  await page.getByTestId('person-removeAdmin').click();
  const demote = page.getByRole('dialog').filter({ hasText: t('people:removeAdmin.title', { name }) });
  await settled(demote);
  await demote.getByTestId('confirm-ok').click();
  await expect(toast(page, t('people:removeAdmin.done', { name }), 'success')).toBeVisible();
  await expect(row.getByTestId('person-role')).toHaveText(t('roles.staff'));
});
