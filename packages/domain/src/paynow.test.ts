import assert from 'node:assert/strict';
import { test } from 'vitest';
import { crc16CcittFalse, payNowQr, readQrFields } from './paynow.ts';

const input = {
  uen: '201912345K',
  amountCents: 4815,
  reference: 'B202611-000123',
  merchantName: 'Selfcare Mobile',
  merchantCity: 'Singapore',
  expiresOn: '2026-12-25',
};

test('the CRC is CRC-16/CCITT-FALSE: its check value for "123456789" is 29B1', () => {
  assert.equal(crc16CcittFalse('123456789'), '29B1');
  assert.equal(crc16CcittFalse(''), 'FFFF');
});

test('a bill QR is dynamic, PayNow to the UEN, not editable, with the amount, the reference and a valid CRC', () => {
  const qr = payNowQr(input);
  const top = readQrFields(qr);
  assert.equal(top.get('00'), '01');
  assert.equal(top.get('01'), '12');
  assert.equal(top.get('52'), '0000');
  assert.equal(top.get('53'), '702');
  assert.equal(top.get('54'), '48.15');
  assert.equal(top.get('58'), 'SG');
  assert.equal(top.get('59'), 'Selfcare Mobile');
  assert.equal(top.get('60'), 'Singapore');
  const paynow = readQrFields(top.get('26') as string);
  assert.deepEqual(Object.fromEntries(paynow), {
    '00': 'SG.PAYNOW',
    '01': '2',
    '02': '201912345K',
    '03': '0',
    '04': '20261225',
  });
  assert.equal(readQrFields(top.get('62') as string).get('01'), 'B202611-000123');
  // The CRC covers everything up to and including its own id and length.
  assert.ok(qr.endsWith(`6304${top.get('63')}`));
  assert.equal(top.get('63'), crc16CcittFalse(qr.slice(0, -4)));
  assert.match(top.get('63') as string, /^[0-9A-F]{4}$/);
});

test('whole dollars and cents are written with two decimals', () => {
  assert.equal(readQrFields(payNowQr({ ...input, amountCents: 1000 })).get('54'), '10.00');
  assert.equal(readQrFields(payNowQr({ ...input, amountCents: 5 })).get('54'), '0.05');
});

test('a QR is refused for no amount, a bad UEN or a reference a bank cannot carry', () => {
  assert.throws(() => payNowQr({ ...input, amountCents: 0 }), RangeError);
  assert.throws(() => payNowQr({ ...input, amountCents: 12.5 }), RangeError);
  assert.throws(() => payNowQr({ ...input, uen: 'not-a-uen' }), RangeError);
  assert.throws(() => payNowQr({ ...input, reference: 'x'.repeat(26) }), RangeError);
  assert.throws(() => payNowQr({ ...input, reference: 'B1;DROP' }), RangeError);
});
