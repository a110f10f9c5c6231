import { describe, expect, it } from 'vitest';
import { type RobotChoice, robotChoices } from './assign-robots.utils';

const r = (id: string, name: string): RobotChoice => ({ id, name, serialNumber: `SN-${id}` });

describe('robotChoices', () => {
  it.each([
    ['a company without robots', [], [], []],
    ['the company list, by name', [r('2', 'Bravo'), r('1', 'Alpha')], [], ['Alpha', 'Bravo']],
    ['assigned robots the list also has appear once', [r('1', 'Alpha')], [r('1', 'Alpha')], ['Alpha']],
    [
      'an assigned robot missing from the list is kept',
      [r('1', 'Alpha')],
      [r('3', 'Charlie')],
      ['Alpha', 'Charlie'],
    ],
    ['no list (it failed): the assigned ones', undefined, [r('3', 'Charlie')], ['Charlie']],
  ] as const)('%s', (_, company, assigned, names) => {
    expect(robotChoices(company, assigned).map((c) => c.name)).toEqual(names);
  });
});
