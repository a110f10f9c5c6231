import type { LiftFeed } from '../../live/lift-push.js';
import type { LiftLink } from './link/lift-link.js';
import { liftLiveViewOf } from './live-view.js';

/** The lifts of this region as /live pushes them to /elevator. */
export function liftFeedOf(link: LiftLink): LiftFeed {
  const { store, sessions } = link;
  return {
    list: (companyId) => store.list(companyId).map((l) => liftLiveViewOf(sessions, l)),
    view: (liftId) => {
      const live = store.get(liftId);
      return live && liftLiveViewOf(sessions, live);
    },
    companyOf: (liftId) => store.identity(liftId)?.companyId,
    reportTimes: () => store.reportTimes(),
    busy: () => sessions.busyLifts(),
    onChange: (listener) => store.onChange((lift) => listener(lift.id)),
  };
}
