import type { ComponentProps } from 'react';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH } from '@symposia/shared';
import { TextField } from './text-field';

/** The contacts a member may give, at registration and in their settings, in this order. */
export const CONTACT_KINDS = ['email', 'phone'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

// Wherever a contact is asked for it is typed, filled in and limited alike (the limits are the
// server's: @symposia/shared).
const CONTACT_INPUTS = {
  email: { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX_LENGTH },
  phone: { type: 'tel', autoComplete: 'tel', maxLength: PHONE_MAX_LENGTH },
} as const;

type ContactFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'type' | 'autoComplete' | 'maxLength'
> & {
  kind: ContactKind;
};

/** The text field of one contact: an email address or a phone number. */
export function ContactField({ kind, ...fieldProps }: ContactFieldProps) {
  return <TextField {...CONTACT_INPUTS[kind]} {...fieldProps} />;
}
