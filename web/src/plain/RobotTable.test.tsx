import type { Building, LiveRobot } from '@fleet/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FleetStore } from '../live/fleet-store';
import { liveRobotFixture } from '../live/live-robot.fixture';
import { RobotTable } from './RobotTable';

const at = '2026-11-22T10:00:00.000Z';
const NO_BUILDINGS = new Map<string, Building>();
const NO_FLOORS = new Map<string, string>();

function table(
  count: number,
  props: { onOpen?: (id: string) => void; onScrolling?: (s: boolean) => void } = {},
) {
  const flushes: Array<() => void> = [];
  const store = new FleetStore((flush) => flushes.push(flush));
  const robots: LiveRobot[] = Array.from({ length: count }, (_, i) =>
    liveRobotFixture({ id: `r-${i}`, name: `Robot ${i}`, serialNumber: `SN-${i}` }),
  );
  store.receive({ type: 'snapshot', robots, at });
  for (const flush of flushes.splice(0)) flush();
  render(
    <RobotTable
      store={store}
      robots={robots}
      buildings={NO_BUILDINGS}
      floorNames={NO_FLOORS}
      selectedId="r-1"
      onOpen={props.onOpen ?? (() => undefined)}
      onScrolling={props.onScrolling}
      height={570}
      empty={<span>none</span>}
    />,
  );
  const scroller = screen.getByTestId('robot-table').querySelector<HTMLElement>('.fc-rt-scroll');
  if (!scroller) throw new Error('no scroller');
  return { scroller };
}

const shownIds = () =>
  [...document.querySelectorAll('[data-robot-id]')].map((row) => row.getAttribute('data-robot-id'));

describe('RobotTable with thousands of robots', () => {
  it('draws only the rows in view, each placed at its index, in a body as tall as every row', () => {
    table(10_000);
    expect(screen.getByRole('table')).toHaveProperty('ariaRowCount', '10001');
    const rows = screen.getAllByRole('row');
    // The header, ten rows in 570 px, the next one, a step of eight more and four more below.
    expect(rows).toHaveLength(1 + 23);
    expect(shownIds().slice(0, 2)).toEqual(['r-0', 'r-1']);
    const second = rows[2];
    expect(second?.getAttribute('aria-rowindex')).toBe('3');
    expect(second?.style.top).toBe('57px');
    expect(second?.className).toContain('fc-rt-row-selected');
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
    expect(document.querySelector<HTMLElement>('.fc-rt-body')?.style.height).toBe(`${10_000 * 57}px`);
  });

  it('draws the rows of where it scrolled to and says when a scroll starts and settles', () => {
    vi.useFakeTimers();
    try {
      const onScrolling = vi.fn();
      const { scroller } = table(10_000, { onScrolling });
      scroller.scrollTop = 57 * 5000 + 20;
      fireEvent.scroll(scroller);
      fireEvent.scroll(scroller);
      expect(shownIds()[0]).toBe('r-4996');
      // Within the same step of eight rows: the same rows.
      scroller.scrollTop += 400;
      fireEvent.scroll(scroller);
      expect(shownIds()[0]).toBe('r-4996');
      expect(document.querySelector('[data-robot-id="r-5000"]')?.getAttribute('aria-rowindex')).toBe('5002');
      expect(onScrolling.mock.calls).toEqual([[true]]);
      act(() => vi.advanceTimersByTime(300));
      expect(onScrolling.mock.calls).toEqual([[true], [false]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands rows that scrolled out of reach to the robots scrolling in, without the focus', () => {
    const { scroller } = table(10_000);
    const before = new Set(document.querySelectorAll('tr[data-robot-id]'));
    const name = document.querySelector<HTMLElement>('[data-robot-id="r-0"] [data-testid="robot-open"]');
    name?.focus();
    expect(document.activeElement).toBe(name);
    scroller.scrollTop = 57 * 16;
    fireEvent.scroll(scroller);
    expect(shownIds()[0]).toBe('r-12');
    expect(document.querySelector('[data-robot-id="r-0"]')).toBeNull();
    const after = [...document.querySelectorAll('tr[data-robot-id]')];
    // Rows 0 to 11 went and 12 to 22 stayed: rows 28 to 38 took the elements of rows 0 to 10, 23 to 27 are new.
    expect(after).toHaveLength(27);
    expect(after.filter((row) => before.has(row))).toHaveLength(22);
    expect(document.activeElement).toBe(document.body);
  });

  it('opens a robot from its name', () => {
    const onOpen = vi.fn();
    table(3, { onOpen });
    fireEvent.click(screen.getAllByTestId('robot-open')[2] as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith('r-2');
  });
});
