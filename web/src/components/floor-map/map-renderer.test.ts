import { describe, expect, it } from 'vitest';
import { needsFit } from './map-renderer';

const fitted = { fitted: true, userMoved: false, hasPlan: false, robots: 300, fittedRobots: 300 };

describe('needsFit', () => {
  it('fits a view nothing fitted yet (new floor, resize, the fit button)', () => {
    expect(needsFit({ ...fitted, fitted: false })).toBe(true);
    expect(needsFit({ ...fitted, fitted: false, hasPlan: true, userMoved: true })).toBe(true);
  });

  it('fits a floor without a plan again as more of its robots arrive, so all of them show', () => {
    expect(needsFit({ ...fitted, robots: 5000 })).toBe(true);
    expect(needsFit({ ...fitted, robots: 299 })).toBe(true);
  });

  it('leaves the view alone while the same robots move', () => {
    expect(needsFit(fitted)).toBe(false);
  });

  it('leaves a view the user panned or zoomed alone, whatever arrives', () => {
    expect(needsFit({ ...fitted, userMoved: true, robots: 5000 })).toBe(false);
  });

  it('keeps a floor with a plan fitted to its plan, not its robots', () => {
    expect(needsFit({ ...fitted, hasPlan: true, robots: 5000 })).toBe(false);
  });
});
