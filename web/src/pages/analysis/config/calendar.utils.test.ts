import type { ShiftCalendar } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  type CalendarWords,
  calendarToForm,
  formToCalendar,
  summariseCalendar,
  windowKind,
} from './calendar.utils';

const DAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const words: CalendarWords = {
  weekday: (d) => DAYS[d] ?? '?',
  range: (first, last) => `${first}–${last}`,
  allDay: 'all day',
  nextDay: (time) => `${time} (+1)`,
  never: 'never scheduled',
  closedDays: (n) => `${n} closed days`,
};

const week = (days: number[], from: string, to: string) =>
  days.map((weekday) => ({ weekday, windows: [{ from, to }] }));

const depot: ShiftCalendar = {
  weekly: week([1, 2, 3, 4, 5], '06:00', '18:00'),
  closedDays: ['2026-12-25', '2026-01-01'],
};

describe('calendarToForm', () => {
  it('shows Monday to Sunday, the days without windows switched off, and the closed days in order', () => {
    const form = calendarToForm(depot);
    expect(form.days.map((d) => [d.works, d.windows.length])).toEqual([
      [true, 1],
      [true, 1],
      [true, 1],
      [true, 1],
      [true, 1],
      [false, 0],
      [false, 0],
    ]);
    expect(form.closedDays).toEqual(['2026-01-01', '2026-12-25']);
  });
});

describe('formToCalendar', () => {
  it('sends a day switched off with no hours, though the editor keeps the hours it had', () => {
    const form = calendarToForm(depot);
    form.days[0] = { works: false, windows: [{ from: '06:00', to: '18:00' }] };
    const sent = formToCalendar(form);
    expect(sent.weekly[0]).toEqual({ weekday: 1, windows: [] });
    expect(sent.weekly[1]).toEqual({ weekday: 2, windows: [{ from: '06:00', to: '18:00' }] });
  });

  it('keeps a night shift that crosses midnight as typed, on the day it starts', () => {
    const form = calendarToForm({ weekly: week([5], '22:00', '06:00'), closedDays: [] });
    expect(formToCalendar(form).weekly[4]).toEqual({ weekday: 5, windows: [{ from: '22:00', to: '06:00' }] });
  });

  it('sends every weekday so that the server’s weekly.<i> is the editor’s row i', () => {
    expect(formToCalendar(calendarToForm(depot)).weekly.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('knows each day by its row, as the form hands back only the switch and the windows', () => {
    const handedBack = {
      days: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ works: d === 3, windows: [{ from: '09:00', to: '10:00' }] })),
      closedDays: [],
    };
    expect(formToCalendar(handedBack).weekly[2]).toEqual({
      weekday: 3,
      windows: [{ from: '09:00', to: '10:00' }],
    });
    expect(formToCalendar(handedBack).weekly[3]).toEqual({ weekday: 4, windows: [] });
  });

  it('sends each closed day once, in order', () => {
    const form = calendarToForm(depot);
    form.closedDays = ['2026-05-01', '2026-01-01', '2026-05-01'];
    expect(formToCalendar(form).closedDays).toEqual(['2026-01-01', '2026-05-01']);
  });

  it('gives back the calendar it was shown, whatever it was', () => {
    const calendar: ShiftCalendar = {
      weekly: [
        {
          weekday: 1,
          windows: [
            { from: '06:00', to: '10:00' },
            { from: '22:00', to: '02:00' },
          ],
        },
        { weekday: 2, windows: [] },
        { weekday: 3, windows: [{ from: '00:00', to: '00:00' }] },
        { weekday: 4, windows: [] },
        { weekday: 5, windows: [] },
        { weekday: 6, windows: [] },
        { weekday: 7, windows: [{ from: '09:00', to: '12:00' }] },
      ],
      closedDays: ['2026-03-08'],
    };
    expect(formToCalendar(calendarToForm(calendar))).toEqual(calendar);
  });
});

describe('windowKind', () => {
  it.each([
    ['08:00', '17:00', 'sameDay'],
    ['22:00', '06:00', 'overnight'],
    ['23:45', '00:00', 'overnight'],
    ['00:00', '00:00', 'allDay'],
    ['07:00', '07:00', 'allDay'],
  ] as const)('%s–%s is %s', (from, to, kind) => {
    expect(windowKind({ from, to })).toBe(kind);
  });
});

describe('summariseCalendar', () => {
  it.each([
    ['weekdays', depot, 'Mon–Fri 06:00–18:00 · 2 closed days'],
    [
      'every day',
      { weekly: week([1, 2, 3, 4, 5, 6, 7], '07:00', '22:00'), closedDays: [] },
      'Mon–Sun 07:00–22:00',
    ],
    [
      'a night shift on Friday',
      { weekly: [...week([1, 2], '08:00', '17:00'), ...week([5], '22:00', '06:00')], closedDays: [] },
      'Mon, Tue 08:00–17:00; Fri 22:00–06:00 (+1)',
    ],
    ['round the clock', { weekly: week([6, 7], '00:00', '00:00'), closedDays: [] }, 'Sat, Sun all day'],
    [
      'days apart with the same hours',
      { weekly: [...week([1, 3], '08:00', '12:00'), ...week([5, 6, 7], '09:00', '11:00')], closedDays: [] },
      'Mon, Wed 08:00–12:00; Fri–Sun 09:00–11:00',
    ],
    [
      'two windows a day',
      {
        weekly: [1, 2, 3].map((weekday) => ({
          weekday,
          windows: [
            { from: '06:00', to: '10:00' },
            { from: '14:00', to: '18:00' },
          ],
        })),
        closedDays: [],
      },
      'Mon–Wed 06:00–10:00, 14:00–18:00',
    ],
    [
      'no hours at all',
      { weekly: [{ weekday: 1, windows: [] }], closedDays: ['2026-01-01'] },
      'never scheduled · 1 closed days',
    ],
  ] as const)('%s', (_, calendar, text) => {
    expect(summariseCalendar(calendar as ShiftCalendar, words)).toBe(text);
  });
});
