import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/logout';

export function LogoutButton() {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
    >
      {logout.isPending ? t('loggingOut') : t('logout')}
    </button>
  );
}
