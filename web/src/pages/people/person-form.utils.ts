import { type Person, PHONE_PREFIXES, type PhonePrefix, ROLES, type Role } from '@fleet/contract';
import type { CreatePersonInput } from '../../api/people/person-create-mutation';
import type { EditPersonInput } from '../../api/people/person-edit-mutation';

export type PhoneCountry = (typeof PHONE_PREFIXES)[number]['country'];

export interface PersonFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** The prefix option by country: US and CA share +1, so the value alone cannot tell them apart. */
  phoneCountry: PhoneCountry;
  phoneNumber?: string | undefined;
  role: 'admin' | 'staff';
  enableAudio: boolean;
}

const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'US';

export const EMPTY_PERSON: PersonFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  phoneNumber: '',
  role: 'staff',
  enableAudio: false,
};

/** Body field → form field, for the server's `body.<field>: reason` complaints. */
export const PERSON_FORM_FIELDS: Readonly<Record<string, string>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phonePrefix: 'phoneCountry',
  phoneNumber: 'phoneNumber',
  role: 'role',
  enableAudio: 'enableAudio',
};

export function prefixOfCountry(country: PhoneCountry): PhonePrefix {
  return PHONE_PREFIXES.find((p) => p.country === country)?.value ?? '-1';
}

/** A stored prefix shown as its first country (+1 reads as US). */
export function countryOfPrefix(prefix: PhonePrefix | null): PhoneCountry {
  return PHONE_PREFIXES.find((p) => p.value === prefix)?.country ?? DEFAULT_PHONE_COUNTRY;
}

function phoneOf(values: PersonFormValues) {
  const number = values.phoneNumber?.trim();
  return number
    ? { phonePrefix: prefixOfCountry(values.phoneCountry), phoneNumber: number }
    : { phonePrefix: null, phoneNumber: null };
}

export function toCreateBody(values: PersonFormValues): CreatePersonInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...phoneOf(values),
    role: values.role,
    enableAudio: values.enableAudio,
  };
}

/** An edit sends every field of the form: clearing the phone clears it on the server too. */
export function toEditBody(id: string, values: PersonFormValues): EditPersonInput {
  return {
    id,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...phoneOf(values),
    enableAudio: values.enableAudio,
  };
}

export function formValuesOf(person: Person): PersonFormValues {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phoneCountry: countryOfPrefix(person.phonePrefix),
    phoneNumber: person.phoneNumber ?? '',
    role: person.role === 'admin' ? 'admin' : 'staff',
    enableAudio: person.enableAudio,
  };
}

/** The roles a new person may be given: administrators only by someone who may appoint them. */
export function addableRoles(mayAppointAdmins: boolean): ('admin' | 'staff')[] {
  return mayAppointAdmins ? ['staff', 'admin'] : ['staff'];
}

export function isRole(value: unknown): value is Role {
  return ROLES.some((role) => role === value);
}
