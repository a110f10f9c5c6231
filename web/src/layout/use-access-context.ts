import type { AccessContext } from '../access/access';
import { useCan } from '../access/use-can';
import { useClientConfigQuery } from '../api/common/client-config-query';
import { useSubsidiaryTotalQuery } from '../api/companies/subsidiaries-probe-query';
import { useMiniDeviceTotalQuery } from '../api/devices/device-probe-query';
import { useMeQuery } from '../api/people/me-query';

/** Everything the menu and the route guards need: the data conditions and the one permission hook. */
export function useAccessContext(): AccessContext {
  const me = useMeQuery();
  const config = useClientConfigQuery();
  const miniDevices = useMiniDeviceTotalQuery();
  const subsidiaries = useSubsidiaryTotalQuery();
  const can = useCan();
  return {
    user: me.data,
    adminView: config.data?.adminView,
    // A probe that failed reads as "none": the entry stays hidden instead of the screen waiting forever.
    miniDeviceTotal: miniDevices.isError ? 0 : miniDevices.data,
    subsidiaryTotal: subsidiaries.isError ? 0 : subsidiaries.data,
    can,
  };
}
