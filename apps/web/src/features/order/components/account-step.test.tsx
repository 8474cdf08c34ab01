import type { Draft } from '@selfcare/domain/contracts/orders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { AccountStep } from './account-step.tsx';
import { draftWithPlan, savedStep } from './wizard-test-data.ts';

const NO = { email: false, sms: false, push: false };
const account = {
  salutation: 'Ms.',
  givenName: 'Mei Ling',
  familyName: 'Tan',
  fullName: 'Tan Mei Ling',
  dateOfBirth: '1990-05-01',
  contactNumber: '9123 4567',
  idType: 1,
  idNumber: 's8979373d',
  idIssueDate: '2015-01-01',
  idExpiryDate: null,
  passType: null,
  passStatus: null,
  passExpiry: null,
  employer: '',
  marketing: { provider: { ...NO, email: true }, thirdParty: NO },
  documents: { front: 'doc-front', back: 'doc-back' },
};
/** A draft up to step 2, and step 3 as the customer left it, with both ID sides uploaded. */
const filled: Draft = {
  ...draftWithPlan(),
  account,
  documents: {
    front: { id: 'doc-front', fileName: 'front.png' },
    back: { id: 'doc-back', fileName: 'back.png' },
  },
};
const server = () => fakeServer((req: Seen) => ok({ ...filled, account: JSON.parse(req.body ?? 'null') }));
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const open = (draft: Draft, onDone = vi.fn()) =>
  renderPage(<AccountStep draft={draft} myinfoRef="/getStarted" onBack={() => {}} onDone={onDone} />);

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => vi.unstubAllGlobals());

describe('step 3, who the customer is', () => {
  it('offers Myinfo first, then the fields of an NRIC holder and both sides of the ID', () => {
    server();
    open(draftWithPlan());
    expect(screen.getByRole('button', { name: 'Retrieve with Myinfo' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Given name/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Full name as on ID/ })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'NRIC' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/Pass type/)).toBeNull();
    expect(screen.getByText('ID front')).toBeTruthy();
    expect(screen.getByText('ID back')).toBeTruthy();
  });

  it("says what is missing in the schema's words, every problem at once, and does not move on", async () => {
    const fake = server();
    const onDone = vi.fn();
    open(draftWithPlan(), onDone);
    next();
    for (const text of [
      'Salutation is required',
      'Given name is required',
      'Full name as on ID is required',
      'Date of birth is required',
      'Contact number is required',
      'ID number is required',
      'ID issue date is required',
    ])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getAllByText('Please upload the front and back of your ID.')).toHaveLength(2);
    expect(savedStep(fake.seen, 'account')).toBeUndefined();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks a FIN holder for the pass, and checks the age and the ID number against its type', async () => {
    server();
    open({ ...filled, account: { ...account, dateOfBirth: '2015-01-01' } });
    fireEvent.click(screen.getByRole('radio', { name: 'FIN' }));
    next();
    expect(await screen.findByText('Pass type is required')).toBeTruthy();
    expect(screen.getByText('Pass status is required')).toBeTruthy();
    expect(screen.getByText('Pass expiry date is required')).toBeTruthy();
    expect(screen.getByText('You must be at least 18 years old to register.')).toBeTruthy();
    // An NRIC number is not a FIN.
    expect(screen.getByText('The ID number is not valid for the ID type.')).toBeTruthy();
  });

  it('passes on the details as the schema reads them, the ID sides uploaded, then moves on', async () => {
    const fake = server();
    const onDone = vi.fn();
    open(filled, onDone);
    fireEvent.change(screen.getByRole('textbox', { name: /Employer/ }), {
      target: { value: ' Orchid Pte Ltd ' },
    });
    next();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(savedStep(fake.seen, 'account')).toEqual({
      ...account,
      idNumber: 'S8979373D',
      contactNumber: '91234567',
      employer: 'Orchid Pte Ltd',
    });
  });
});
