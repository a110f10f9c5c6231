import {
  BULK_BIND_RULES,
  DEVICE_RULES,
  LANGUAGES,
  LIFT_BLOCKS,
  LIFT_CONFIG_RULES,
  LIFT_RULES,
  type Refusal,
  SESSION_PURPOSES,
} from '@fleet/contract';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkBindReason } from '../pages/devices/bulk-bind-reasons';
import { ApiError } from './api-error';
import { toastFor } from './normalise-error';
import { fieldRuleWords, refusalText, wordRule } from './refusal-words';

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const fileOf = (lng: string, ns: string) => files[`../../public/locales/${lng}/${ns}.json`];

const text = (lng: string, ns: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], fileOf(lng, ns));

// Values a rule's words may name, to see every rule worded whole (no placeholder or nested key left over).
const PARAMS: Record<string, string | number> = {
  name: 'MINI-7',
  device: 'Table 12',
  type: 'callButton',
  floor: 'Lobby',
  building: 'Acme Tower',
  columns: 'name, building',
  max: 2000,
  detail: 'Invalid Closing Quote',
  lift: 'Lift A',
  lifts: 'Lift A, Lift B',
  floors: 'G, 7',
  block: 'fire',
  purpose: 'ride',
  gateway: 'GW-1',
  banks: 'Core',
  robot: 'Courier 1',
  count: 2,
  line: 4,
};

const instances = new Map<string, I18n>();
beforeAll(async () => {
  for (const lng of LANGUAGES) {
    const resources: Resource = {
      [lng]: { errors: fileOf(lng, 'errors') as never, devices: fileOf(lng, 'devices') as never },
    };
    const i18n = createInstance();
    await i18n.init({ lng, resources, ns: ['errors', 'devices'], interpolation: { escapeValue: false } });
    instances.set(lng, i18n);
  }
});
const i18nOf = (lng: string) => instances.get(lng) as I18n;

const leftovers = /\{\{|\$t\(|refusals\.|liftBlocks\.|liftHolders\.|types\.|reasons\./;

// Every refusal the server names by rule has words in every language: a rule added without them fails here.
describe.each(LANGUAGES.map((lng) => [lng]))('refusal words in %s', (lng) => {
  it.each([...DEVICE_RULES, ...LIFT_RULES])('errors:refusals.%s', (rule) => {
    expect(typeof text(lng, 'errors', `refusals.${rule}`)).toBe('string');
    const words = wordRule(i18nOf(lng), { rule, params: PARAMS });
    expect(words).toBeTypeOf('string');
    expect(words).not.toMatch(leftovers);
  });

  it.each(BULK_BIND_RULES)('devices:bulk.reasons.%s', (rule) => {
    expect(typeof text(lng, 'devices', `bulk.reasons.${rule}`)).toBe('string');
    const row = { line: 3, name: 'MINI-7', error: 'English', refusal: { rule, params: PARAMS } };
    const words = bulkBindReason(i18nOf(lng), row);
    expect(words).not.toBe('English');
    expect(words).not.toMatch(leftovers);
  });

  it.each([
    ...LIFT_BLOCKS.map((block) => `liftBlocks.${block}`),
    ...SESSION_PURPOSES.map((purpose) => `liftHolders.${purpose}`),
  ])('errors:%s (a part of the lift refusals)', (key) => {
    expect(typeof text(lng, 'errors', key)).toBe('string');
  });
});

describe('rule names', () => {
  it('are distinct across the refusals worded under errors:refusals and the lift config rules', () => {
    const all = [...DEVICE_RULES, ...LIFT_RULES, ...LIFT_CONFIG_RULES];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('wording a failed call', () => {
  const zh = () => i18nOf('zh');
  const conflict = (refusal?: Refusal) =>
    new ApiError({ kind: 'http', status: 409, code: 'CONFLICT', info: 'Table 12 has no open call', refusal });

  it('words the refusal with the values the server sent, in the toast too', () => {
    const error = conflict({ rule: 'deviceNoOpenCall', params: { device: 'Table 12' } });
    expect(refusalText(zh(), error)).toBe('Table 12 没有未完成的呼叫');
    const toast = toastFor(
      error,
      () => 'net',
      (e) => refusalText(zh(), e),
    );
    expect(toast.text).toBe('409: Table 12 没有未完成的呼叫');
  });

  it('words a lift refusal with its nested parts (the block, who holds the lift)', () => {
    const blocked = conflict({ rule: 'liftBlocked', params: { lift: 'Lift A', block: 'fire' } });
    expect(refusalText(i18nOf('en'), blocked)).toBe('Lift A is in fire mode: it takes no command now');
    const held = conflict({ rule: 'liftHeld', params: { lift: 'Lift A', purpose: 'test' } });
    expect(refusalText(zh(), held)).toBe('Lift A 正被测试呼叫占用：请先释放');
  });

  it('falls back to the server’s English for a rule it has no words for, or none', () => {
    const unknown = conflict({ rule: 'somethingNew', params: {} });
    expect(refusalText(zh(), unknown)).toBeUndefined();
    expect(
      toastFor(
        unknown,
        () => 'net',
        (e) => refusalText(zh(), e),
      ).text,
    ).toBe('409: Table 12 has no open call');
    expect(refusalText(zh(), conflict())).toBeUndefined();
  });

  it('words refused fields when it can word every one, and places each on its field', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'body.floorId: Lobby is not a floor of Depot',
      issues: [
        { path: 'body.floorId', rule: 'floorNotOfBuilding', params: { floor: 'Lobby', building: 'Depot' } },
      ],
    });
    expect(refusalText(zh(), error)).toBe('Lobby 不是 Depot 的楼层');
    expect(fieldRuleWords(zh(), error)).toEqual(new Map([['floorId', 'Lobby 不是 Depot 的楼层']]));
    const mixed = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'x',
      issues: [...error.issues, { path: 'body.landings', rule: 'landingMissing', params: {} }],
    });
    expect(refusalText(zh(), mixed)).toBeUndefined();
  });

  it('shows a bulk bind row the console cannot word in the server’s English', () => {
    const row = {
      line: 2,
      name: 'X',
      error: 'from the server',
      refusal: { rule: 'unknownDevice' as const, params: { name: 'X' } },
    };
    expect(bulkBindReason(zh(), row)).toBe('本公司没有名为 X 的设备');
    expect(bulkBindReason(zh(), { ...row, refusal: null })).toBe('from the server');
    expect(bulkBindReason(zh(), { ...row, error: null, refusal: null })).toBeNull();
  });
});
