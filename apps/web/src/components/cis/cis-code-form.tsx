import { Button, Group, Text, TextInput } from '@mantine/core';
import { cisEmailSchema, cisOtpSchema } from '@selfcare/domain/order';
import { useState } from 'react';
import { call, reloadSessionUser } from '../../lib/api.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { notifySuccess } from '../ui/notify.ts';

/** checkCIS by company email, then checkOTP with the code that was sent there. */
const sendCisCode = (email: string) => call('POST /cis/checkCIS', { body: { email } });
const checkCisCode = (email: string, otp: string) => call('POST /cis/checkOTP', { body: { email, otp } });

/**
 * CIS eligibility by a code sent to a company email address: the address, then the code, then what
 * the check answered. Passing renews the session (its CIS types changed) before `onPassed` runs, so
 * the plans the customer may take are read again. The order wizard and /profile/checkCIS use it.
 */
export function CisCodeForm({
  labels,
  onPassed,
}: {
  labels: { email: string; sendCode: string; code: string; check: string };
  onPassed: () => Promise<unknown>;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const emailForm = useZodForm(cisEmailSchema, { email: '' });
  const codeForm = useZodForm(cisOtpSchema, { email: '', otp: '' });

  const send = emailForm.submit(async ({ email }) => {
    const res = await sendCisCode(email);
    setSentTo(email);
    codeForm.setField('email', email);
    setNotice(res.message);
  });
  const check = codeForm.submit(async ({ email, otp }) => {
    const res = await checkCisCode(email, otp);
    notifySuccess(res.message);
    setSentTo(null);
    setNotice(res.message);
    await reloadSessionUser();
    await onPassed();
  });

  return (
    <>
      <form onSubmit={send} noValidate>
        <Group align="flex-end">
          <TextInput
            label={labels.email}
            type="email"
            autoComplete="work email"
            value={emailForm.values.email}
            onChange={(e) => emailForm.setField('email', e.currentTarget.value)}
            error={emailForm.errors.email ?? emailForm.formError}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" variant="outline">
            {labels.sendCode}
          </Button>
        </Group>
      </form>
      {sentTo && (
        <form onSubmit={check} noValidate>
          <Group align="flex-end" mt="sm">
            <TextInput
              label={labels.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={codeForm.values.otp}
              onChange={(e) => codeForm.setField('otp', e.currentTarget.value)}
              error={codeForm.errors.otp ?? codeForm.errors.email ?? codeForm.formError}
            />
            <Button type="submit">{labels.check}</Button>
          </Group>
        </form>
      )}
      {notice && (
        <Text mt="sm" role="status">
          {notice}
        </Text>
      )}
    </>
  );
}
