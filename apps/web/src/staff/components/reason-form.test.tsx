import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import { StaffReasonForm } from './reason-form.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

describe('a staff action that takes a reason', () => {
  it('puts the agent in the reason box as it opens, and sends only a reason', async () => {
    const send = vi.fn(async () => ({ message: 'Unsuspend service successfully' }));
    const onDone = vi.fn();
    renderPage(
      <StaffReasonForm
        label="Reason to unsuspend"
        confirm="Confirm: unsuspend"
        send={send}
        onDone={onDone}
      />,
    );
    const reason = screen.getByRole('textbox', { name: 'Reason to unsuspend' });
    expect(document.activeElement).toBe(reason);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: unsuspend' }));
    expect(await screen.findByText(/required/)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: 'Customer called; identity checked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: unsuspend' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith('Customer called; identity checked');
  });
});
