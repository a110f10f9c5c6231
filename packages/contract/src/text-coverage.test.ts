import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeList } from './index.js';
import { isAllowedText } from './text.js';

// HARDENING-TEXT: every text a client sends goes through the one text type (text() or rawText()), or is held to
// a format or pattern that cannot contain NUL or a lone surrogate (ids, e-mails, codes). A new field declared
// as a bare z.string() fails here.

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; fn?: unknown; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

function isSafeString(def: Def): boolean {
  if (def.format) return true;
  return (def.checks ?? []).some(
    (c) =>
      (c._zod.def.check === 'custom' && c._zod.def.fn === isAllowedText) || c._zod.def.format === 'regex',
  );
}

/** Paths of string schemas in `schema` that are neither the text type nor a format or pattern. */
export function bareStrings(schema: z.ZodType, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return isSafeString(def) ? [] : [path || '(root)'];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => bareStrings(v, path ? `${path}.${k}` : k));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return def.innerType ? bareStrings(def.innerType, path) : [];
    case 'pipe':
      return def.in ? bareStrings(def.in, path) : [];
    case 'array':
      return def.element ? bareStrings(def.element, `${path}[]`) : [];
    case 'union':
      return (def.options ?? []).flatMap((o) => bareStrings(o, path));
    case 'record':
      return [
        ...(def.keyType ? bareStrings(def.keyType, `${path}{key}`) : []),
        ...(def.valueType ? bareStrings(def.valueType, `${path}{}`) : []),
      ];
    case 'tuple':
      return (def.items ?? []).flatMap((item, i) => bareStrings(item, `${path}[${i}]`));
    default:
      return [];
  }
}

describe('every text a client sends is the one text type', () => {
  it.each(routeList.map((r) => [r.id, r]))('%s', (_, route) => {
    const bare = [
      ...(route.params ? bareStrings(route.params, 'params') : []),
      ...(route.query ? bareStrings(route.query, 'query') : []),
      ...(route.body ? bareStrings(route.body, 'body') : []),
    ];
    expect(bare).toEqual([]);
  });

  it('the check finds a bare string wherever it hides', () => {
    const hidden = z.object({
      ok: z.uuid(),
      a: z.string().optional(),
      list: z.array(z.object({ b: z.string().trim() })),
      pick: z.union([z.literal(1), z.string()]),
    });
    expect(bareStrings(hidden)).toEqual(['a', 'list[].b', 'pick']);
  });
});
