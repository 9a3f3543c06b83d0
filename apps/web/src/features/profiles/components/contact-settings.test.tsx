import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactSettings } from './contact-settings';

describe('ContactSettings', () => {
  it('saves email, then phone: the phone is sent only once the email is answered', async () => {
    const order: string[] = [];
    let answerEmail: () => void = () => undefined;
    const onSaveEmail = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          order.push('email sent');
          answerEmail = () => {
            order.push('email answered');
            resolve();
          };
        }),
    );
    const onSavePhone = vi.fn(async () => {
      order.push('phone sent');
    });
    render(
      <ContactSettings
        email=""
        emailVerified={false}
        phone=""
        onSaveEmail={onSaveEmail}
        onSavePhone={onSavePhone}
        onResendVerification={vi.fn()}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Edit contact information' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.org');
    await userEvent.type(screen.getByLabelText('Phone'), '+44 20 7946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSaveEmail).toHaveBeenCalledWith('ada@example.org');
    expect(onSavePhone).not.toHaveBeenCalled();
    answerEmail();
    await vi.waitFor(() => expect(onSavePhone).toHaveBeenCalledWith('+44 20 7946 0000'));
    expect(order).toEqual(['email sent', 'email answered', 'phone sent']);
    expect(await screen.findByRole('button', { name: 'Edit contact information' })).toBeVisible();
  });

  it('Escape cancels the edit and gives the keyboard back to Edit', async () => {
    render(
      <ContactSettings
        email="ada@example.org"
        emailVerified
        phone=""
        onSaveEmail={vi.fn()}
        onSavePhone={vi.fn()}
        onResendVerification={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit contact information' }));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'other@example.org');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByText('ada@example.org')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit contact information' })).toHaveFocus();
  });

  it('says whether the address is verified, and sends its link again on request', async () => {
    let answer: () => void = () => undefined;
    const onResendVerification = vi.fn(
      () => new Promise<void>((resolve) => (answer = () => resolve())),
    );
    const props = {
      email: 'ada@example.org',
      phone: '',
      onSaveEmail: vi.fn(),
      onSavePhone: vi.fn(),
      onResendVerification,
    };
    const { rerender } = render(<ContactSettings {...props} emailVerified={false} />);
    expect(screen.getByText('Not verified')).toBeVisible();
    const resend = screen.getByRole('button', { name: 'Resend verification' });
    await userEvent.click(resend);
    expect(onResendVerification).toHaveBeenCalledTimes(1);
    // While it is sent, the button says so and cannot be pressed again.
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer();
    expect(
      await screen.findByText('We sent a verification link to your email address.'),
    ).toBeVisible();

    rerender(<ContactSettings {...props} emailVerified />);
    expect(screen.getByText('Verified')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend verification' })).toBeNull();
  });

  it('offers no verification without an address', () => {
    render(
      <ContactSettings
        email=""
        emailVerified={false}
        phone=""
        onSaveEmail={vi.fn()}
        onSavePhone={vi.fn()}
        onResendVerification={vi.fn()}
      />,
    );
    expect(screen.queryByText('Not verified')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification' })).toBeNull();
  });
});
