import { Messages } from '@selfcare/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refused } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { OtpLoginForm } from './otp-login-form.tsx';

vi.mock('../../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

/** The OTP login, once the code has been sent to 8123 4567: the code's six digit boxes. */
async function codeSent(login: () => ReturnType<typeof ok>) {
  const server = fakeServer((req) =>
    req.path === '/api/v1/auth/getOTPLogin' ? ok(null, Messages.otpSentSms) : login(),
  );
  renderPage(<OtpLoginForm onLoggedIn={() => {}} />);
  fireEvent.change(screen.getByRole('textbox', { name: /^Mobile number/ }), {
    target: { value: '81234567' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  const type = (digits: string) => {
    for (const [i, d] of [...digits].entries())
      fireEvent.change(screen.getByRole('textbox', { name: `Digit ${i + 1} of 6` }), {
        target: { value: d },
      });
  };
  const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Log in with code' }));
  return { server, type, verify };
}

describe('the OTP login', () => {
  it("asks for the whole code with the spec's 'Complete typing the 6-digit OTP', and sends nothing", async () => {
    const { server, type, verify } = await codeSent(() => refused(401, Messages.otpIncorrect));
    type('123');
    verify();
    expect(await screen.findByText('Complete typing the 6-digit OTP')).toBeTruthy();
    expect(server.count('POST', '/api/v1/auth/login')).toBe(0);
  });

  it("shows the server's answer for a wrong code: 'The OTP is incorrect.'", async () => {
    const { server, type, verify } = await codeSent(() => refused(401, Messages.otpIncorrect));
    type('123456');
    verify();
    expect(await screen.findByText('The OTP is incorrect.')).toBeTruthy();
    await waitFor(() => expect(server.count('POST', '/api/v1/auth/login')).toBe(1));
  });
});
