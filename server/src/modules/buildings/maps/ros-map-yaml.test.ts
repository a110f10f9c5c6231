import { describe, expect, it } from 'vitest';
import { parseRosMapYaml } from './ros-map-yaml.js';

describe('parseRosMapYaml', () => {
  it('reads map_server’s fields with its defaults', () => {
    expect(parseRosMapYaml('image: office.pgm\nresolution: 0.05\norigin: [-10.0, -5.5, 0.0]\n')).toEqual({
      resolution: 0.05,
      origin: { x: -10, y: -5.5 },
      negate: false,
      occupiedThresh: 0.65,
      freeThresh: 0.196,
      mode: 'trinary',
    });
  });

  it('reads negate, thresholds and mode', () => {
    const yaml =
      'image: m.pgm\nresolution: 0.1\norigin: [0, 0, 0]\nnegate: 1\noccupied_thresh: 0.7\nfree_thresh: 0.2\nmode: scale\n';
    expect(parseRosMapYaml(yaml)).toMatchObject({
      negate: true,
      occupiedThresh: 0.7,
      freeThresh: 0.2,
      mode: 'scale',
    });
  });

  it.each([
    ['resolution: [1\n', /^not valid YAML/],
    ['origin: [0, 0, 0]\n', /^resolution: required$/],
    ['resolution: 0\norigin: [0, 0, 0]\n', /^resolution: more than 0$/],
    ['resolution: 0.05\norigin: [0, 0]\n', /^origin: /],
    ['resolution: 0.05\norigin: [1, 2, 0.5]\n', /^origin: yaw must be 0/],
    [
      'resolution: 0.05\norigin: [0, 0, 0]\nfree_thresh: 0.9\n',
      /^free_thresh: must be below occupied_thresh$/,
    ],
    ['resolution: 0.05\norigin: [0, 0, 0]\nnegate: 2\n', /^negate: /],
    ['resolution: 0.05\norigin: [0, 0, 0]\nmode: fancy\n', /^mode: /],
    ['just text', /^not a map_server YAML/],
    ['resolution: fine\norigin: [0, 0, 0]\n', /^resolution: Invalid input: expected number/],
  ])('refuses %j naming the field', (yaml, reason) => {
    expect(() => parseRosMapYaml(yaml)).toThrow(reason);
  });
});
