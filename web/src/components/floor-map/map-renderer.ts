import type { LiveRobot } from '@fleet/contract';
import type { FleetStore } from '../../live/fleet-store';
import { drawFloor, type FloorInput } from './draw-floor';
import { drawRobots, robotRadiusPx } from './draw-robots';
import { boundsOf, type FloorGeometry, floorBounds, type MapStation } from './floor-geometry';
import { FrameRobots } from './frame-robots';
import { robotAt } from './hit-test';
import type { LabelBox } from './label-layout';
import { MotionGlide, type Pose } from './motion-glide';
import { PlacedSprites, RobotPixels } from './robot-pixels';
import { RobotSprites } from './robot-sprites';
import { centreOn, fitView, type Size, type View } from './view';

export interface RendererOptions {
  store: FleetStore;
  colours: FloorInput['colours'];
  loadImage: (url: string) => Promise<CanvasImageSource>;
  /** Told whenever the view changes (pan, zoom, follow), for overlays such as the scale bar. */
  onView?: (view: View) => void;
  /** Robots glide between their reported positions; off when the user prefers reduced motion. */
  glide?: boolean;
}

/** Frames drawn, the time the last one took, its scale and how many robots it drew: read by the /map benchmark. */
export interface RendererStats {
  frames: number;
  lastDrawMs: number;
  pixelsPerMetre: number;
  robotsDrawn: number;
  /** What the view was last fitted to: the floor's plan, or the robots (no plan known then). */
  fittedTo: 'plan' | 'robots' | null;
}

/**
 * Draws one floor outside React on two stacked canvases: the floor (map image or grid, stations) only when the
 * view or the floor changes, and the robots over it whenever the fleet changed or a robot is still gliding to
 * its reported position (checked at every animation frame). React only tells it what to show.
 */
export class MapRenderer {
  readonly stats: RendererStats = {
    frames: 0,
    lastDrawMs: 0,
    pixelsPerMetre: 0,
    robotsDrawn: 0,
    fittedTo: null,
  };
  private readonly floorCtx: CanvasRenderingContext2D | null;
  private readonly robotCtx: CanvasRenderingContext2D | null;
  private size: Size = { width: 0, height: 0 };
  private dpr = 1;
  private view: View = { cx: 0, cy: 0, ppm: 10 };
  private fitted = false;
  /** How many robots the view was fitted to, when it was fitted to robots (a floor without a plan). */
  private fittedRobots = 0;
  private userMoved = false;
  private geometry: FloorGeometry | null = null;
  private image: CanvasImageSource | null = null;
  private stations: readonly MapStation[] = [];
  private stationLabels: LabelBox[] = [];
  private floorId: string | undefined;
  private selectedId: string | undefined;
  private followId: string | undefined;
  /** The store's slots of the robots on this floor. */
  private slots: number[] = [];
  private readonly glide: MotionGlide;
  private readonly sprites = new RobotSprites();
  private readonly placed = new PlacedSprites();
  private readonly pixels = new RobotPixels();
  private readonly frame_ = new FrameRobots();
  private drawnVersion = -1;
  private floorDirty = true;
  private robotsDirty = true;
  private raf = 0;

  constructor(
    private readonly floorCanvas: HTMLCanvasElement,
    private readonly robotCanvas: HTMLCanvasElement,
    private readonly opts: RendererOptions,
  ) {
    this.floorCtx = floorCanvas.getContext('2d');
    this.robotCtx = robotCanvas.getContext('2d');
    this.glide = new MotionGlide(opts.glide ?? true);
    this.raf = requestAnimationFrame(this.tick);
  }

  destroy(): void {
    cancelAnimationFrame(this.raf);
  }

