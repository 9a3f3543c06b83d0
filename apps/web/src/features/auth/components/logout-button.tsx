import { useLogout } from '../api/logout';

export function LogoutButton() {
  const logout = useLogout();
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
    >
      {logout.isPending ? 'Logging out…' : 'Logout'}
    </button>
  );
}
