import type { PathIssue } from './server-issues.utils';

/** The lift form's own fields, by the body field the server names. */
const LIFT_FIELDS = new Set(['name', 'gatewayLiftName', 'doorSides', 'servedFloorIds', 'maxRobots']);

export interface LiftIssues {
  /** Form fields: `name`, or `['landings', 2, 'floorCode']`. */
  fields: { name: (string | number)[]; errors: string[] }[];
  /** By landing row and part: `2.outside`, `2.inside`, or `2` for the landing as a whole. */
  landings: Record<string, string[]>;
  /** About the landings together ("Floor 12 has no rear landing"). */
  general: string[];
}

/**
 * Where each of the server's complaints about a lift goes: a field of the form, a cell of the landings table
 * (`landings.2.outside`: the outside waypoint of the third row), or above the table.
 */
export function placeLiftIssues(issues: readonly PathIssue[]): LiftIssues {
  const out: LiftIssues = { fields: [], landings: {}, general: [] };
  const add = (name: (string | number)[], reason: string) => {
    const found = out.fields.find((f) => f.name.join('.') === name.join('.'));
    if (found) found.errors.push(reason);
    else out.fields.push({ name, errors: [reason] });
  };
  for (const { path, reason } of issues) {
    const [head, index, part] = path;
    if (head && LIFT_FIELDS.has(head)) add([head], reason);
    else if (head === 'landings' && index !== undefined && /^\d+$/.test(index)) {
      if (part === 'floorCode') add(['landings', Number(index), 'floorCode'], reason);
      else {
        const key = part === 'outside' || part === 'inside' ? `${index}.${part}` : index;
        out.landings[key] = [...(out.landings[key] ?? []), reason];
      }
    } else out.general.push(reason);
  }
  return out;
}
