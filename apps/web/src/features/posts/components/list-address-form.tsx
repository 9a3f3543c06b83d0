import type { ComponentProps } from 'react';
import styles from './list-address-form.module.css';

type ListAddressFormProps = Omit<ComponentProps<'form'>, 'method' | 'action'> & {
  /** The list's path (the forum's). */
  action: string;
  /** The address's other parameters, which the form's own control leaves as they are. */
  keep: URLSearchParams;
};

/**
 * A control of the forum's list as a GET form of its address (issue 32): the browser submits it
 * by itself before the app has hydrated the server's page, and the server renders the address it
 * leads to; once hydrated, the control's handler prevents that and changes the address in-app.
 * Without a class of its own it takes no room (its controls lay out as if it were not there).
 */
export function ListAddressForm({
  action,
  keep,
  className,
  children,
  ...form
}: ListAddressFormProps) {
  return (
    <form method="get" action={action} className={className ?? styles.contents} {...form}>
      {[...keep].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
