import { describe, expect, it } from 'vitest';
import { adminFeeDueAt, orderProgress, type ProgressInput } from './progress.ts';

const base: ProgressInput = {
  status: 'Payment success created in MVNE',
  kind: 'order',
  typeSim: 0,
  createdAt: new Date('2026-11-02T02:00:00Z'),
  customerStatus: 1,
  events: ['order-created', 'paid', 'mvne-created'],
  ports: [],
  adminFeeCharged: false,
  adminFeeCents: 1300,
};
const done = (p: ReturnType<typeof orderProgress>) => p.steps.filter((s) => s.done).map((s) => s.key);

describe('order progress on /myAccount', () => {
  it('walks a physical SIM through paid, verified, sent, delivered and activated', () => {
    expect(orderProgress(base).steps.map((s) => s.key)).toEqual([
      'paid',
      'verified',
      'sent',
      'delivered',
      'activated',
    ]);
    expect(done(orderProgress(base))).toEqual(['paid']);
    const sent = orderProgress({
      ...base,
      status: 'Delivery in progress',
      events: [...base.events, 'verify', 'create-delivery'],
    });
    expect(done(sent)).toEqual(['paid', 'verified', 'sent']);
    expect(sent.next).toEqual(['activate-online']);
  });

  it('counts the earlier steps as done once a later one happened', () => {
    const online = orderProgress({
      ...base,
      status: 'Completed',
      events: ['order-created', 'activate-online', 'activated'],
    });
    expect(done(online)).toEqual(['paid', 'verified', 'sent', 'delivered', 'activated']);
    expect(online.next).toEqual([]);
    expect(online.adminFee.deadline).toBeNull();
  });

  it('has an eSIM ready instead of a parcel', () => {
    const esim = orderProgress({
      ...base,
      typeSim: 1,
      status: 'Verified',
      events: [...base.events, 'verify', 'esim-issued'],
    });
    expect(esim.steps.map((s) => s.key)).toEqual(['paid', 'verified', 'esim', 'activated']);
    expect(done(esim)).toEqual(['paid', 'verified', 'esim']);
    expect(esim.next).toEqual([]);
  });

  it("starts an 'Us' line from being added to the account: it is billed, never paid for at ordering", () => {
    const added = orderProgress({
      ...base,
      kind: 'sub-line',
      status: 'Payment success not in MVNE',
      events: ['order-created', 'sub-line-added'],
    });
    expect(added.steps.map((s) => s.key)).toEqual(['added', 'verified', 'sent', 'delivered', 'activated']);
    expect(done(added)).toEqual(['added']);
  });

  it('says what the customer must do next', () => {
    expect(orderProgress({ ...base, customerStatus: 3, ports: ['pending'] }).next).toEqual([
      'upload-documents',
      'submit-port',
    ]);
    expect(orderProgress({ ...base, ports: ['unsuccess', 'success'] }).next).toEqual(['fix-port']);
    expect(
      orderProgress({ ...base, status: 'Delivery completed', events: [...base.events, 'activate'] }).next,
    ).toEqual([]);
    expect(orderProgress({ ...base, status: 'Cancelled', ports: ['pending'] }).next).toEqual([]);
  });

  it('gives the admin-fee deadline 14 calendar days after ordering until the fee is charged', () => {
    expect(adminFeeDueAt(new Date('2026-12-25T15:59:00Z')).toISOString()).toBe('2027-01-08T15:59:00.000Z');
    const verified = { ...base, events: [...base.events, 'verify'] };
    expect(orderProgress(verified).adminFee).toEqual({
      amountCents: 1300,
      charged: false,
      deadline: '2026-11-16T02:00:00.000Z',
    });
    expect(orderProgress({ ...verified, adminFeeCharged: true }).adminFee).toEqual({
      amountCents: 1300,
      charged: true,
      deadline: null,
    });
  });

  it('gives no activation deadline for a line staff have not verified: it cannot be activated yet', () => {
    // An 'Us' line added on 11 Dec, still waiting for staff on the 25th (ADR 0031).
    const usLine = {
      ...base,
      createdAt: new Date('2026-12-11T02:00:00Z'),
      customerStatus: 2,
      events: ['order-created', 'sub-line-added', 'mvne-created'],
    };
    expect(orderProgress(usLine).adminFee.deadline).toBeNull();
    expect(orderProgress({ ...usLine, events: [...usLine.events, 'verify'] }).adminFee.deadline).toBe(
      '2026-12-25T02:00:00.000Z',
    );
  });

  it('shows the admin fee it is given, which the deployment configures', () => {
    expect(orderProgress({ ...base, adminFeeCents: 1700 }).adminFee.amountCents).toBe(1700);
  });
});

describe('the donor details of a port request', () => {
  it('accepts an NRIC with its check letter or a passport number, and nothing else', async () => {
    const { portEditSchema } = await import('../schemas/porting.ts');
    const { safeParse } = await import('zod/mini');
    expect(safeParse(portEditSchema, { donorNetwork: 1, donorIdNumber: ' s9812381d ' }).data).toEqual({
      donorNetwork: 1,
      donorIdNumber: 'S9812381D',
    });
    expect(safeParse(portEditSchema, { donorNetwork: 1, donorIdNumber: 'E1234567' }).success).toBe(true);
    const wrongLetter = safeParse(portEditSchema, { donorNetwork: 1, donorIdNumber: 'S9812381A' });
    expect(wrongLetter.error?.issues[0]?.message).toBe('ID number is invalid');
    const noNetwork = safeParse(portEditSchema, { donorNetwork: 99, donorIdNumber: 'S9812381D' });
    expect(noNetwork.error?.issues[0]?.message).toBe('Current network is invalid');
    const empty = safeParse(portEditSchema, { donorNetwork: 1, donorIdNumber: '  ' });
    expect(empty.error?.issues[0]?.message).toBe('ID number is required');
  });
});
