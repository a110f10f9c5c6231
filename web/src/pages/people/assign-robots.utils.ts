export interface RobotChoice {
  id: string;
  name: string;
  serialNumber: string;
}

/**
 * The robots offered: the company's, plus any the person holds that the list did not return (so none is
 * dropped by saving unseen), sorted by name. Without the company list (it failed) only the assigned ones.
 */
export function robotChoices(
  company: readonly RobotChoice[] | undefined,
  assigned: readonly RobotChoice[],
): RobotChoice[] {
  const byId = new Map<string, RobotChoice>();
  for (const r of [...(company ?? []), ...assigned]) if (!byId.has(r.id)) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
