import { z } from 'zod';
import { ROLES } from '../permissions.js';
import { rawText, text } from '../text.js';

/** Phone prefixes offered in every phone field (PEOPLE-PHONE-PREFIXES); `-1` is "Other": the number carries its own code. */
export const PHONE_PREFIXES = [
  { country: 'US', value: '+1' },
  { country: 'CA', value: '+1' },
  { country: 'DK', value: '+45' },
  { country: 'DE', value: '+49' },
  { country: 'UK', value: '+44' },
  { country: 'NL', value: '+31' },
  { country: 'Other', value: '-1' },
] as const;
export const PHONE_PREFIX_VALUES = ['+1', '+45', '+49', '+44', '+31', '-1'] as const;
export const phonePrefix = z.enum(PHONE_PREFIX_VALUES);
export type PhonePrefix = z.infer<typeof phonePrefix>;

export const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{3,22}$/, 'a phone number is 4–23 digits, spaces, dashes or brackets');

// ROLES and Role are declared with the rights (permissions.ts), which must stay free of zod.
export const role = z.enum(ROLES);

export const personName = text({ min: 1, max: 80 });
export const email = text({ max: 254 }).toLowerCase().pipe(z.email('not a valid e-mail address'));
export const password = rawText(200).min(8, 'at least 8 characters');
