import fc from 'fast-check';

/**
 * What attackers and broken clients send, as raw requests: any UTF-16 unit (controls, NUL, lone surrogates),
 * numbers JSON can write but JavaScript cannot hold, deep nesting, wrong content types, empty and cut bodies,
 * malformed percent-encoding and repeated query parameters. The contract walk's schema-shaped input never
 * produced a NUL byte, which is how 52 answers of 500 went unseen.
 */

/** Any UTF-16 code unit, lone surrogates included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: anyUnit, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: anyUnit, minLength: 2000, maxLength: 12_000 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    'x\ud83d',
    '\u202eevil',
    '\ufeffBOM',
    '\u0001\u001f\u007f',
    '😀'.repeat(300),
    'e\u0301'.repeat(100),
    ' ',
    '',
  ),
);

/** Number literals JSON.parse accepts that overflow, underflow or lose precision. */
const hostileNumberText = fc.constantFrom(
  '1e999',
  '-1e999',
  '1e-999',
  '-0',
  '123456789012345678901234567890',
  '9007199254740993',
  '0.1e309',
  '1.7976931348623157e308',
);

/** A JSON text of any kind, as a client could write it (escapes for NUL and lone surrogates included). */
export const hostileJsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString.map((s) => JSON.stringify(s)),
    hostileNumberText,
    fc.constantFrom('true', 'false', 'null', '{}', '[]'),
    fc.integer({ min: 100, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 100, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(hostileString, tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/**
 * A body near the valid one: one of its fields (or a new one) given a hostile value; or the valid body cut short;
 * or something else entirely.
 */
export function hostileBody(valid: unknown): fc.Arbitrary<string> {
  const base =
    valid && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const keys = [...Object.keys(base), 'unexpected', '__proto__', 'constructor'];
  const validText = JSON.stringify(valid ?? {});
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), hostileJsonText)
        .map(([key, value]) => withField(base, key, value)),
    },
    { weight: 2, arbitrary: hostileJsonText },
    {
      weight: 1,
      arbitrary: fc.nat({ max: Math.max(0, validText.length - 1) }).map((n) => validText.slice(0, n)),
    },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '"', '{', '{"a":1,}', 'undefined', '\u0000') },
  );
}

function withField(base: Record<string, unknown>, key: string, rawValue: string): string {
  const others = Object.entries(base)
    .filter(([k]) => k !== key)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${[...others, `${JSON.stringify(key)}:${rawValue}`].join(',')}}`;
}

export const hostileContentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
      'application/json, text/plain',
      '',
    ),
  },
);

/** Percent-encodes UTF-16 text unit by unit, so lone surrogates and NUL reach the server as bytes. */
export function percentEncode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      // A lone surrogate written as the bytes of its code point (not valid UTF-8).
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else {
      out += encodeURIComponent(value[i] as string);
    }
  }
  return out;
}

/** A query-string or path value: hostile text encoded, or malformed encoding itself. */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(percentEncode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%00', '%c0%80', '%ed%a0%80', '..%2F..%2Fetc', '1e999', 'NaN'),
  },
);

/** A query string built from the route's keys and strangers, some keys given twice. */
export function hostileQuery(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('q') },
    { weight: 1, arbitrary: hostileString.map(percentEncode) },
  );
  return fc
    .array(fc.tuple(key, hostileUrlValue), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}
