import { describe, expect, it } from 'vitest';
import { reachedRobotIds, targetBuildingIds } from './targets.utils';

const robots = [
  { id: 'r1', buildingId: 'b1' },
  { id: 'r2', buildingId: 'b1' },
  { id: 'r3', buildingId: 'b2' },
  { id: 'r4', buildingId: null },
];

describe('what a group reaches', () => {
  it('is every robot of its buildings and each robot named, each once', () => {
    expect(reachedRobotIds({ buildingIds: ['b1'], robotIds: ['r1', 'r4'] }, robots)).toEqual([
      'r1',
      'r2',
      'r4',
    ]);
    expect(reachedRobotIds({ buildingIds: [], robotIds: [] }, robots)).toEqual([]);
  });

  it('runs its schedule on the clocks of its buildings and of its named robots’ buildings', () => {
    expect(targetBuildingIds({ buildingIds: ['b1'], robotIds: ['r3', 'r4', 'r2'] }, robots)).toEqual([
      'b1',
      'b2',
    ]);
  });
});
