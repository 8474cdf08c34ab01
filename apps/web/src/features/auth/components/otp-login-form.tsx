import { Button, Group, Input, PinInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Messages, OTP_LENGTH, OTP_RESEND_SECONDS, OtpMethod, otpRequestSchema } from '@selfcare/domain';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useGetOtpLogin } from '../api/get-otp-login.ts';
import { useLogin } from '../api/login.ts';

/** Mobile number and a one-time code sent by SMS or email. */
export function OtpLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(otpRequestSchema, { phoneNumber: '', method: OtpMethod.SMS });
  const sendCode = useGetOtpLogin();
  const login = useLogin();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const request = form.submit(async (data) => {
    const res = await sendCode.mutateAsync(data);
    setSentTo(data.phoneNumber);
    setCode('');
    setWait(OTP_RESEND_SECONDS);
    notifySuccess(res.message);
  });

  const verify = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setCodeError(Messages.otpComplete(OTP_LENGTH));
      return;
    }
    setCodeError(undefined);
    try {
      await login.mutateAsync({ phoneNumber: sentTo as string, otp: code });
      onLoggedIn();
    } catch (err) {
      setCodeError(err instanceof Error ? err.message : Messages.invalidOtp);
    }
  };

  return (
    <Stack>
      <form noValidate onSubmit={request}>
        <Stack>
          <FormError message={form.formError} />
          <TextInput
            label={t('login.phone')}
            description={t('login.phoneHint')}
            inputMode="tel"
            autoComplete="tel-national"
            required
            {...form.fieldProps('phoneNumber')}
          />
          <Radio.Group
            label={t('login.sendBy')}
            value={String(form.values.method)}
            onChange={(v) => form.setField('method', Number(v) as 0 | 1)}
          >
            <Group mt="xs">
              <Radio value={String(OtpMethod.SMS)} label={t('login.sms')} />
              <Radio value={String(OtpMethod.Email)} label={t('login.emailChannel')} />
            </Group>
          </Radio.Group>
          <Button
            type="submit"
            variant={sentTo ? 'light' : 'filled'}
            loading={sendCode.isPending}
            disabled={wait > 0}
          >
            {wait > 0
              ? t('login.resendIn', { seconds: wait })
              : sentTo
                ? t('login.resend')
                : t('login.sendCode')}
          </Button>
        </Stack>
      </form>
      {sentTo && (
        <form noValidate onSubmit={verify}>
          <Stack>
            <Input.Wrapper
              label={t('login.otp')}
              description={t('login.otpHint')}
              error={codeError && tm(codeError)}
              id="otp-code-label"
            >
              <PinInput
                length={OTP_LENGTH}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                error={!!codeError}
                getInputProps={(index) => ({
                  'aria-label': t('login.otpDigit', { n: index + 1, of: OTP_LENGTH }),
                })}
                mt="xs"
              />
            </Input.Wrapper>
            <Text size="sm" c="dimmed" aria-live="polite">
              {tm(form.values.method === OtpMethod.SMS ? Messages.otpSentSms : Messages.otpSentEmail)}
            </Text>
            <Button type="submit" loading={login.isPending}>
              {t('login.verify')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
