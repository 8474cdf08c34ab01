import { describe, expect, it } from 'vitest';
import { keptForOffline, readableOffline } from '../../sw/offline-reads.ts';
import { offline } from './offline.ts';

describe('what the service worker keeps for reading without a network', () => {
  it('is the reads of /dashboard/local and /bills and the start, not a PDF, a payment or anything else', () => {
    for (const path of [
      '/api/v1/settings',
      '/api/v1/account',
      '/api/v1/usage/balances',
      '/api/v1/usage/daily',
      '/api/v1/bills',
      '/api/v1/bills/0b6c7a9e-3d1f-4c55-9a0e-2f1d7c3b8e11',
    ])
      expect(keptForOffline(path), path).toBe(true);
    for (const path of [
      '/api/v1/bills/0b6c7a9e-3d1f-4c55-9a0e-2f1d7c3b8e11/pdf',
      '/api/v1/bills/payments',
      '/api/v1/bills/payments/7',
      '/api/v1/usage/records',
      '/api/v1/profile',
      '/api/v1/auth/refreshToken',
    ])
      expect(keptForOffline(path), path).toBe(false);
  });

  it('opens those two pages from the shell, and no other', () => {
    expect(['/', '/dashboard/local', '/bills', '/bills/'].map(readableOffline)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['/profile/myProfile', '/manage/orders', '/login'].map(readableOffline)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('the time what is shown was saved', () => {
  it('is the oldest kept answer shown', () => {
    offline.sawCopy('Mon, 30 Nov 2026 03:10:00 GMT');
    offline.sawCopy('Mon, 30 Nov 2026 02:55:00 GMT');
    offline.sawCopy('Mon, 30 Nov 2026 03:20:00 GMT');
    offline.sawCopy('not a date');
    expect(offline.get().savedAt?.toISOString()).toBe('2026-11-30T02:55:00.000Z');
  });
});
