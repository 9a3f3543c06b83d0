import { useTranslation } from 'react-i18next';
import { MAX_LENGTH } from '@symposia/shared';
import { TextField } from '@/components/ui/form/text-field';

type UsernameFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** The username of the sign-in and registration form, and of a new ORCID iD's account. */
export function UsernameField({ value, onChange, error }: UsernameFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('username')}
      name="username"
      autoComplete="username"
      required
      maxLength={MAX_LENGTH.username}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
