import { email as emailSchema, type ScimPatchOperation, type ScimUserBody, text } from '@fleet/contract';
import { scimBadRequest } from '../../http/scim-errors.js';

/** What a SCIM call asks of a person, in the console's terms; an absent field is left as it is. */
export interface ScimChanges {
  /** The e-mail address the provider names the person by (userName). */
  email?: string;
  firstName?: string;
  lastName?: string;
  active?: boolean;
}

const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const nameText = text({ max: 80 });

/**
 * Reads a PATCH's operations (RFC 7644 section 3.5.2) into changes, all or nothing. Attributes the console
 * does not keep (title, addresses, the enterprise extension, emails[…]…) are ignored, so a provider syncing
 * them still reaches the `active` beside them; the ones it keeps are checked, and a wrong one refuses the call.
 */
export function readPatch(operations: readonly ScimPatchOperation[]): ScimChanges {
  const changes: ScimChanges = {};
  let displayName: string | undefined;
  const apply = (attribute: string, value: unknown, where: string) => {
    switch (attribute) {
      case 'active':
        changes.active = readBoolean(value, where);
        break;
      case 'username':
        changes.email = readEmail(value, where);
        break;
      case 'name':
        if (!isObject(value)) throw scimBadRequest('invalidValue', `${where}: name is an object`);
        for (const [key, inner] of Object.entries(value)) apply(`name.${key.toLowerCase()}`, inner, where);
        break;
      case 'name.givenname':
        changes.firstName = readName(value, where);
        break;
      case 'name.familyname':
        changes.lastName = readName(value, where) ?? '';
        break;
      case 'displayname':
        displayName = readName(value, where);
        break;
    }
  };
  operations.forEach((operation, i) => {
    const where = `body.Operations.${i}`;
    const path = operation.path?.trim().toLowerCase().replace(CORE_USER, '');
    if (operation.op === 'remove') {
      if (!path) throw scimBadRequest('noTarget', `${where}.path: remove needs a path`);
      if (path === 'name.familyname') changes.lastName = '';
      else if (['active', 'username', 'name', 'name.givenname'].includes(path))
        throw scimBadRequest(
          'mutability',
          `${where}.path: ${operation.path} cannot be removed, only replaced`,
        );
      return;
    }
    if (path) {
      apply(path, operation.value, `${where}.value`);
      return;
    }
    // Without a path the value is a partial User; Entra ID also sends dotted keys ("name.givenName") in it.
    if (!isObject(operation.value))
      throw scimBadRequest('invalidValue', `${where}.value: an operation without a path takes an object`);
    for (const [key, value] of Object.entries(operation.value)) {
      apply(key.toLowerCase().replace(CORE_USER, ''), value, `${where}.value.${key}`);
    }
  });
  return withDisplayName(changes, displayName);
}

/** A whole User (POST, PUT): its e-mail, names and, when sent, its active state. */
export function readUser(body: ScimUserBody): ScimChanges & { email: string } {
  const changes: ScimChanges & { email: string } = { email: emailOf(body) };
  if (body.active !== undefined) changes.active = body.active;
  const given = body.name?.givenName;
  const family = body.name?.familyName;
  if (given) changes.firstName = given;
  if (given || family) changes.lastName = family ?? '';
  return withDisplayName(changes, body.displayName ?? body.name?.formatted ?? undefined);
}

/** The console keeps a first and a last name; a display name fills them only when neither was sent. */
function withDisplayName<C extends ScimChanges>(changes: C, displayName: string | undefined): C {
  if (!displayName || changes.firstName !== undefined || changes.lastName !== undefined) return changes;
  const parts = displayName.split(/\s+/).filter(Boolean);
  if (!parts.length) return changes;
  return { ...changes, firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** The person's e-mail: userName when it is one, else the primary (or only) address of `emails`. */
function emailOf(body: ScimUserBody): string {
  const byUserName = emailSchema.safeParse(body.userName);
  if (byUserName.success) return byUserName.data;
  const emails = body.emails ?? [];
  const primary = emails.find((e) => e.primary === true) ?? (emails.length === 1 ? emails[0] : undefined);
  const byEmails = emailSchema.safeParse(primary?.value);
  if (byEmails.success) return byEmails.data;
  throw scimBadRequest(
    'invalidValue',
    'body.userName: the console names people by e-mail address; send it as userName or as the primary of emails',
  );
}

/** JSON booleans, and the "True" / "False" strings Entra ID sends. */
function readBoolean(value: unknown, where: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw scimBadRequest('invalidValue', `${where}: true or false`);
}

function readEmail(value: unknown, where: string): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw scimBadRequest('invalidValue', `${where}: not a valid e-mail address`);
  return parsed.data;
}

function readName(value: unknown, where: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  const parsed = nameText.safeParse(value);
  if (!parsed.success) {
    throw scimBadRequest('invalidValue', `${where}: ${parsed.error.issues[0]?.message ?? 'not a name'}`);
  }
  return parsed.data;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
