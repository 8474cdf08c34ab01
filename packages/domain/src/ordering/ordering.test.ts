import { describe, expect, it } from 'vitest';
import {
  addDays,
  deliveryDateOptions,
  isPublicHoliday,
  isWorkingDay,
  nextWorkingDays,
  sgDate,
} from '../calendar.ts';
import { DeliveryMethod } from '../enums.ts';
import { formatMoney, gstIncluded } from '../money.ts';
import { isValidIdForType, isValidNricOrFin } from '../nric.ts';
import { compactNumber } from '../phone.ts';
import { deliveryMethodsFor, formatAddress, shipsToAddress } from './delivery.ts';
import { NumberType } from './enums.ts';
import { DEFAULT_FEES, deliveryFeeCents } from './fees.ts';
import {
  addMonths,
  ageOn,
  familyNameOptional,
  isOldEnough,
  isPassValidLongEnough,
  namesFromIdName,
  splitFullName,
} from './identity.ts';
import { promotionDiscount, quoteOrder } from './quote.ts';

describe('money and GST', () => {
  it('formats cents as Singapore dollars', () => {
    expect(formatMoney(2200)).toBe('$22.00');
    expect(formatMoney(550)).toBe('$5.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-505)).toBe('-$5.05');
  });

  it('finds the GST inside a GST-inclusive amount', () => {
    expect(gstIncluded(10900, 9)).toBe(900);
    expect(gstIncluded(2200, 9)).toBe(182);
    expect(gstIncluded(0, 9)).toBe(0);
    expect(gstIncluded(1000, 0)).toBe(0);
  });
});

describe('fees', () => {
  it('are the spec amounts by default', () => {
    expect(DEFAULT_FEES).toMatchObject({
      newNumberCents: 2200,
      adminCents: 1300,
      simReplacementCents: 550,
      homeDeliveryCents: 550,
    });
  });

  it('charge only home delivery', () => {
    expect(deliveryFeeCents(DeliveryMethod.HomeDelivery, DEFAULT_FEES)).toBe(550);
    for (const m of [
      DeliveryMethod.PostalMail,
      DeliveryMethod.SelfCollection,
      DeliveryMethod.ESimIdVerification,
      DeliveryMethod.Other,
    ])
      expect(deliveryFeeCents(m, DEFAULT_FEES)).toBe(0);
  });
});

describe('quoteOrder', () => {
  const me = {
    label: 'Me',
    planName: 'Value 25',
    planCents: 2500,
    addons: [{ name: 'Caller ID', cents: 300 }],
    numberType: NumberType.New,
  };
  const us = {
    label: 'Us 1',
    planName: 'Lite 10',
    planCents: 1000,
    addons: [],
    numberType: NumberType.PortIn,
  };

  it('adds plans, add-ons, a new-number fee per new number and delivery', () => {
    const q = quoteOrder({
      lines: [me, us],
      deliveryMethod: DeliveryMethod.HomeDelivery,
      promotion: null,
      fees: DEFAULT_FEES,
      chargeNow: true,
    });
    expect(q.items.map((i) => [i.kind, i.amountCents])).toEqual([
      ['plan', 2500],
      ['addon', 300],
      ['numberFee', 2200],
      ['plan', 1000],
      ['delivery', 550],
    ]);
    expect(q.totalCents).toBe(6550);
    expect(q.gstPercent).toBe(9);
    expect(q.gstCents).toBe(gstIncluded(6550, 9));
    expect(q.dueNowCents).toBe(6550);
  });

  it('takes a promotion off plan and add-on charges only, never below zero', () => {
    const percent = { code: 'HELLO10', percentOff: 10, amountOffCents: null };
    const q = quoteOrder({
      lines: [me],
      deliveryMethod: DeliveryMethod.PostalMail,
      promotion: percent,
      fees: DEFAULT_FEES,
      chargeNow: true,
    });
    expect(q.discountCents).toBe(280);
    expect(q.totalCents).toBe(2500 + 300 + 2200 - 280);
    expect(q.items.at(-1)).toEqual({ kind: 'discount', label: 'Promotion HELLO10', amountCents: -280 });
    expect(promotionDiscount({ code: 'BIG', percentOff: null, amountOffCents: 99999 }, 2800)).toBe(2800);
    expect(promotionDiscount({ code: 'X', percentOff: null, amountOffCents: 500 }, 0)).toBe(0);
  });

  it('charges nothing now for a roadshow order, but shows the amounts', () => {
    const q = quoteOrder({
      lines: [me],
      deliveryMethod: null,
      promotion: null,
      fees: DEFAULT_FEES,
      chargeNow: false,
    });
    expect(q.totalCents).toBe(5000);
    expect(q.dueNowCents).toBe(0);
    expect(q.items.some((i) => i.kind === 'delivery')).toBe(false);
  });
});

describe('identity rules', () => {
  it('counts age in whole years', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(isOldEnough('2008-11-22', '2026-11-22')).toBe(true);
    expect(isOldEnough('2008-11-23', '2026-11-22')).toBe(false);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('wants a pass valid for at least 6 more months', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(isPassValidLongEnough('2027-05-22', '2026-11-22')).toBe(true);
    expect(isPassValidLongEnough('2027-05-21', '2026-11-22')).toBe(false);
  });

  it('splits a full name at the first space', () => {
    expect(splitFullName('Tan Ah Kow')).toEqual({ firstName: 'Tan', lastName: 'Ah Kow' });
    expect(splitFullName('  Aaron   Tan ')).toEqual({ firstName: 'Aaron', lastName: 'Tan' });
    expect(splitFullName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' });
  });

  it('lets a person whose given name is their whole name have no family name', () => {
    expect(familyNameOptional('Fatimah', 'FATIMAH')).toBe(true);
    expect(familyNameOptional(' tommy  s/o bala ', 'TOMMY S/O BALA')).toBe(true);
    expect(familyNameOptional('Yong Xiang', 'LIM YONG XIANG')).toBe(false);
    expect(familyNameOptional('', '')).toBe(false);
  });

  it('takes given and family name from a name as on an ID only when it is one word', () => {
    expect(namesFromIdName(' FATIMAH ')).toEqual({ givenName: 'FATIMAH', familyName: '' });
    // Family name first, last or absent: the name alone does not say which.
    expect(namesFromIdName('LIM YONG XIANG')).toBeNull();
    expect(namesFromIdName('ELIZABERTH PIERCE JOHNSON')).toBeNull();
    expect(namesFromIdName('')).toBeNull();
  });

  it('checks NRIC and FIN letters, M-series included', () => {
    expect(isValidNricOrFin('S8979373D')).toBe(true);
    expect(isValidNricOrFin('S8979373E')).toBe(false);
    expect(isValidNricOrFin('M1234567K')).toBe(true);
    expect(isValidIdForType('S8979373D', 1)).toBe(true);
    expect(isValidIdForType('S8979373D', 2)).toBe(false);
    expect(isValidIdForType('M1234567K', 2)).toBe(true);
  });
});

describe('Singapore working days', () => {
  it('skips weekends and public holidays', () => {
    expect(isPublicHoliday('2026-12-25')).toBe(true);
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(isWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-23')).toBe(true);
    expect(isPublicHoliday('2026-11-09')).toBe(true); // Deepavali
    expect(nextWorkingDays('2026-12-24', 2)).toEqual(['2026-12-28', '2026-12-29']);
    expect(nextWorkingDays('2026-11-06', 1)).toEqual(['2026-11-10']); // Fri → weekend, Deepavali Mon
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('dates an instant in Singapore time', () => {
    expect(sgDate(new Date('2026-11-22T16:30:00Z'))).toBe('2026-11-23');
    expect(sgDate(new Date('2026-11-22T15:59:00Z'))).toBe('2026-11-22');
  });

  it('offers home delivery within 2 working days and no date for postal mail or eSIM', () => {
    const christmasEve = new Date('2026-12-24T02:00:00Z');
    expect(deliveryDateOptions(christmasEve, DeliveryMethod.HomeDelivery)).toEqual([
      '2026-12-28',
      '2026-12-29',
    ]);
    expect(deliveryDateOptions(christmasEve, DeliveryMethod.SelfCollection)).toHaveLength(10);
    expect(deliveryDateOptions(christmasEve, DeliveryMethod.PostalMail)).toEqual([]);
    expect(deliveryDateOptions(christmasEve, DeliveryMethod.ESimIdVerification)).toEqual([]);
  });
});

describe('delivery by SIM type', () => {
  it('releases an eSIM after ID verification and sends a physical SIM any other way', () => {
    expect(deliveryMethodsFor(1)).toEqual([DeliveryMethod.ESimIdVerification]);
    expect(deliveryMethodsFor(0)).toEqual([
      DeliveryMethod.HomeDelivery,
      DeliveryMethod.PostalMail,
      DeliveryMethod.SelfCollection,
      DeliveryMethod.Other,
    ]);
    expect(shipsToAddress(DeliveryMethod.PostalMail)).toBe(true);
    expect(shipsToAddress(DeliveryMethod.ESimIdVerification)).toBe(false);
    expect(shipsToAddress(null)).toBe(false);
  });

  it('writes an address on one line, leaving out what it does not have', () => {
    expect(
      formatAddress({
        postalCode: '238801',
        blockNumber: '2',
        roadName: 'ORCHARD TURN',
        building: 'ION ORCHARD',
        unitNumber: '#04-12',
      }),
    ).toBe('2 ORCHARD TURN, #04-12 ION ORCHARD, Singapore 238801');
    expect(
      formatAddress({
        postalCode: '520201',
        blockNumber: '201',
        roadName: 'TAMPINES STREET 21',
        building: null,
      }),
    ).toBe('201 TAMPINES STREET 21, Singapore 520201');
  });

  it('compacts a typed number', () => {
    expect(compactNumber('+65 9123-4567')).toBe('91234567');
    expect(compactNumber('9123')).toBe('9123');
  });
});
