import type { AnalysisOptions } from '@fleet/contract';
import type { AnalysisView } from './analysis-url.utils';

type Building = AnalysisOptions['buildings'][number];
type Robot = AnalysisOptions['robots'][number];

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

type Narrowing = Pick<AnalysisView, 'companyIds' | 'buildingIds' | 'models'>;

/** The buildings of the chosen companies (all, when none is chosen). */
export function buildingChoices(
  options: AnalysisOptions,
  view: Pick<AnalysisView, 'companyIds'>,
): Building[] {
  const companies = new Set(view.companyIds);
  return options.buildings.filter((b) => !companies.size || companies.has(b.companyId)).sort(byName);
}

/** The robots the other filters leave: of the chosen companies, in the chosen buildings, of the chosen models. */
export function robotChoices(options: AnalysisOptions, view: Narrowing): Robot[] {
  const companies = new Set(view.companyIds);
  const buildings = new Set(view.buildingIds);
  const models = new Set(view.models);
  return options.robots
    .filter(
      (r) =>
        (!companies.size || companies.has(r.companyId)) &&
        (!buildings.size || (r.buildingId !== null && buildings.has(r.buildingId))) &&
        (!models.size || models.has(r.model)),
    )
    .sort(byName);
}

/**
 * A change of companies, buildings or models drops the buildings and robots it leaves out: a select would
 * otherwise show a robot that is no longer offered as a bare id, and the figures would silently cover nothing.
 */
export function narrowView(view: AnalysisView, options: AnalysisOptions): AnalysisView {
  const buildings = new Set(buildingChoices(options, view).map((b) => b.id));
  const buildingIds = view.buildingIds.filter((id) => buildings.has(id));
  const robots = new Set(robotChoices(options, { ...view, buildingIds }).map((r) => r.id));
  return { ...view, buildingIds, robotIds: view.robotIds.filter((id) => robots.has(id)) };
}

/** Robots of the scope that stand in no building: the ranking's "no building" row opens their tasks. */
export function robotsWithoutBuilding(
  options: AnalysisOptions,
  view: Narrowing & Pick<AnalysisView, 'robotIds'>,
) {
  const chosen = new Set(view.robotIds);
  return robotChoices(options, { ...view, buildingIds: [] })
    .filter((r) => r.buildingId === null && (!chosen.size || chosen.has(r.id)))
    .map((r) => r.id);
}
