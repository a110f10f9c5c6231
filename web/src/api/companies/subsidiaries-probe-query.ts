import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { companyKeys } from './keys';

/**
 * SHELL-MENU-PROBES: whether the company has subsidiaries, asked with the smallest page. Quiet: a failed probe
 * hides the menu entry; it is reported to monitoring, not to the user on every screen.
 */
export function useSubsidiaryTotalQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: companyKeys.subsidiaryProbe(scope),
    queryFn: async () =>
      (
        await callApi(
          apiRoutes.searchSubsidiaries,
          { body: { pageIndex: 1, pageLength: 1 } },
          { quiet: true },
        )
      ).totalCnt,
    enabled: scope !== undefined,
    staleTime: 5 * 60_000,
  });
}
