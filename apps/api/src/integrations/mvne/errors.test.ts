import { describe, expect, it } from 'vitest';
import {
  checkOrderDone,
  MvneOrderUnfinishedError,
  MvneRejectedError,
  MvneUnavailableError,
} from './errors.ts';

describe('a TMF622 change order’s state', () => {
  it('is done only when completed with its product', () => {
    expect(() => checkOrderDone('x:add', 'completed', true)).not.toThrow();
    expect(() => checkOrderDone('x:add', 'completed', false)).toThrow(MvneRejectedError);
  });

  it('is a refusal only when rejected or failed', () => {
    for (const state of ['rejected', 'failed'])
      expect(() => checkOrderDone('x:add', state, false)).toThrow(MvneRejectedError);
  });

  it('is followed up (retried later) while acknowledged, in progress or otherwise unfinished', () => {
    for (const state of ['acknowledged', 'inProgress', 'pending', 'held']) {
      const err = (() => {
        try {
          checkOrderDone('x:add', state, false);
        } catch (e) {
          return e;
        }
      })();
      expect(err, state).toBeInstanceOf(MvneOrderUnfinishedError);
      expect(err).toBeInstanceOf(MvneUnavailableError);
      expect(err).not.toBeInstanceOf(MvneRejectedError);
    }
  });
});
