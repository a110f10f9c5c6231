/*
 * How a cleaning robot tells the console what it cleaned, in plain VDA 5050: its order carries an action of type
 * `clean`, and that action's `resultDescription` in the state says the areas so far, in square metres:
 * `cleanedAreaM2=112.5 plannedAreaM2=150` (either may be left out; the latest state's figures are the task's).
 */

/** The action type that makes a task a cleaning task. */
export const CLEAN_ACTION = 'clean';

export interface CleaningAreas {
  cleanedAreaM2: number | null;
  plannedAreaM2: number | null;
}

const FIGURE = /\b(cleanedAreaM2|plannedAreaM2)\s*=\s*([0-9]+(?:\.[0-9]+)?)/g;
/** Larger than any building's floors: a figure above it is a robot's mistake, not an area. */
const MAX_M2 = 10_000_000;

/** The areas a `clean` action's result description states; null for those it leaves out or garbles. */
export function cleaningAreas(resultDescription: string | undefined): CleaningAreas {
  const out: CleaningAreas = { cleanedAreaM2: null, plannedAreaM2: null };
  if (!resultDescription) return out;
  for (const [, key, value] of resultDescription.matchAll(FIGURE)) {
    const m2 = Number(value);
    if (key && Number.isFinite(m2) && m2 <= MAX_M2) out[key as keyof CleaningAreas] = m2;
  }
  return out;
}
