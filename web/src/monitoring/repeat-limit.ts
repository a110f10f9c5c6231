/** SHELL-MONITORING-REPEAT: the same error is reported at most 60 times per page load. */
export const REPEAT_LIMIT = 60;

interface EventLike {
  fingerprint?: string[];
  message?: string;
  exception?: { values?: { type?: string; value?: string }[] };
}

/** What makes two events "the same error": an explicit fingerprint, else the exception, else the message. */
export function eventSignature(event: EventLike): string {
  if (event.fingerprint?.length) return `f:${event.fingerprint.join('|')}`;
  const exception = event.exception?.values?.[0];
  if (exception) return `e:${exception.type ?? ''}:${exception.value ?? ''}`;
  return `m:${event.message ?? ''}`;
}

/** A `beforeSend` filter that drops an event once its signature was seen `limit` times. */
export function createRepeatLimiter(limit = REPEAT_LIMIT) {
  const seen = new Map<string, number>();
  return <E extends EventLike>(event: E): E | null => {
    const signature = eventSignature(event);
    const count = (seen.get(signature) ?? 0) + 1;
    seen.set(signature, count);
    return count > limit ? null : event;
  };
}
