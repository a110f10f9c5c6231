import type { LiveRobot } from '@fleet/contract';
import type { FleetStore } from '../../live/fleet-store';
import { type DrawInput, drawMap, robotRadiusPx } from './draw-map';
import { boundsOf, type FloorGeometry, floorBounds, type MapStation } from './floor-geometry';
import { robotAt } from './hit-test';
import { MotionGlide, type Pose } from './motion-glide';
import { centreOn, fitView, type Size, type View } from './view';

export interface RendererOptions {
  store: FleetStore;
  colours: DrawInput['colours'];
  loadImage: (url: string) => Promise<CanvasImageSource>;
  /** Told whenever the view changes (pan, zoom, follow), for overlays such as the scale bar. */
  onView?: (view: View) => void;
  /** Robots glide between their reported positions; off when the user prefers reduced motion. */
  glide?: boolean;
}

/** Frames drawn and the time the last one took: read by the /map benchmark. */
export interface RendererStats {
  frames: number;
  lastDrawMs: number;
}

/**
 * Draws one floor on a canvas outside React: every animation frame it checks whether the fleet, the view
 * or the floor changed, or a robot is still gliding to its reported position, and only then redraws. React
 * only tells it what to show.
 */
export class MapRenderer {
  readonly stats: RendererStats = { frames: 0, lastDrawMs: 0 };
  private ctx: CanvasRenderingContext2D | null;
  private size: Size = { width: 0, height: 0 };
  private dpr = 1;
  private view: View = { cx: 0, cy: 0, ppm: 10 };
  private fitted = false;
  private userMoved = false;
  private geometry: FloorGeometry | null = null;
  private image: CanvasImageSource | null = null;
  private stations: readonly MapStation[] = [];
  private floorId: string | undefined;
  private selectedId: string | undefined;
  private followId: string | undefined;
  private robots: LiveRobot[] = [];
  private readonly glide: MotionGlide;
  private now = 0;
  private drawnVersion = -1;
  private dirty = true;
  private frame = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly opts: RendererOptions,
  ) {
    this.ctx = canvas.getContext('2d');
    this.glide = new MotionGlide(opts.glide ?? true);
    this.frame = requestAnimationFrame(this.tick);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
  }

  resize(width: number, height: number, dpr: number): void {
    this.size = { width, height };
    this.dpr = dpr;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    if (!this.userMoved) this.fitted = false;
    this.dirty = true;
  }

  setFloor(floorId: string | undefined, geometry: FloorGeometry | null): void {
    if (floorId === this.floorId && geometry?.imageUrl === this.geometry?.imageUrl) return;
    this.floorId = floorId;
    this.geometry = geometry;
    this.image = null;
    this.fitted = false;
    this.userMoved = false;
    this.dirty = true;
    this.drawnVersion = -1;
    if (geometry?.imageUrl) {
      this.opts.loadImage(geometry.imageUrl).then(
        (image) => {
          if (this.geometry !== geometry) return;
          this.image = image;
          this.dirty = true;
        },
        // Without its image the floor is drawn as a grid in the same frame: robots still show.
        () => undefined,
      );
    }
  }

  setStations(stations: readonly MapStation[]): void {
    this.stations = stations;
    this.dirty = true;
  }

  setSelected(id: string | undefined): void {
    this.selectedId = id;
    this.dirty = true;
  }

  /** Keeps the robot in the middle as it moves (the miniMap's "follow"). */
  setFollow(id: string | undefined): void {
    this.followId = id;
    this.dirty = true;
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
    this.dirty = true;
    this.opts.onView?.(view);
  }

  /** Back to the whole floor. */
  fit(): void {
    this.userMoved = false;
    this.fitted = false;
    this.dirty = true;
  }

  robotAt(sx: number, sy: number): LiveRobot | undefined {
    return robotAt(this.robots, this.poseOf, this.view, this.size, sx, sy, robotRadiusPx(this.view.ppm));
  }

  /** Where a robot is drawn now (on its way to its reported position while it glides). */
  private readonly poseOf = (robot: LiveRobot): Pose | null => this.glide.poseOf(robot, this.now);

  private readonly tick = (now: number) => {
    this.frame = requestAnimationFrame(this.tick);
    this.now = now;
    const { store } = this.opts;
    if (store.version !== this.drawnVersion) {
      this.robots = this.floorId
        ? store.list().filter((r) => r.position?.mapId === this.floorId)
        : store.list().filter((r) => r.position);
      this.glide.update(this.robots, now);
      this.drawnVersion = store.version;
      this.dirty = true;
    } else if (this.glide.gliding(now)) {
      this.dirty = true;
    }
    if (!this.dirty || !this.ctx || this.size.width === 0) return;
    this.dirty = false;
    if (!this.fitted) this.fitToFloor();
    this.follow();
    const started = performance.now();
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    drawMap(this.ctx, {
      view: this.view,
      size: this.size,
      geometry: this.geometry,
      image: this.image,
      stations: this.stations,
      robots: this.robots,
      poseOf: this.poseOf,
      selectedId: this.selectedId,
      colours: this.opts.colours,
    });
    this.stats.frames += 1;
    this.stats.lastDrawMs = performance.now() - started;
  };

  private fitToFloor(): void {
    const bounds = this.geometry
      ? floorBounds(this.geometry)
      : boundsOf(this.robots.flatMap((r) => (r.position ? [r.position] : [])));
    this.view = fitView(bounds, this.size);
    this.fitted = true;
    this.opts.onView?.(this.view);
  }

  private follow(): void {
    if (!this.followId) return;
    const robot = this.robots.find((r) => r.id === this.followId);
    const p = robot && this.poseOf(robot);
    if (!p || (p.x === this.view.cx && p.y === this.view.cy)) return;
    this.view = centreOn(this.view, p.x, p.y);
    this.opts.onView?.(this.view);
  }
}
