import type { LiftLiveView } from '@fleet/contract';
import { FRESH_MS, type ViewFeed, ViewPush, type ViewSubscriber } from './view-push.js';

/** What /live needs of the lifts of this region (modules/lifts/lift-feed.ts gives it): held lifts and report times too. */
export type LiftFeed = Required<ViewFeed<LiftLiveView>>;

export type LiftSubscriber = ViewSubscriber;

/** A lift that repeats its state unchanged is said to be fresh at most this often. */
export const LIFT_FRESH_MS = FRESH_MS;

/** The lifts stream of /live: `liftSnapshot`, then `liftChanges` with the lifts that changed, reported or went. */
export class LiftPush extends ViewPush<LiftLiveView> {
  constructor(feed: LiftFeed, onBatch?: (bytes: number) => void) {
    super(feed, { snapshot: 'liftSnapshot', changes: 'liftChanges', key: 'lifts' }, onBatch);
  }
}
