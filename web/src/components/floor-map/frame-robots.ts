import type { LiveRobot } from '@fleet/contract';
import type { FleetStore } from '../../live/fleet-store';
import type { MotionGlide, Pose } from './motion-glide';

/** The robots of one frame, where each is drawn: arrays reused from frame to frame. */
export class FrameRobots {
  count = 0;
  robots: LiveRobot[] = [];
  x = new Float64Array(0);
  y = new Float64Array(0);
  theta = new Float64Array(0);
  faded = new Uint8Array(0);
  private readonly pose: Pose = { x: 0, y: 0, theta: 0 };

  fill(store: FleetStore, glide: MotionGlide, slots: readonly number[], now: number): void {
    if (this.x.length < slots.length) {
      const n = Math.max(slots.length, this.x.length * 2, 64);
      this.x = new Float64Array(n);
      this.y = new Float64Array(n);
      this.theta = new Float64Array(n);
      this.faded = new Uint8Array(n);
    }
    this.robots.length = slots.length;
    let n = 0;
    for (const slot of slots) {
      const record = store.recordAt(slot);
      if (!record) continue;
      const p = this.pose;
      if (!glide.poseInto(slot, now, p)) {
        p.x = store.xAt(slot);
        p.y = store.yAt(slot);
        p.theta = store.thetaAt(slot);
      }
      this.robots[n] = record;
      this.x[n] = p.x;
      this.y[n] = p.y;
      this.theta[n] = p.theta;
      this.faded[n] = record.status === 'offline' || store.staleAt(slot) ? 1 : 0;
      n += 1;
    }
    this.count = n;
  }
}
