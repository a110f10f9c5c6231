import type { Building, LiveRobot } from '@fleet/contract';
import type { ReactNode } from 'react';
import type { FleetStore } from '../live/fleet-store';
import { ROW_HEIGHT, RobotRow } from './RobotRow';
import { useRobotColumns } from './robot-table-columns';
import { useTableScroll } from './use-table-scroll';
import { visibleRows } from './virtual-window';
import './robot-table.css';

const HEAD_HEIGHT = 47;
/**
 * Rows come and go in steps of this many as the table scrolls: each change of the rows drawn costs the browser a
 * style, layout, paint and commit of its own, and paying them once per eight rows rather than at nearly every
 * frame is what kept 10,000 live robots scrolling smoothly on a busy two-core machine.
 */
const STEP_ROWS = 8;
/** Rows drawn beyond the reach of a step, above and below. */
const OVERSCAN = 4;

interface Props {
  store: FleetStore;
  /** The robots in the order shown; each row shows its robot's latest state from `store`. */
  robots: LiveRobot[];
  buildings: ReadonlyMap<string, Building>;
  floorNames: ReadonlyMap<string, string>;
  selectedId: string | undefined;
  onOpen: (robotId: string) => void;
  height: number;
  /** Shown under the header when no robot matches the filters. */
  empty: ReactNode;
  /** Hears when the user starts scrolling the table and when the table is still again. */
  onScrolling?: (scrolling: boolean) => void;
}

/**
 * The fleet, one row per robot, with only the rows in view drawn: thousands of rows scroll as smoothly as
 * ten. Rows are placed one by one in a body as tall as every row (robot-table.css), not laid out as a table
 * between two spacer rows, which the browser laid out again at every scroll step; antd's Table look.
 */
export function RobotTable({
  store,
  robots,
  buildings,
  floorNames,
  selectedId,
  onOpen,
  height,
  empty,
  onScrolling,
}: Props) {
  const columns = useRobotColumns(buildings, floorNames, onOpen);
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const { scroller, step, more, onScroll } = useTableScroll(STEP_ROWS * ROW_HEIGHT, onScrolling);
  // Whatever the scroll within the step: from the step's first row, a view's height and a step more, and a row
  // for the part of the first row hidden.
  const reach = height + (STEP_ROWS + 1) * ROW_HEIGHT;
  const { start, end } = visibleRows(
    robots.length,
    ROW_HEIGHT,
    step * STEP_ROWS * ROW_HEIGHT,
    reach,
    OVERSCAN,
  );
  // Rows are keyed by their index modulo the most rows ever drawn at once: a row scrolling out of reach is handed
  // to the one scrolling in, and React changes its texts instead of making and dropping eight rows of elements.
  const pool = Math.ceil(reach / ROW_HEIGHT) + 1 + 2 * OVERSCAN;
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const robot = robots[i];
    if (!robot) continue;
    rows.push(
      <RobotRow
        key={i % pool}
        store={store}
        listed={robot}
        index={i}
        selected={robot.id === selectedId}
        columns={columns}
      />,
    );
  }
  const frameClass = ['fc-rt-frame', more.start && 'fc-rt-more-start', more.end && 'fc-rt-more-end'];
  return (
    <div className={frameClass.filter(Boolean).join(' ')} data-testid="robot-table">
      <div
        ref={scroller}
        className="fc-rt-scroll"
        style={{ maxHeight: height + HEAD_HEIGHT }}
        onScroll={onScroll}
      >
        <table
          aria-labelledby="screen-title"
          aria-rowcount={robots.length + 1}
          className="fc-rt-table"
          style={{ width }}
        >
          <thead className="fc-rt-head">
            <tr aria-rowindex={1} className="fc-rt-head-row">
              {columns.map((c, i) => (
                <th
                  key={c.key}
                  scope="col"
                  className={i === 0 ? 'fc-rt-th fc-rt-fixed' : 'fc-rt-th'}
                  style={{ flex: `${c.width} 0 ${c.width}px` }}
                >
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          {robots.length === 0 ? (
            <tbody className="fc-rt-empty-body">
              <tr>
                <td colSpan={columns.length} className="fc-rt-empty">
                  {empty}
                </td>
              </tr>
            </tbody>
          ) : (
            <tbody className="fc-rt-body" style={{ height: robots.length * ROW_HEIGHT }}>
              {rows}
            </tbody>
          )}
        </table>
      </div>
    </div>
  );
}
