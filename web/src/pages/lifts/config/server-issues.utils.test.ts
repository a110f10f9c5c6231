import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { formIssuesOf, parsePathIssues } from './server-issues.utils';

describe('parsePathIssues', () => {
  it.each([
    ['body.name: required', [{ path: ['name'], reason: 'required' }]],
    ['body.policy.doorHoldS: at most 30 s', [{ path: ['policy', 'doorHoldS'], reason: 'at most 30 s' }]],
    [
      'body.landings.2.outside: outside the map of Lobby; body.landings: Floor 12 has no rear landing',
      [
        { path: ['landings', '2', 'outside'], reason: 'outside the map of Lobby' },
        { path: ['landings'], reason: 'Floor 12 has no rear landing' },
      ],
    ],
    ['something went wrong', []],
  ])('%s', (info, expected) => {
    expect(parsePathIssues(info)).toEqual(expected);
  });
});

describe('formIssuesOf', () => {
  it('reads a bad request and a conflict, not a server failure', () => {
    const bad = new ApiError({ kind: 'http', status: 400, code: 'BAD_REQUEST', info: 'body.name: required' });
    expect(formIssuesOf(bad)).toEqual([{ path: ['name'], reason: 'required' }]);
    const broken = new ApiError({ kind: 'http', status: 500, code: 'INTERNAL', info: 'body.name: x' });
    expect(formIssuesOf(broken)).toBeUndefined();
    expect(formIssuesOf(new Error('x'))).toBeUndefined();
  });

  it('words each rule the server names in the user’s language, and keeps the server’s words for the others', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'body.landings.1.outside: outside the map of Lobby; body.policy.doorHoldS: at most 30 s for this vendor’s lifts',
      issues: [
        { path: 'body.landings.1.outside', rule: 'waypointOffMap', params: { floor: 'Lobby' } },
        { path: 'body.policy.doorHoldS', rule: 'somethingNew', params: {} },
      ],
    });
    const words = (rule: string, params: Record<string, string | number>) =>
      rule === 'waypointOffMap' ? `超出 ${params.floor} 的地图范围` : undefined;
    expect(formIssuesOf(error, words)).toEqual([
      { path: ['landings', '1', 'outside'], reason: '超出 Lobby 的地图范围' },
      { path: ['policy', 'doorHoldS'], reason: 'at most 30 s for this vendor’s lifts' },
    ]);
  });
});
