import { api, type CustomRole, type Permission, type Person, type Subsidiary } from '@fleet/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ConsoleApi } from './api.js';

/** A name no other test (nor an earlier run against the same server) has used. */
export function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

export function uniqueEmail(label = 'e2e'): string {
  return `${unique(label)}@acme.test`.toLowerCase();
}

/** A new person in the token's company, through the API (a fresh account, so no demo account changes). */
export function addPerson(
  consoleApi: ConsoleApi,
  token: string,
  person: { firstName?: string; lastName?: string; email?: string; role?: 'admin' | 'staff' } = {},
): Promise<Person> {
  return consoleApi.call(
    api.createPerson,
    {
      body: {
        firstName: person.firstName ?? 'Eve',
        lastName: person.lastName ?? unique('Test'),
        email: person.email ?? uniqueEmail(),
        role: person.role ?? 'staff',
      },
    },
    token,
  );
}

export function createRole(
  consoleApi: ConsoleApi,
  token: string,
  name: string,
  permissions: Permission[],
): Promise<CustomRole> {
  return consoleApi.call(api.createRole, { body: { name, description: '', permissions } }, token);
}

/**
 * A company of the test's own: a subsidiary of Acme (owned by owner@acme.test) and a token inside it. The
 * switch revokes the token it is given, so pass one opened for the purpose, never the browser's.
 */
export async function createOwnCompany(
  consoleApi: ConsoleApi,
  ownerToken: string,
  name: string,
): Promise<{ company: Subsidiary; token: string }> {
  const company = await consoleApi.call(api.createSubsidiary, { body: { name } }, ownerToken);
  const login = await consoleApi.call(api.login, { body: { token: ownerToken, companyId: company.id } });
  return { company, token: login.token };
}

/** The people table's row of a person, found by searching for their e-mail. */
export async function findPersonRow(page: Page, email: string): Promise<Locator> {
  await page.getByTestId('people-search').fill(email);
  const table = page.getByTestId('people-table');
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  // The search has answered and is drawn (the table holds that row alone, no spinner over it): a click on the row
  // cannot land on the loading mask the search would lay over the unfiltered table.
  await expect(table.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  return row;
}

/** Picks an option of an antd Select by its visible text. */
export async function chooseOption(page: Page, select: Locator, label: string | RegExp): Promise<void> {
  await select.click();
  // A long list draws only the options in view (antd's virtual list): a searchable one is narrowed to the label
  // first, so the option is drawn whatever else the company has gathered (a full run adds many people).
  // antd 6: the select's own input, read-only unless it searches; counted first, as isEditable waits for one.
  const search = select.locator('input.ant-select-input');
  if (typeof label === 'string' && (await search.count()) === 1 && (await search.isEditable()))
    await search.fill(label);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .click();
}

/** The open antd dialog (modal) with this title. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByText(title, { exact: typeof title === 'string' }) });
}

/** The error antd shows under a form field (`<form name>_<field>_help`). */
export function fieldError(page: Page, formName: string, field: string): Locator {
  return page.locator(`#${formName}_${field}_help .ant-form-item-explain-error`);
}
