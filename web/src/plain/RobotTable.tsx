import type { Building, LiveRobot } from '@fleet/contract';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../components/DateTimeText';
import { BatteryText } from '../pages/robots/BatteryText';
import { RobotStatusTag } from '../pages/robots/RobotStatusTag';
import { currentTask } from '../pages/robots/robot-task.utils';
import { PlainButton } from './PlainButton';
import { visibleRows } from './virtual-window';
import './robot-table.css';

/** Every row is this tall (a link button and the cell's padding), so the rows in view follow from the scroll. */
const ROW_HEIGHT = 57;
const HEAD_HEIGHT = 47;

interface Column {
  key: string;
  title: string;
  width: number;
  cell: (robot: LiveRobot) => ReactNode;
}

interface Props {
  robots: LiveRobot[];
  buildings: ReadonlyMap<string, Building>;
  floorNames: ReadonlyMap<string, string>;
  selectedId: string | undefined;
  onOpen: (robotId: string) => void;
  height: number;
  /** Shown under the header when no robot matches the filters. */
  empty: ReactNode;
}

/**
 * The fleet, one row per robot, with only the rows in view drawn: thousands of rows scroll as smoothly as
 * ten. A plain table in antd's Table look (robot-table.css).
 */
export function RobotTable({ robots, buildings, floorNames, selectedId, onOpen, height, empty }: Props) {
  const { t } = useTranslation(['robots', 'live']);
  const scroller = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [more, setMore] = useState({ start: false, end: false });
  const columns = useMemo<Column[]>(() => {
    const placeOf = (r: LiveRobot) => {
      const building = r.buildingId ? buildings.get(r.buildingId)?.name : undefined;
      const floor = r.position ? floorNames.get(r.position.mapId) : undefined;
      return building || floor ? [building, floor].filter(Boolean).join(' · ') : t('place.none');
    };
    return [
      {
        key: 'name',
        title: t('columns.name'),
        width: 200,
        cell: (r) => (
          <PlainButton
            variant="link"
            className="fc-rt-ellipsis"
            style={{ padding: 0, maxWidth: '100%' }}
            onClick={() => onOpen(r.id)}
            data-testid="robot-open"
          >
            {r.name}
          </PlainButton>
        ),
      },
      { key: 'serial', title: t('columns.serial'), width: 150, cell: (r) => r.serialNumber },
      { key: 'model', title: t('columns.model'), width: 130, cell: (r) => r.model },
      {
        key: 'place',
        title: t('columns.place'),
        width: 200,
        cell: (r) => (
          <span className="fc-rt-ellipsis" title={placeOf(r)}>
            {placeOf(r)}
          </span>
        ),
      },
      { key: 'status', title: t('columns.status'), width: 150, cell: (r) => <RobotStatusTag robot={r} /> },
      {
        key: 'battery',
        title: t('columns.battery'),
        width: 150,
        cell: (r) => <BatteryText level={r.battery} charging={r.charging} />,
      },
      {
        key: 'task',
        title: t('columns.task'),
        width: 180,
        cell: (r) => {
          const task = currentTask(r);
          return task.key === 'none' ? '–' : t(`task.${task.key}`, { order: task.orderId ?? '' });
        },
      },
      {
        key: 'lastSeen',
        title: t('columns.lastSeen'),
        width: 150,
        cell: (r) => (r.lastSeenAt ? <DateTimeText iso={r.lastSeenAt} /> : t('lastSeen.never')),
      },
    ];
  }, [t, buildings, floorNames, onOpen]);
  const width = columns.reduce((sum, c) => sum + c.width, 0);

  // Whether columns hide before or after the view: antd's shadows at the fixed column and the far edge.
  const left = useRef(-1);
  const measure = useCallback((resized: boolean) => {
    const el = scroller.current;
    if (!el) return;
    setTop(el.scrollTop);
    // Widths are read only when the table scrolled sideways or resized: reading them at every vertical scroll step
    // forced the browser to lay out the table again in the middle of the frame (a seventh of the main thread's time
    // while 10,000 rows scrolled).
    if (!resized && el.scrollLeft === left.current) return;
    left.current = el.scrollLeft;
    const start = el.scrollLeft > 0;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, []);
  useEffect(() => {
    measure(true);
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure(true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const { start, end } = visibleRows(robots.length, ROW_HEIGHT, top, height);
  const frameClass = ['fc-rt-frame', more.start && 'fc-rt-more-start', more.end && 'fc-rt-more-end'];
  return (
    <div className={frameClass.filter(Boolean).join(' ')} data-testid="robot-table">
      <div
        ref={scroller}
        className="fc-rt-scroll"
        style={{ maxHeight: height + HEAD_HEIGHT }}
        onScroll={() => measure(false)}
      >
        <table aria-labelledby="screen-title" aria-rowcount={robots.length + 1} style={{ width }}>
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={{ width: c.width }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((c, i) => (
                <th key={c.key} scope="col" className={i === 0 ? 'fc-rt-fixed' : undefined}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {robots.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="fc-rt-empty">
                  {empty}
                </td>
              </tr>
            )}
            {/* Rows out of view are drawn as two blank rows of their height, so the scroll bar stays true. */}
            {start > 0 && <Spacer rows={start} columns={columns.length} />}
            {robots.slice(start, end).map((r, i) => (
              <RobotRow
                key={r.id}
                robot={r}
                rowIndex={start + i + 2}
                selected={r.id === selectedId}
                columns={columns}
              />
            ))}
            {end < robots.length && (
              <tr
                aria-hidden
                className="fc-rt-spacer"
                style={{ height: (robots.length - end) * ROW_HEIGHT }}
              />
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * One robot's row, drawn again only when that robot (or the columns, or the selection) changed: scrolling draws
 * the rows coming into view, not every row in view.
 */
const RobotRow = memo(function RobotRow({
  robot,
  rowIndex,
  selected,
  columns,
}: {
  robot: LiveRobot;
  rowIndex: number;
  selected: boolean;
  columns: Column[];
}) {
  return (
    <tr
      aria-rowindex={rowIndex}
      data-robot-id={robot.id}
      data-robot-status={robot.status}
      className={selected ? 'fc-rt-row-selected' : undefined}
    >
      {columns.map((c, j) => (
        <td key={c.key} className={j === 0 ? 'fc-rt-fixed' : undefined}>
          {c.cell(robot)}
        </td>
      ))}
    </tr>
  );
});

function Spacer({ rows, columns }: { rows: number; columns: number }) {
  return (
    <tr aria-hidden>
      <td colSpan={columns} style={{ height: rows * ROW_HEIGHT, padding: 0, border: 0 }} />
    </tr>
  );
}
