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
      <ContactSettings email="" phone="" onSaveEmail={onSaveEmail} onSavePhone={onSavePhone} />,
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
});
