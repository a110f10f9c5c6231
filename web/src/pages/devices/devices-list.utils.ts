import type { DeviceType } from '@fleet/contract';
import type { DeviceSearchBody } from '../../api/devices/devices-search-query';
import type { PagedSearchState } from '../../components/use-paged-search';

/** The table's page, search box and filters. */
export interface DeviceListState extends PagedSearchState {
  buildingId: string | undefined;
  type: DeviceType | undefined;
  online: boolean | undefined;
  lowBattery: boolean;
  unbound: boolean;
}

export const FIRST_DEVICE_PAGE: DeviceListState = {
  page: 1,
  pageSize: 20,
  keyword: '',
  buildingId: undefined,
  type: undefined,
  online: undefined,
  lowBattery: false,
  unbound: false,
};

/** What the search asks: only the filters that are set (the keyword is already trimmed). */
export function deviceSearchBody(s: DeviceListState): DeviceSearchBody {
  const requestData = {
    ...(s.keyword ? { name: s.keyword } : {}),
    ...(s.buildingId ? { buildingId: s.buildingId } : {}),
    ...(s.type ? { type: s.type } : {}),
    ...(s.online === undefined ? {} : { online: s.online }),
    ...(s.lowBattery ? { lowBattery: true } : {}),
    ...(s.unbound ? { unbound: true } : {}),
  };
  return {
    pageIndex: s.page,
    pageLength: s.pageSize,
    ...(Object.keys(requestData).length ? { requestData } : {}),
  };
}

/** Whether any filter beyond the page is set (the empty table then says "nothing matches"). */
export const isFiltered = (s: DeviceListState) =>
  !!(s.keyword || s.buildingId || s.type || s.online !== undefined || s.lowBattery || s.unbound);
