import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changePasswordFormSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ChangePasswordBody,
} from '@symposia/shared';
import { messageText } from '@/components/errors/message-text';
import { errorsByField, focusFirstError, type FieldIssue } from '@/components/ui/form/field-errors';
import { TextField } from '@/components/ui/form/text-field';
import { SettingsFormSection } from '@/components/ui/settings-section/settings-form-section';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { updateFailureDetails } from '../utils/update-failure';
import styles from '@/components/ui/settings-section/settings-section.module.css';

type Field = 'old_password' | 'new_password' | 'confirm_password';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { old_password: '', new_password: '', confirm_password: '' };
const FIELDS: readonly Field[] = ['old_password', 'new_password', 'confirm_password'];

type PasswordSettingsProps = {
  /** Sends the change; resolves once the server has accepted it. */
  onChangePassword: (body: ChangePasswordBody) => Promise<unknown>;
  /** False for an account made by signing in with ORCID: it has no password to change. */
  hasPassword?: boolean;
};

/**
 * Change password in the settings panel: the current password, the new one twice. The form is
 * checked with the shared schema before anything is sent; the server's refusals (a wrong current
 * password, a common new one) are shown at their field and in an error toast. Success closes the
 * form with a toast saying the other sessions were signed out.
 */
export function PasswordSettings({ onChangePassword, hasPassword = true }: PasswordSettingsProps) {
  const { t, i18n } = useTranslation(['profiles', 'messages']);
  // A field's error is kept as written (the shared schema's or the server's English) and shown in
  // the reader's language when it is one of the product's messages.
  const errorOf = (field: Field) => {
    const error = errors[field];
    return error ? messageText(i18n.t, error) : undefined;
  };
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const open = () => {
    setValues(EMPTY);
    setErrors({});
    setStatus('');
    setEditing(true);
  };

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setEditing(false);
  };

  const update = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Shows the errors and puts the keyboard on the first field at fault. */
  const showErrors = (issues: readonly FieldIssue[]) => {
    const next = errorsByField(issues, FIELDS);
    setErrors(next);
    focusFirstError(formRef.current, FIELDS, next);
  };

  const onSubmit = async () => {
    if (saving) return;
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(parsed.error.issues);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onChangePassword({
        old_password: parsed.data.old_password,
        new_password: parsed.data.new_password,
      });
      close();
      setStatus(t('messages:passwordChanged'));
      notify.success(t('messages:passwordChanged'));
    } catch (error) {
      notify.error(t('messages:changePasswordFailed'), updateFailureDetails(error));
      if (error instanceof ApiError) {
        showErrors(error.errors.map(({ field, message }) => ({ path: [field], message })));
      }
    } finally {
      setSaving(false);
    }
  };

  /** What the three fields have in common: a password input bound to its value and error. */
  const passwordField = (field: Field) => ({
    name: field,
    type: 'password',
    maxLength: PASSWORD_MAX_LENGTH,
    value: values[field],
    error: errorOf(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field)(event.target.value),
  });

  return (
    <SettingsFormSection
      heading={t('password.heading')}
      openLabel={hasPassword ? t('password.change') : undefined}
      onOpen={open}
      editing={editing}
      saving={saving}
      saveLabel={t('password.save')}
      savingLabel={t('saving')}
      cancelLabel={t('edit.cancel')}
      onSubmit={onSubmit}
      onCancel={close}
      formLabel={t('password.change')}
      formRef={formRef}
      description={hasPassword ? null : <p className={styles.description}>{t('password.none')}</p>}
      status={status}
    >
      <TextField
        label={t('password.current')}
        autoComplete="current-password"
        {...passwordField('old_password')}
        autoFocus
      />
      <TextField
        label={t('password.new')}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('password.newHint', { min: PASSWORD_MIN_LENGTH })}
        {...passwordField('new_password')}
      />
      <TextField
        label={t('password.confirm')}
        autoComplete="new-password"
        {...passwordField('confirm_password')}
      />
    </SettingsFormSection>
  );
}
