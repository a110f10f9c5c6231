import { liftPolicy } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { inWindow, localTime, policyProblems, policyRefusal } from './lift-policy.js';

const robot = { id: '00000000-0000-4000-8000-000000000001', model: 'Courier' };
const policy = (over: Record<string, unknown> = {}) => liftPolicy.parse(over);

describe('a bank’s policy for robots (LIFTS-POLICY)', () => {
  it('lets every robot in when no robot or model is named, else only those named', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(policyRefusal(policy(), robot, 'UTC', at)).toBeNull();
    expect(policyRefusal(policy({ allowedModels: ['Cleaner'] }), robot, 'UTC', at)).toBe('robotNotAllowed');
    expect(policyRefusal(policy({ allowedModels: ['Courier'] }), robot, 'UTC', at)).toBeNull();
    expect(policyRefusal(policy({ allowedRobotIds: [robot.id] }), robot, 'UTC', at)).toBeNull();
  });

  it('keeps robots to its hours in the building’s time zone, windows past midnight included', () => {
    const nights = policy({ timeWindows: [{ weekdays: [5], from: '22:00', to: '06:00' }] });
    // Friday 23:30 and Saturday 03:00 in Shanghai (UTC+8) are in; Saturday 07:00 and Friday 21:00 are not.
    expect(policyRefusal(nights, robot, 'Asia/Shanghai', new Date('2026-11-27T15:30:00Z'))).toBeNull();
    expect(policyRefusal(nights, robot, 'Asia/Shanghai', new Date('2026-11-27T19:00:00Z'))).toBeNull();
    expect(policyRefusal(nights, robot, 'Asia/Shanghai', new Date('2026-11-27T23:00:00Z'))).toBe(
      'outsideHours',
    );
    expect(policyRefusal(nights, robot, 'Asia/Shanghai', new Date('2026-11-27T13:00:00Z'))).toBe(
      'outsideHours',
    );
  });

  it('reads the local weekday and minute', () => {
    expect(localTime(new Date('2026-11-23T23:59:00Z'), 'Asia/Shanghai')).toEqual({
      weekday: 2,
      minute: 7 * 60 + 59,
    });
    expect(inWindow({ weekdays: [1], from: '09:00', to: '17:00' }, 1, 17 * 60)).toBe(false);
  });

  it('caps the door hold at the vendor’s limit and wants sensible timeouts', () => {
    expect(policyProblems(policy({ doorHoldS: 30 }), 'kone')).toEqual([]);
    expect(policyProblems(policy({ doorHoldS: 31 }), 'kone')).toEqual([
      {
        path: 'policy.doorHoldS',
        message: "at most 30 s for this vendor's lifts",
        rule: 'doorHoldOverVendorCap',
        params: { max: 30 },
      },
    ]);
    expect(
      policyProblems(
        policy({
          timeWindows: [{ weekdays: [1], from: '08:00', to: '08:00' }],
          callTimeoutS: 300,
          rideTimeoutS: 400,
        }),
        'generic',
      ).map((p) => p.path),
    ).toEqual(['policy.timeWindows.0.to', 'policy.sessionTimeoutS']);
  });
});
