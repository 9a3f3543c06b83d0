import { useTranslation } from 'react-i18next';
import type { Visibility } from '@symposia/shared';
import { RadioCards, type RadioCardOption } from '../radio-cards/radio-cards';

type VisibilityFieldProps = {
  value: Visibility;
  onChange: (value: Visibility) => void;
  /** Extra class on the fieldset, e.g. to set --radio-card-basis. */
  className?: string;
};

/** A post's visibility as a pair of radio cards (Public, Private), each with its hint. */
export function VisibilityField({ value, onChange, className }: VisibilityFieldProps) {
  const { t } = useTranslation('common');
  const options: readonly RadioCardOption<Visibility>[] = [
    { value: 'public', label: t('visibility.public'), hint: t('visibility.publicHint') },
    { value: 'private', label: t('visibility.private'), hint: t('visibility.privateHint') },
  ];
  return (
    <RadioCards
      legend={t('visibility.legend')}
      options={options}
      value={value}
      onChange={onChange}
      className={className}
    />
  );
}
