import { describe, expect, it } from 'vitest';
import { type MyinfoPerson, toPrefill } from './myinfo.ts';

const at = new Date('2026-11-22T02:00:00Z');
const gov = (value: string) => ({ value, source: '1' });

describe('MyInfo person to step 3', () => {
  it('maps a FIN holder with a pass, locking only government-verified values', () => {
    const person: MyinfoPerson = {
      uinfin: gov('G1612348Q'),
      name: gov('ALFONSO CRUZ'),
      sex: { code: 'M', source: '1' },
      dob: gov('1992-02-01'),
      mobileno: { source: '2', areacode: { value: '65' }, nbr: { value: '97399245' } },
      passtype: { code: 'RPass', source: '1' },
      passstatus: gov('Live'),
      passexpirydate: gov('2027-12-31'),
      employment: { value: 'UBI COMPUTER SYSTEMS PTE. LTD.', source: '2' },
    };
    const p = toPrefill(person, at);
    expect(p.account).toEqual({
      idNumber: 'G1612348Q',
      idType: 2,
      fullName: 'ALFONSO CRUZ',
      salutation: 'Mr.',
      dateOfBirth: '1992-02-01',
      contactNumber: '97399245',
      passType: 'Work Permit',
      passStatus: 'Live',
      passExpiry: '2027-12-31',
      employer: 'UBI COMPUTER SYSTEMS PTE. LTD.',
    });
    expect(p.locked.sort()).toEqual(
      ['dateOfBirth', 'fullName', 'idNumber', 'idType', 'passExpiry', 'passStatus', 'passType'].sort(),
    );
    expect(p.address).toBeNull();
    expect(p.retrievedAt).toBe(at.toISOString());
  });

  it('leaves given and family name to the person when the name does not say which is which', () => {
    // MockPass's S9812379B: the family name comes first, and MyInfo does not say so.
    const p = toPrefill({ uinfin: gov('S9812379B'), name: gov('LIM YONG XIANG') }, at);
    expect(p.account.fullName).toBe('LIM YONG XIANG');
    expect(p.account).not.toHaveProperty('givenName');
    expect(p.account).not.toHaveProperty('familyName');
    // S9912366D has one name: it is the given name, with no family name.
    expect(toPrefill({ uinfin: gov('S9912366D'), name: gov('FATIMAH') }, at).account).toMatchObject({
      fullName: 'FATIMAH',
      givenName: 'Fatimah',
      familyName: '',
    });
  });

  it('leaves out what MyInfo does not hold or we cannot use', () => {
    const p = toPrefill(
      {
        uinfin: gov('S9812379B'),
        name: { value: 'FATIMAH', source: '2' },
        passtype: { code: '', source: '3' },
        passstatus: { value: '', source: '3' },
        mobileno: { source: '2', areacode: { value: '60' }, nbr: { value: '123456789' } },
        regadd: { type: 'UNFORMATTED', source: '1' },
      },
      at,
    );
    expect(p.account).toEqual({
      idNumber: 'S9812379B',
      idType: 1,
      fullName: 'FATIMAH',
      givenName: 'Fatimah',
      familyName: '',
    });
    // A name the person typed in themselves is theirs to change.
    expect(p.locked).toEqual(['idNumber', 'idType']);
    expect(p.address).toBeNull();
  });
});