  resize(width: number, height: number, dpr: number): void {
    this.size = { width, height };
    this.dpr = dpr;
    for (const canvas of [this.floorCanvas, this.robotCanvas]) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
    }
    if (!this.userMoved) this.fitted = false;
    this.viewChanged();
  }

  setFloor(floorId: string | undefined, geometry: FloorGeometry | null): void {
    if (floorId === this.floorId && geometry?.imageUrl === this.geometry?.imageUrl) return;
    this.floorId = floorId;
    this.geometry = geometry;
    this.image = null;
    this.fitted = false;
    this.userMoved = false;
    this.viewChanged();
    this.drawnVersion = -1;
    if (geometry?.imageUrl) {
      this.opts.loadImage(geometry.imageUrl).then(
        (image) => {
          if (this.geometry !== geometry) return;
          this.image = image;
          this.floorDirty = true;
        },
        // Without its image the floor is drawn as a grid in the same frame: robots still show.
        () => undefined,
      );
    }
  }

  setStations(stations: readonly MapStation[]): void {
    this.stations = stations;
    this.viewChanged();
  }

  setSelected(id: string | undefined): void {
    this.selectedId = id;
    this.robotsDirty = true;
  }

  /** Keeps the robot in the middle as it moves (the miniMap's "follow"). */
  setFollow(id: string | undefined): void {
    this.followId = id;
    this.robotsDirty = true;
  }

  getView(): View {
    return this.view;
  }

  getSize(): Size {
    return this.size;
  }

  setView(view: View): void {
    this.view = view;
    this.userMoved = true;
    this.fitted = true;
    this.viewChanged();
    this.opts.onView?.(view);
  }

  /** Back to the whole floor. */
  fit(): void {
    this.userMoved = false;
    this.fitted = false;
    this.viewChanged();
  }

  /** The robot drawn under the screen point, if any. */
  robotAt(sx: number, sy: number): LiveRobot | undefined {
    const f = this.frame_;
    const poses = new Map<LiveRobot, Pose>();
    for (let i = 0; i < f.count; i++) {
      const robot = f.robots[i];
      if (robot) poses.set(robot, { x: f.x[i] ?? 0, y: f.y[i] ?? 0, theta: f.theta[i] ?? 0 });
    }
    const hit = robotAt(
      [...poses.keys()],
      (robot) => poses.get(robot) ?? null,
      this.view,
      this.size,
      sx,
      sy,
      robotRadiusPx(this.view.ppm),
    );
    return hit && this.opts.store.get(hit.id);
  }

  private viewChanged(): void {
    this.floorDirty = true;
    this.robotsDirty = true;
  }

  private readonly tick = (now: number) => {
    this.raf = requestAnimationFrame(this.tick);
    const { store } = this.opts;
    if (store.version !== this.drawnVersion) {
      this.slots = this.slotsOnFloor();
      this.glide.update(store, this.slots, now);
      this.drawnVersion = store.version;
      this.robotsDirty = true;
    } else if (this.glide.gliding(now)) {
      this.robotsDirty = true;
    }
    if (!this.robotsDirty && !this.floorDirty) return;
    if (!this.floorCtx || !this.robotCtx || this.size.width === 0) return;
    const started = performance.now();
    if (this.robotsDirty) this.frame_.fill(store, this.glide, this.slots, now);
    if (
      needsFit({
        fitted: this.fitted,
        userMoved: this.userMoved,
        hasPlan: this.geometry !== null,
        robots: this.frame_.count,
        fittedRobots: this.fittedRobots,
      })
    ) {
      this.fitToFloor();
    }
    this.follow();
    if (this.floorDirty) {
      this.floorDirty = false;
      this.floorCtx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.stationLabels = drawFloor(this.floorCtx, {
        view: this.view,
        size: this.size,
        geometry: this.geometry,
        image: this.image,
        stations: this.stations,
        colours: this.opts.colours,
      });
    }
    this.robotsDirty = false;
    const f = this.frame_;
    this.stats.robotsDrawn = drawRobots(this.robotCtx, {
      view: this.view,
      size: this.size,
      dpr: this.dpr,
      count: f.count,
      robots: f.robots,
      x: f.x,
      y: f.y,
      theta: f.theta,
      faded: f.faded,
      selectedId: this.selectedId,
      colours: this.opts.colours,
      sprites: this.sprites,
      placed: this.placed,
      pixels: this.pixels,
      taken: this.stationLabels,
    });
    this.stats.pixelsPerMetre = this.view.ppm;
    this.stats.frames += 1;
    this.stats.lastDrawMs = performance.now() - started;
  };

  private slotsOnFloor(): number[] {
    const { store } = this.opts;
    const slots: number[] = [];
    for (let slot = 0; slot < store.slotCount; slot++) {
      const p = store.recordAt(slot)?.position;
      if (p && (!this.floorId || p.mapId === this.floorId)) slots.push(slot);
    }
    return slots;
  }

  private fitToFloor(): void {
    const f = this.frame_;
    const points = Array.from({ length: f.count }, (_, i) => ({ x: f.x[i] ?? 0, y: f.y[i] ?? 0 }));
    const bounds = this.geometry ? floorBounds(this.geometry) : boundsOf(points);
    this.view = fitView(bounds, this.size);
    this.stats.fittedTo = this.geometry ? 'plan' : 'robots';
    this.fitted = true;
    this.fittedRobots = f.count;
    this.floorDirty = true;
    this.opts.onView?.(this.view);
  }

  private follow(): void {
    if (!this.followId) return;
    const f = this.frame_;
    const i = f.robots.findIndex((r, k) => k < f.count && r.id === this.followId);
    if (i < 0) return;
    const x = f.x[i] ?? 0;
    const y = f.y[i] ?? 0;
    if (x === this.view.cx && y === this.view.cy) return;
    this.view = centreOn(this.view, x, y);
    this.floorDirty = true;
    this.opts.onView?.(this.view);
  }
}

/**
 * Whether the view is fitted again at this frame: when nothing fitted it yet (a new floor, a resize, the fit
 * button), and, on a floor without a plan (fitted to its robots), when robots came or went — the snapshot of a large
 * fleet arrives over several frames, and a robot coming online would otherwise stay off the screen — until the user
 * pans or zooms.
 */
export function needsFit(state: {
  fitted: boolean;
  userMoved: boolean;
  hasPlan: boolean;
  robots: number;
  fittedRobots: number;
}): boolean {
  if (!state.fitted) return true;
  return !state.hasPlan && !state.userMoved && state.robots !== state.fittedRobots;
}
