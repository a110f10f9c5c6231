import { describe, expect, it } from 'vitest';
import { deviceSearchBody, FIRST_DEVICE_PAGE, isFiltered } from './devices-list.utils';

describe('the device search body', () => {
  it('asks the first page with no filters at first', () => {
    expect(deviceSearchBody(FIRST_DEVICE_PAGE)).toEqual({ pageIndex: 1, pageLength: 20 });
    expect(isFiltered(FIRST_DEVICE_PAGE)).toBe(false);
  });

  it('sends only the filters that are set, offline included', () => {
    const body = deviceSearchBody({
      ...FIRST_DEVICE_PAGE,
      page: 3,
      keyword: 'table',
      type: 'callButton',
      online: false,
      lowBattery: true,
    });
    expect(body).toEqual({
      pageIndex: 3,
      pageLength: 20,
      requestData: { name: 'table', type: 'callButton', online: false, lowBattery: true },
    });
  });

  it('counts an unbound or building filter as filtered', () => {
    expect(isFiltered({ ...FIRST_DEVICE_PAGE, unbound: true })).toBe(true);
    expect(isFiltered({ ...FIRST_DEVICE_PAGE, buildingId: 'b' })).toBe(true);
  });
});
