export interface TimeZoneOption {
  value: string;
  /** `Europe/Berlin (GMT+01:00)`: searchable by name and by offset. */
  label: string;
}

/** The zone's offset from UTC at `at`, as the browser writes it (`GMT+01:00`, `GMT` for UTC itself). */
export function offsetOf(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
    }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * Every zone the browser knows, by name, with UTC (which `supportedValuesOf` leaves out) and the zone a
 * building already has, even one this browser does not list, so editing never changes it silently.
 */
export function timeZoneOptions(
  supported: readonly string[],
  current: string | undefined,
  at: Date,
): TimeZoneOption[] {
  const zones = new Set(supported);
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones]
    .sort((a, b) => a.localeCompare(b))
    .map((value) => {
      const offset = offsetOf(value, at);
      return { value, label: offset ? `${value} (${offset})` : value };
    });
}

/** The browser's list, or none where `Intl.supportedValuesOf` is missing (the typed name still works). */
export function supportedTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
