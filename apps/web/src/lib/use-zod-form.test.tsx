import { passwordLoginSchema } from '@selfcare/domain';
import { addressSchema } from '@selfcare/domain/schemas/delivery';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from './api.ts';
import { useZodForm } from './use-zod-form.ts';

type Login = { email: string; password: string };

/** A login form on the hook, drawn the way the portal's fields draw `fieldProps`. */
function LoginForm({ onValid }: { onValid: (data: Login) => unknown }) {
  const form = useZodForm(passwordLoginSchema, { email: '', password: '' });
  const field = (key: keyof Login, label: string) => {
    const { error, ...props } = form.fieldProps(key);
    return (
      <div>
        <label>
          {label}
          <input {...props} aria-invalid={error ? 'true' : 'false'} />
        </label>
        {error && <p>{error}</p>}
      </div>
    );
  };
  return (
    <form noValidate onSubmit={form.submit(onValid)}>
      {form.formError && <p role="alert">{form.formError}</p>}
      {field('email', 'Email')}
      {field('password', 'Password')}
      <button type="submit">Log in</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('useZodForm', () => {
  it("shows each field's problem under it, sends nothing and puts the cursor in the first field in error", async () => {
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} />);
    type('Password', 'Orchid#Road88');
    logIn();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(onValid).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' })));
  });

  it('clears the problem of a field as soon as it is changed, and only that one', () => {
    render(<LoginForm onValid={vi.fn()} />);
    logIn();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Email', 'm');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('hands over what the schema made of the input: here the email trimmed and in lower case', async () => {
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} />);
    type('Email', '  Mei.Ling@Example.COM ');
    type('Password', 'Orchid#Road88');
    logIn();
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: 'mei.ling@example.com', password: 'Orchid#Road88' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the field errors of a refused request under their fields, and any other error above the form', async () => {
    const onValid = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(422, 'Please check the highlighted fields', {
          fields: { email: 'This email is not registered' },
        }),
      )
      .mockRejectedValueOnce(new ApiError(429, 'Too many attempts. Please try again later.'));
    render(<LoginForm onValid={onValid} />);
    type('Email', 'mei@example.com');
    type('Password', 'Orchid#Road88');
    logIn();
    expect(await screen.findByText('This email is not registered')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
  });

  it('takes the message above the form away when the form is sent again', async () => {
    const onValid = vi
      .fn()
      .mockRejectedValueOnce(new Error('Request Failed'))
      .mockResolvedValueOnce(undefined);
    render(<LoginForm onValid={onValid} />);
    type('Email', 'mei@example.com');
    type('Password', 'Orchid#Road88');
    logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Request Failed');
    logIn();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the browser from sending the form itself', () => {
    render(<LoginForm onValid={vi.fn()} />);
    const form = screen.getByRole('button', { name: 'Log in' }).closest('form') as HTMLFormElement;
    expect(fireEvent.submit(form)).toBe(false);
  });
});

/** A form whose one field is an address, set whole as the address fields set it. */
function AddressForm() {
  const form = useZodForm(z.object({ delivery: addressSchema }), {
    delivery: { postalCode: '12', blockNumber: '', roadName: '', building: '', unitNumber: '' },
  });
  return (
    <form noValidate onSubmit={form.submit(() => {})}>
      {Object.values(form.errors).map((e) => (
        <p key={e}>{e}</p>
      ))}
      <button
        type="button"
        onClick={() =>
          form.setField('delivery', { ...form.values.delivery, blockNumber: '2', roadName: 'ORCHARD TURN' })
        }
      >
        Fill
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

describe('useZodForm with a field made of parts', () => {
  it('clears the problems of the parts that changed, and keeps the others', () => {
    render(<AddressForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Block / house number is required')).toBeTruthy();
    expect(screen.getByText('Street is required')).toBeTruthy();
    expect(screen.getByText('Postal code is invalid')).toBeTruthy();
    // Found by its postal code: block and street are filled in; the postal code is as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(screen.queryByText('Block / house number is required')).toBeNull();
    expect(screen.queryByText('Street is required')).toBeNull();
    expect(screen.getByText('Postal code is invalid')).toBeTruthy();
  });
});

const choices = z.object({
  reason: z.enum(['lost-device', 'travel'], 'Choose a reason'),
  understood: z.literal(true, 'Please confirm'),
  note: z.optional(z.nullable(z.string())),
  lines: z.array(z.object({ msisdn: z.string() })),
});

/** A form of a choice not made yet and a box not ticked yet, each set from its own control. */
function ChoiceForm({ onValid }: { onValid: (data: z.output<typeof choices>) => unknown }) {
  const form = useZodForm(choices, { reason: undefined, understood: false, note: null, lines: [] });
  const note = form.fieldProps('note');
  return (
    <form noValidate onSubmit={form.submit(onValid)}>
      <button type="button" onClick={() => form.setField('reason', 'travel')}>
        Travel
      </button>
      <label>
        I understand
        <input
          type="checkbox"
          checked={form.values.understood}
          onChange={(e) => form.setField('understood', e.currentTarget.checked)}
        />
      </label>
      <label>
        Note
        <input name={note.name} value={note.value} onChange={note.onChange} />
      </label>
      {form.errors.reason && <p>{form.errors.reason}</p>}
      {form.errors.understood && <p>{form.errors.understood}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useZodForm on choices and boxes to tick', () => {
  it("starts with nothing chosen, says so with the schema's texts, and hands over what was chosen", async () => {
    const onValid = vi.fn();
    render(<ChoiceForm onValid={onValid} />);
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Choose a reason')).toBeTruthy();
    expect(screen.getByText('Please confirm')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Travel' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'June' } });
    expect(screen.queryByText('Choose a reason')).toBeNull();
    expect(screen.queryByText('Please confirm')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ reason: 'travel', understood: true, note: 'June', lines: [] }),
    );
  });

  it("types the fields, their values and their problems' paths from the schema", () => {
    type Form = ReturnType<typeof useZodForm<typeof choices>>;
    expectTypeOf<Form['values']['reason']>().toEqualTypeOf<'lost-device' | 'travel' | undefined>();
    expectTypeOf<Form['values']['understood']>().toEqualTypeOf<boolean>();
    expectTypeOf<Parameters<Form['fieldProps']>[0]>().toEqualTypeOf<'note'>();
    expectTypeOf<ReturnType<Form['fieldProps']>['value']>().toEqualTypeOf<string>();
    expectTypeOf<keyof Form['errors']>().toEqualTypeOf<
      'reason' | 'understood' | 'note' | 'lines' | `lines.${number}` | `lines.${number}.msisdn` | 'form'
    >();
    const check = (form: Form) => {
      // @ts-expect-error: not one of the reasons
      form.setField('reason', 'holiday');
      // @ts-expect-error: no such field
      form.setField('reasons', 'travel');
      // @ts-expect-error: a choice is not text
      form.fieldProps('reason');
      // @ts-expect-error: no such field to be wrong
      return form.errors.reasons;
    };
    expect(check).toBeTypeOf('function');
  });
});
