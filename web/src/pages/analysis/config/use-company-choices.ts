import { useMemo } from 'react';
import { useAnalysisOptionsQuery } from '../../../api/analysis/options-query';
import { useScope } from '../../../api/scope';

export interface Choice {
  value: string;
  label: string;
}

/**
 * The buildings and robots a setting, report or alert may name: the signed-in company's own. The analysis
 * options also list subsidiaries' for the filters, which the server refuses here.
 */
export function useCompanyChoices() {
  const options = useAnalysisOptionsQuery();
  const companyId = useScope()?.companyId;
  return useMemo(() => {
    const buildings = (options.data?.buildings ?? []).filter((b) => b.companyId === companyId);
    const robots = (options.data?.robots ?? []).filter((r) => r.companyId === companyId);
    const names = new Map<string, string>([...buildings, ...robots].map((x) => [x.id, x.name]));
    const byName = (a: Choice, b: Choice) => a.label.localeCompare(b.label);
    return {
      loading: options.isPending,
      buildings: buildings.map((b) => ({ value: b.id, label: b.name })).sort(byName),
      robots: robots.map((r) => ({ value: r.id, label: r.name })).sort(byName),
      nameOf: (id: string) => names.get(id),
    };
  }, [options.data, options.isPending, companyId]);
}
