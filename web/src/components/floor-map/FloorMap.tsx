import { AimOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { loadFloorImage } from '../../api/buildings/floor-image';
import type { FleetStore } from '../../live/fleet-store';
import type { FloorGeometry, MapStation } from './floor-geometry';
import { MapLegend } from './MapLegend';
import { MapRenderer } from './map-renderer';
import { ScaleBar } from './ScaleBar';
import { panBy, toWorld, type View, zoomAt } from './view';

export interface FloorMapProps {
  store: FleetStore;
  /** Only robots reporting this floor (VDA 5050 mapId) are drawn; all positioned robots when absent. */
  floorId?: string;
  geometry: FloorGeometry | null;
  stations?: readonly MapStation[];
  selectedId?: string;
  followId?: string;
  onSelect?: (robotId: string | undefined) => void;
  /** A click on the floor away from any robot, in metres (the stations editor places stations with it). */
  onPick?: (point: { x: number; y: number }) => void;
  /** Small controls and no legend, for embedding. */
  compact?: boolean;
  /** The language of the controls when it is not the console's (the /map/{lng} screens). */
  lng?: string;
  style?: CSSProperties;
}

const CLICK_SLOP_PX = 4;
const ZOOM_STEP = 1.25;

/** A floor with its robots live: pan by dragging, zoom with the wheel, the buttons or + / − / 0. */
export function FloorMap(props: FloorMapProps) {
  const { store, floorId, geometry, stations, selectedId, followId, compact, lng } = props;
  const { t } = useTranslation('live', { lng });
  const { token } = theme.useToken();
  const wrapper = useRef<HTMLDivElement>(null);
  const floorCanvas = useRef<HTMLCanvasElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const renderer = useRef<MapRenderer | null>(null);
  const [ppm, setPpm] = useState(10);
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    const el = canvas.current;
    const floorEl = floorCanvas.current;
    const box = wrapper.current;
    if (!el || !floorEl || !box) return;
    const r = new MapRenderer(floorEl, el, {
      store,
      colours: {
        background: token.colorBgLayout,
        grid: token.colorBorderSecondary,
        text: token.colorText,
        station: token.purple6 ?? '#722ed1',
        charger: token.blue6 ?? '#1677ff',
      },
      loadImage: loadFloorImage,
      onView: (view: View) => setPpm((prev) => (prev === view.ppm ? prev : view.ppm)),
      glide: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
    });
    renderer.current = r;
    // A renderer made anew (the theme changed) starts from what is shown now, not from nothing.
    const shown = callbacks.current;
    r.setFloor(shown.floorId, shown.geometry);
    r.setStations(shown.stations ?? []);
    r.setSelected(shown.selectedId);
    r.setFollow(shown.followId);
    (window as unknown as { __fleetMap?: MapRenderer['stats'] }).__fleetMap = r.stats;
    const observer = new ResizeObserver(() => {
      r.resize(box.clientWidth, box.clientHeight, window.devicePixelRatio || 1);
    });
    observer.observe(box);
    r.resize(box.clientWidth, box.clientHeight, window.devicePixelRatio || 1);
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      r.setView(zoomAt(r.getView(), r.getSize(), e.clientX - rect.left, e.clientY - rect.top, factor));
    };
    // React's wheel listener is passive and cannot stop the page from scrolling.
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
      observer.disconnect();
      r.destroy();
      renderer.current = null;
    };
  }, [store, token]);

  useEffect(() => renderer.current?.setFloor(floorId, geometry), [floorId, geometry]);
  useEffect(() => renderer.current?.setStations(stations ?? []), [stations]);
  useEffect(() => renderer.current?.setSelected(selectedId), [selectedId]);
  useEffect(() => renderer.current?.setFollow(followId), [followId]);

  const drag = useRef<{ x: number; y: number; moved: number; id: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, moved: 0, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    const r = renderer.current;
    if (!d || !r || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    d.moved += Math.abs(dx) + Math.abs(dy);
    d.x = e.clientX;
    d.y = e.clientY;
    if (d.moved > CLICK_SLOP_PX) r.setView(panBy(r.getView(), dx, dy));
  };
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    const r = renderer.current;
    drag.current = null;
    if (!d || !r || d.moved > CLICK_SLOP_PX) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const sx = e.clientX - rect.left;
    const sy = e.clientY - rect.top;
    const { onSelect, onPick } = callbacks.current;
    // A map that picks points and selects no robot picks under a robot too: a robot passing by must not swallow
    // the click that places a device or a waypoint.
    const robot = onSelect ? r.robotAt(sx, sy) : undefined;
    if (robot) onSelect?.(robot.id);
    else if (onPick) onPick(toWorld(r.getView(), r.getSize(), sx, sy));
    else onSelect?.(undefined);
  };

  const zoom = (factor: number) => {
    const r = renderer.current;
    if (!r) return;
    const size = r.getSize();
    r.setView(zoomAt(r.getView(), size, size.width / 2, size.height / 2, factor));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const r = renderer.current;
    if (!r) return;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [40, 0],
      ArrowRight: [-40, 0],
      ArrowUp: [0, 40],
      ArrowDown: [0, -40],
    };
    if (e.key === '+' || e.key === '=') zoom(ZOOM_STEP);
    else if (e.key === '-') zoom(1 / ZOOM_STEP);
    else if (e.key === '0') r.fit();
    else if (pan[e.key]) {
      const [dx, dy] = pan[e.key] ?? [0, 0];
      r.setView(panBy(r.getView(), dx, dy));
    } else return;
    e.preventDefault();
  };

  const size = compact ? 'small' : 'middle';
  return (
    <div
      ref={wrapper}
      data-testid="floor-map"
      style={{
        position: 'relative',
        overflow: 'hidden',
        minHeight: compact ? 160 : 320,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgLayout,
        ...props.style,
      }}
    >
      {/* The floor is drawn below only when the view changes; the robots above at every frame they move. */}
      <canvas
        ref={floorCanvas}
        aria-hidden
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      />
      <canvas
        ref={canvas}
        data-testid="floor-map-canvas"
        role="img"
        aria-label={t('floorMap.label')}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          touchAction: 'none',
          cursor: 'grab',
        }}
      />
      <Flex vertical gap={4} style={{ position: 'absolute', top: 8, right: 8 }}>
        <Button
          size={size}
          icon={<PlusOutlined />}
          aria-label={t('floorMap.zoomIn')}
          onClick={() => zoom(ZOOM_STEP)}
        />
        <Button
          size={size}
          icon={<MinusOutlined />}
          aria-label={t('floorMap.zoomOut')}
          onClick={() => zoom(1 / ZOOM_STEP)}
        />
        <Button
          size={size}
          icon={<AimOutlined />}
          aria-label={t('floorMap.fit')}
          onClick={() => renderer.current?.fit()}
        />
      </Flex>
      <ScaleBar ppm={ppm} />
      {!compact && <MapLegend lng={lng} />}
    </div>
  );
}
