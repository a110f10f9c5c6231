import { describe, expect, it } from 'vitest';
import { CredentialsFileError, MAX_DEVICES, parseDeviceCredentials } from './credentials-file.js';

const parse = (text: string) => parseDeviceCredentials(text, 'devices/v1');
/** The message a bad file gets: a CredentialsFileError, never another error. */
function problem(text: string): string {
  try {
    parse(text);
  } catch (err) {
    expect(err).toBeInstanceOf(CredentialsFileError);
    return (err as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('a CSV credentials file', () => {
  it('takes name and password from the columns the header names, in any order and case, ignoring others', () => {
    const csv = 'Label, Password ,NAME,building\nLobby,p1,CB-1,Tower\n"Floor 12, east","p,2",CB-2,Tower\n';
    expect(parse(csv)).toEqual([
      { name: 'CB-1', password: 'p1' },
      { name: 'CB-2', password: 'p,2' },
    ]);
  });

  it('takes the username registration answers instead of a name', () => {
    expect(parse('username,password\ndevices/v1/CB-7,secret\n')).toEqual([
      { name: 'CB-7', password: 'secret' },
    ]);
    expect(parseDeviceCredentials('username,password\nsite/dev/CB-7,s\n', 'site/dev')).toEqual([
      { name: 'CB-7', password: 's' },
    ]);
  });

  it('trims names and passwords', () => {
    expect(parse('name,password\n  CB-1 , secret \n')).toEqual([{ name: 'CB-1', password: 'secret' }]);
  });

  it('names the header when it lacks a column', () => {
    expect(problem('name,secret\nCB-1,x\n')).toBe(
      'line 1: the header must name the columns name (or username) and password; it has "name", "secret"',
    );
  });

  it('lists every bad row by its line', () => {
    const csv = ['name,password', 'CB-1,', 'bad name,x', 'CB-2,y', 'CB-2,z', '', ',q', 'CB-3'].join('\n');
    expect(problem(csv)).toBe(
      [
        '5 problems:',
        '  line 2: password is empty',
        '  line 3: name "bad name" is not a device name (1–64 letters, digits, _ . -)',
        '  line 5: device CB-2 is already on line 4',
        '  line 7: name is empty',
        '  line 8: password is empty',
      ].join('\n'),
    );
    expect(problem('username,password\nlifts/v1/CB-1,x\n')).toBe(
      'line 2: username lifts/v1/CB-1 is not under devices/v1/ (see --prefix)',
    );
  });

  it('shows the first ten problems and counts the rest', () => {
    const rows = Array.from({ length: 14 }, (_, i) => `D-${i},`);
    const message = problem(['name,password', ...rows].join('\n'));
    expect(message.split('\n')).toHaveLength(12);
    expect(message).toMatch(/^14 problems:\n {2}line 2: password is empty\n/);
    expect(message).toMatch(/\n {2}… and 4 more$/);
  });

  it.each([
    ['', 'the file is empty'],
    ['\uFEFF \n', 'the file is empty'],
    ['name,password\n', 'the file lists no devices'],
    ['name,password\n"CB-1,x\n', 'line 2: a quoted field is never closed'],
  ])('refuses %j', (text, message) => {
    expect(problem(text)).toBe(message);
  });

  it(`refuses more than ${MAX_DEVICES} devices`, () => {
    const rows = Array.from({ length: MAX_DEVICES + 1 }, (_, i) => `D-${i},p`);
    expect(problem(['name,password', ...rows].join('\n'))).toBe(
      `${MAX_DEVICES + 1} devices; at most ${MAX_DEVICES} run from one process`,
    );
  });
});

describe('a JSON credentials file', () => {
  it('takes an array of {name, password} or {username, password}, ignoring other fields', () => {
    const json = JSON.stringify([
      { name: 'CB-1', password: 'p1', label: 'Lobby' },
      { deviceId: '5f1c…', username: 'devices/v1/CB-2', password: 'p2', topicRoot: 'devices/v1/CB-2' },
    ]);
    expect(parse(`\n ${json}`)).toEqual([
      { name: 'CB-1', password: 'p1' },
      { name: 'CB-2', password: 'p2' },
    ]);
  });

  it.each([
    ['[{"name":"A","password":"p"},', /^not valid JSON: /],
    ['[]', /^the file lists no devices$/],
    ['[{"name":"A","password":"p"}, "B"]', /^item 2: not an object \{name, password\}$/],
    ['[{"name":"A","password":7}]', /^item 1: password must be a string$/],
    [
      '[{"name":"A"},{"name":"A","password":"p"}]',
      /^2 problems:\n {2}item 1: password is empty\n {2}item 2: device A is already on item 1$/,
    ],
  ])('refuses %s', (text, message) => {
    expect(problem(text)).toMatch(message);
  });
});
