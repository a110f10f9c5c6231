import type { LiveRobot } from '@fleet/contract';
import { memo, useLayoutEffect, useRef } from 'react';
import type { FleetStore } from '../live/fleet-store';
import type { RobotColumn } from './robot-table-columns';
import { useRobotRow } from './use-robot-row';

/** Every row is this tall (a link button and the cell's padding), so the rows in view follow from the scroll. */
export const ROW_HEIGHT = 57;

/**
 * One robot's row, placed at its index in the table's body: a row coming into view or a row moving in the order
 * lays out nothing else. It re-renders when its place changes (only the frame) or when its robot's shown values
 * change (`useRobotRow`), not when other robots move or the table scrolls. The table hands a row that scrolled
 * out of reach to a robot scrolling in (its DOM is kept, only texts change); focus does not follow to that robot.
 */
export const RobotRow = memo(function RobotRow({
  store,
  listed,
  index,
  selected,
  columns,
}: {
  store: FleetStore;
  listed: LiveRobot;
  index: number;
  selected: boolean;
  columns: RobotColumn[];
}) {
  const robot = useRobotRow(store, listed);
  const row = useRef<HTMLTableRowElement>(null);
  const shown = useRef(listed.id);
  useLayoutEffect(() => {
    if (shown.current === listed.id) return;
    shown.current = listed.id;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && row.current?.contains(focused)) focused.blur();
  }, [listed.id]);
  return (
    <tr
      ref={row}
      aria-rowindex={index + 2}
      data-robot-id={robot.id}
      data-robot-status={robot.status}
      className={selected ? 'fc-rt-row fc-rt-row-selected' : 'fc-rt-row'}
      style={{ top: index * ROW_HEIGHT }}
    >
      <RobotCells robot={robot} columns={columns} />
    </tr>
  );
});

const RobotCells = memo(function RobotCells({
  robot,
  columns,
}: {
  robot: LiveRobot;
  columns: RobotColumn[];
}) {
  return columns.map((c, j) => (
    <td
      key={c.key}
      className={j === 0 ? 'fc-rt-cell fc-rt-fixed' : 'fc-rt-cell'}
      style={{ flex: `${c.width} 0 ${c.width}px` }}
    >
      <div className="fc-rt-content">{c.cell(robot)}</div>
    </td>
  ));
});
