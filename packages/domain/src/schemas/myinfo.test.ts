import { describe, expect, it } from 'vitest';
import { type MyinfoPrefill, myinfoLockedValues, myinfoVerifiesIdentity } from './myinfo.ts';

const prefill: MyinfoPrefill = {
  account: { idNumber: 'S9812379B', fullName: 'LIM YONG XIANG', contactNumber: '97399245' },
  locked: ['idNumber', 'fullName'],
  address: null,
  retrievedAt: '2026-11-22T00:00:00.000Z',
};

describe('MyInfo locks', () => {
  it('keeps only what MyInfo verified', () => {
    expect(myinfoLockedValues(prefill)).toEqual({ idNumber: 'S9812379B', fullName: 'LIM YONG XIANG' });
    expect(myinfoLockedValues(null)).toEqual({});
  });

  it('needs both the ID number and the name on the ID to spare the ID copy', () => {
    expect(myinfoVerifiesIdentity(['idNumber', 'fullName', 'dateOfBirth'])).toBe(true);
    expect(myinfoVerifiesIdentity(['idNumber'])).toBe(false);
    expect(myinfoVerifiesIdentity(['fullName'])).toBe(false);
    expect(myinfoVerifiesIdentity(undefined)).toBe(false);
  });
});
