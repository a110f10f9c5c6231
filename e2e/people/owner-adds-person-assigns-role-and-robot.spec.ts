import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import {
  addPerson,
  chooseOption,
  createOwnCompany,
  createRole,
  dialog,
  fieldError,
  findPersonRow,
  unique,
  uniqueEmail,
} from '../support/people-helpers.js';
import { toast } from '../support/shell.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

test('the owner adds a person, gives them a custom role, and sees both in the table', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  // The whole story crosses two screens and three dialogs: it needs more than one test's usual time.
  test.slow();
  const owner = await signedIn('owner');
  const roleName = unique('Night shift');
  await createRole(consoleApi, owner.token, roleName, ['robots.operate']);
  const email = uniqueEmail('added');
  const lastName = unique('Nilsen');

  await page.goto('/person');
  await page.getByTestId('person-add').click();
  const form = dialog(page, t('people:form.addTitle'));
  await form.getByLabel(t('people:form.firstName')).fill('Nora');
  await form.getByLabel(t('people:form.lastName')).fill(lastName);
  await form.getByLabel(t('people:form.email')).fill(email);
  await chooseOption(page, form.getByTestId('person-phone-prefix'), 'DK +45');
  await form.getByTestId('person-phone').fill('12345678');
  await chooseOption(page, form.getByTestId('person-form-role'), t('roles.staff'));
  await form.getByTestId('person-form-submit').click();
  await expect(toast(page, t('people:form.added', { name: `Nora ${lastName}` }), 'success')).toBeVisible();
  await expect(form).toBeHidden();

  const row = await findPersonRow(page, email);
  await expect(row.getByTestId('person-name')).toHaveText(`Nora ${lastName}`);
  await expect(row).toContainText('+45 12345678');
  await expect(row.getByTestId('person-role')).toHaveText(t('roles.staff'));
  await expect(row.getByTestId('person-robot-count')).toHaveText('0');

  // The custom role is given on /role, where the column's link leads.
  await page.goto('/role');
  const roleRow = page.getByTestId('roles-table').getByRole('row').filter({ hasText: roleName });
  await roleRow.getByTestId('role-holders-edit').click();
  const holders = dialog(page, t('roles:holders.title', { name: roleName }));
  await holders.getByTestId('holders-select').click();
  await page.keyboard.type(email);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: email })
    .click();
  await page.keyboard.press('Escape');
  await holders.getByTestId('holders-save').click();
  await expect(toast(page, t('roles:holders.saved', { name: roleName }), 'success')).toBeVisible();
  await expect(roleRow.getByTestId('role-holders')).toContainText(`Nora ${lastName}`);

  await page.goto('/person');
  const again = await findPersonRow(page, email);
  await expect(again.getByTestId('person-custom-roles')).toHaveText(roleName);
  await again.getByTestId('person-custom-roles').getByRole('link').click();
  await expect(page).toHaveURL(/\/role$/);
});

test('in a company without robots, assigning robots says that none are registered yet', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const setup = await consoleApi.signIn('owner');
  const companyName = unique('E2E No Robots');
  const own = await createOwnCompany(consoleApi, setup.token, companyName);
  const person = await addPerson(consoleApi, own.token);
  await signedIn('owner', { company: companyName });

  await page.goto('/person');
  const row = await findPersonRow(page, person.email);
  await row.getByTestId('person-robots').click();
  const modal = dialog(page, t('people:robots.title', { name: `${person.firstName} ${person.lastName}` }));
  await expect(modal.getByTestId('robots-empty')).toContainText(t('people:robots.empty.title'));
  await expect(modal.getByTestId('robots-save')).toBeDisabled();
});

test('the owner assigns one of the company’s robots to a person', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const setup = await consoleApi.signIn('owner');
  const companyName = unique('E2E Robots');
  const own = await createOwnCompany(consoleApi, setup.token, companyName);
  const serial = unique('SN');
  const { robot } = await consoleApi.call(
    api.registerRobot,
    { body: { name: 'Rex', model: 'R1', manufacturer: 'acme', serialNumber: serial } },
    own.token,
  );
  await consoleApi.call(
    api.registerRobot,
    { body: { name: 'Zed', model: 'R1', manufacturer: 'acme', serialNumber: unique('SN') } },
    own.token,
  );
  const person = await addPerson(consoleApi, own.token);
  const name = `${person.firstName} ${person.lastName}`;
  await signedIn('owner', { company: companyName });

  await page.goto('/person');
  const row = await findPersonRow(page, person.email);
  await row.getByTestId('person-robots').click();
  const modal = dialog(page, t('people:robots.title', { name }));
  await modal.getByRole('checkbox', { name: /Rex/ }).check();
  await modal.getByTestId('robots-save').click();
  await expect(toast(page, t('people:robots.saved', { name }), 'success')).toBeVisible();
  await expect(row.getByTestId('person-robot-count')).toHaveText('1');

  const assigned = await consoleApi.call(api.userDevices, { query: { userId: person.id } }, own.token);
  expect(assigned.map((r) => r.id)).toEqual([robot.id]);
  // Opening it again shows the assignment ticked.
  await row.getByTestId('person-robots').click();
  await expect(modal.getByRole('checkbox', { name: /Rex/ })).toBeChecked();
  await expect(modal.getByRole('checkbox', { name: /Zed/ })).not.toBeChecked();
});

test('an e-mail already in the company is refused on the e-mail field', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const owner = await signedIn('owner');
  const existing = await addPerson(consoleApi, owner.token);

  await page.goto('/person');
  await page.getByTestId('person-add').click();
  const form = dialog(page, t('people:form.addTitle'));
  await form.getByLabel(t('people:form.firstName')).fill('Dup');
  await form.getByLabel(t('people:form.lastName')).fill('Licate');
  await form.getByLabel(t('people:form.email')).fill(existing.email);
  await form.getByTestId('person-form-submit').click();

  await expect(fieldError(page, 'person-form', 'email')).toHaveText(t('people:form.emailTaken'));
  await expect(form).toBeVisible();
});

test('a person who already has an account in another company is added with it', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const setup = await consoleApi.signIn('owner');
  const elsewhere = await createOwnCompany(consoleApi, setup.token, unique('E2E Elsewhere'));
  const person = await addPerson(consoleApi, elsewhere.token, {
    firstName: 'Walt',
    lastName: unique('Wander'),
  });
  const owner = await signedIn('owner');

  await page.goto('/person');
  await page.getByTestId('person-add').click();
  const form = dialog(page, t('people:form.addTitle'));
  await form.getByLabel(t('people:form.firstName')).fill(person.firstName);
  await form.getByLabel(t('people:form.lastName')).fill(person.lastName);
  await form.getByLabel(t('people:form.email')).fill(person.email);
  await form.getByTestId('person-form-submit').click();
  await expect(
    toast(page, t('people:form.added', { name: `${person.firstName} ${person.lastName}` }), 'success'),
  ).toBeVisible();

  const row = await findPersonRow(page, person.email);
  await expect(row.getByTestId('person-name')).toHaveText(`${person.firstName} ${person.lastName}`);
  // The same account, not a second one.
  const found = await consoleApi.call(
    api.searchPeople,
    { body: { pageIndex: 1, pageLength: 5, requestData: { keyword: person.email } } },
    owner.token,
  );
  expect(found.list.map((p) => p.id)).toEqual([person.id]);
});
