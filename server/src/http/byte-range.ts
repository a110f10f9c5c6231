/** One `bytes` range: first-last, first- or the suffix -length (RFC 9110 section 14.1.2), alone in the header. */
const SINGLE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * The inclusive byte range a Range header asks of an object of `size` bytes, its end cut to the last byte.
 * Null means send the whole object: no header, or one this server does not serve (several ranges, another
 * unit, a malformed or backwards range), which RFC 9110 lets a server ignore; audio players ask for one range.
 * 'unsatisfiable' (answer 416) when the range starts past the end, or is the empty suffix `-0`.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return null;
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    // A suffix of an empty object is satisfiable but selects nothing, which Content-Range cannot say.
    if (size === 0) return null;
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
