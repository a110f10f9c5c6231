import { expect, it } from 'vitest';
import { placeLiftIssues } from './lift-errors.utils';

it('places each complaint on its field, its landing cell or above the landings', () => {
  const placed = placeLiftIssues([
    { path: ['gatewayLiftName'], reason: '1–64 letters' },
    { path: ['servedFloorIds', '1'], reason: 'listed twice' },
    { path: ['landings', '2', 'outside'], reason: 'outside the map of Lobby' },
    { path: ['landings', '2', 'inside'], reason: 'outside the map of Lobby' },
    { path: ['landings', '1', 'floorCode'], reason: '"0" already names Lobby' },
    { path: ['landings', '3'], reason: 'a second front landing' },
    { path: ['landings'], reason: 'Floor 12 has no rear landing' },
  ]);
  expect(placed.fields).toEqual([
    { name: ['gatewayLiftName'], errors: ['1–64 letters'] },
    { name: ['servedFloorIds'], errors: ['listed twice'] },
    { name: ['landings', 1, 'floorCode'], errors: ['"0" already names Lobby'] },
  ]);
  expect(placed.landings).toEqual({
    '2.outside': ['outside the map of Lobby'],
    '2.inside': ['outside the map of Lobby'],
    '3': ['a second front landing'],
  });
  expect(placed.general).toEqual(['Floor 12 has no rear landing']);
});
