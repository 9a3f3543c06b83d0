import type { Visibility } from '@symposia/shared';
import { RadioCards, type RadioCardOption } from '../radio-cards/radio-cards';

const VISIBILITY_OPTIONS: readonly RadioCardOption<Visibility>[] = [
  { value: 'public', label: 'Public', hint: 'Everyone can find and read the post.' },
  { value: 'private', label: 'Private', hint: 'Only you can see the post.' },
];

type VisibilityFieldProps = {
  value: Visibility;
  onChange: (value: Visibility) => void;
  /** Extra class on the fieldset, e.g. to set --radio-card-basis. */
  className?: string;
};

/** A post's visibility as a pair of radio cards (Public, Private), each with its hint. */
export function VisibilityField({ value, onChange, className }: VisibilityFieldProps) {
  return (
    <RadioCards
      legend="Visibility"
      options={VISIBILITY_OPTIONS}
      value={value}
      onChange={onChange}
      className={className}
    />
  );
}
