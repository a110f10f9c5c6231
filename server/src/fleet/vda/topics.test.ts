import { describe, expect, it } from 'vitest';
import { parseTopic, robotTopic } from './topics.js';

describe('VDA 5050 topics', () => {
  it.each([
    ['uagv/v2/acme/R1/state', { manufacturer: 'acme', serialNumber: 'R1', kind: 'state' }],
    ['uagv/v2/acme/R1/connection', { manufacturer: 'acme', serialNumber: 'R1', kind: 'connection' }],
    ['uagv/v2/acme/R1/unknown', null],
    ['uagv/v2/acme/state', null],
    ['uagv/v2/acme/R1/state/extra', null],
    ['other/v2/acme/R1/state', null],
    ['uagv/v2//R1/state', null],
  ])('%s', (topic, expected) => {
    expect(parseTopic('uagv/v2', topic)).toEqual(expected);
  });

  it('builds what it parses', () => {
    expect(parseTopic('uagv/v2', robotTopic('uagv/v2', 'm', 's', 'order'))).toEqual({
      manufacturer: 'm',
      serialNumber: 's',
      kind: 'order',
    });
  });
});
