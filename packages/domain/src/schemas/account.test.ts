import { describe, expect, it } from 'vitest';
import { Messages } from '../messages.ts';
import { accountDateProblems, accountStepSchemaOn } from '../ordering/account-rules.ts';
import { OrderMessages } from '../ordering/messages.ts';
import { type AccountStep, accountStepSchema } from './account.ts';

const valid = {
  salutation: 'Ms.',
  givenName: 'Mei Ling',
  familyName: 'Tan',
  fullName: 'Tan Mei Ling',
  dateOfBirth: '1990-05-17',
  contactNumber: '9123 4567',
  idType: 1,
  idNumber: 's8979373d',
  idIssueDate: '2015-01-10',
  marketing: {
    provider: { email: true, sms: false, push: false },
    thirdParty: { email: false, sms: false, push: false },
  },
};
const errors = (input: unknown) => {
  const r = accountStepSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('account step', () => {
  it('accepts a complete NRIC holder and normalises the ID and number', () => {
    const r = accountStepSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.idNumber).toBe('S8979373D');
    expect(r.data?.contactNumber).toBe('91234567');
  });

  it('checks the ID number against its type by the check letter', () => {
    expect(errors({ ...valid, idNumber: 'S8979373E' })).toEqual({ idNumber: OrderMessages.idNumberInvalid });
    expect(errors({ ...valid, idType: 2 })).toMatchObject({ idNumber: OrderMessages.idNumberInvalid });
  });

  it('wants the pass details of a FIN holder', () => {
    expect(errors({ ...valid, idType: 2, idNumber: 'M1234567K' })).toEqual({
      passType: Messages.required('Pass type'),
      passStatus: Messages.required('Pass status'),
      passExpiry: Messages.required('Pass expiry date'),
    });
  });

  it('wants a family name unless the given name is the whole name as on the ID', () => {
    expect(errors({ ...valid, familyName: '  ' })).toEqual({ familyName: Messages.required('Family name') });
    expect(errors({ ...valid, givenName: 'Fatimah', familyName: '', fullName: 'FATIMAH' })).toEqual({});
    expect(
      errors({ ...valid, givenName: 'Tommy s/o Bala', familyName: '', fullName: ' TOMMY  S/O BALA' }),
    ).toEqual({});
    // A one-word given name that is not the whole name still needs the rest.
    expect(errors({ ...valid, givenName: 'Tommy', familyName: '', fullName: 'TOMMY S/O BALA' })).toEqual({
      familyName: Messages.required('Family name'),
    });
    expect(errors({ ...valid, givenName: '', familyName: '', fullName: '' })).toEqual({
      givenName: Messages.required('Given name'),
      familyName: Messages.required('Family name'),
      fullName: Messages.required('Full name as on ID'),
    });
  });

  it('wants both sides of the ID once documents are given, and none when MyInfo verified the identity', () => {
    expect(errors({ ...valid, documents: { front: 'a', back: null } })).toEqual({
      documents: OrderMessages.documentsRequired,
    });
    expect(errors({ ...valid, documents: { front: null, back: null } })).toEqual({
      documents: OrderMessages.documentsRequired,
    });
    expect(errors({ ...valid, documents: { front: 'a', back: 'b' } })).toEqual({});
    expect(errors({ ...valid, documents: null })).toEqual({});
  });

  it('refuses dates that do not exist', () => {
    expect(errors({ ...valid, dateOfBirth: '1990-02-30' })).toEqual({
      dateOfBirth: Messages.invalid('Date of birth'),
    });
  });
});

describe('account rules that need today', () => {
  const parse = (over: object) => accountStepSchema.parse({ ...valid, ...over }) as AccountStep;
  const today = '2026-11-22';

  it('wants the customer to be 18', () => {
    expect(accountDateProblems(parse({ dateOfBirth: '2008-11-22' }), today)).toEqual({});
    expect(accountDateProblems(parse({ dateOfBirth: '2008-11-23' }), today)).toEqual({
      dateOfBirth: OrderMessages.tooYoung,
    });
  });

  it('wants a pass valid for 6 more months and dates on the right side of today', () => {
    const fin = { idType: 2, idNumber: 'M1234567K', passType: 'S Pass', passStatus: 'Live' };
    expect(accountDateProblems(parse({ ...fin, passExpiry: '2027-05-21' }), today)).toEqual({
      passExpiry: OrderMessages.passTooShort,
    });
    expect(accountDateProblems(parse({ ...fin, passExpiry: '2027-05-22' }), today)).toEqual({});
    expect(
      accountDateProblems(parse({ idIssueDate: '2026-12-01', idExpiryDate: '2026-11-22' }), today),
    ).toEqual({
      idIssueDate: OrderMessages.dateInFuture('ID issue date'),
      idExpiryDate: OrderMessages.dateInPast('ID expiry date'),
    });
  });
});

describe('account step as the form checks it', () => {
  const today = '2026-11-22';
  const formErrors = (input: unknown) => {
    const r = accountStepSchemaOn(today).safeParse(input);
    const found: Record<string, string> = {};
    if (!r.success) for (const i of r.error.issues) found[i.path.join('.')] ??= i.message;
    return found;
  };

  it('reports an age problem together with the other problems', () => {
    expect(formErrors({ ...valid, givenName: '', contactNumber: '123', dateOfBirth: '2010-01-01' })).toEqual({
      givenName: Messages.required('Given name'),
      contactNumber: Messages.invalid('Contact number'),
      dateOfBirth: OrderMessages.tooYoung,
    });
  });

  it('says only that a date is invalid when it is not a date', () => {
    expect(formErrors({ ...valid, dateOfBirth: '2010-02-30', idIssueDate: '' })).toEqual({
      dateOfBirth: Messages.invalid('Date of birth'),
      idIssueDate: Messages.required('ID issue date'),
    });
  });

  it('accepts what the API accepts on the same day', () => {
    expect(formErrors(valid)).toEqual({});
    expect(formErrors({ ...valid, idExpiryDate: '2026-11-22' })).toEqual({
      idExpiryDate: OrderMessages.dateInPast('ID expiry date'),
    });
  });
});
