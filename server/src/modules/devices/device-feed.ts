import type { DeviceLiveView } from '@fleet/contract';
import type { ViewFeed } from '../../live/view-push.js';
import { openCallView } from './dtos.js';
import type { DeviceLink } from './link/device-link.js';

/** The mini devices of this region as /live pushes them to /device: live state and open call. */
export function deviceFeedOf(link: DeviceLink): ViewFeed<DeviceLiveView> {
  const { store } = link;
  const view = (id: string): DeviceLiveView | undefined => {
    if (!store.identity(id)) return undefined;
    return {
      id,
      live: store.live(id),
      openCall: openCallView(link, id, 'shown'),
    };
  };
  return {
    list: (companyId) => {
      const out: DeviceLiveView[] = [];
      for (const id of store.idsOf(companyId)) {
        const v = view(id);
        if (v) out.push(v);
      }
      return out;
    },
    view,
    companyOf: (id) => store.identity(id)?.companyId,
    onChange: (listener) => link.onChange(listener),
  };
}
