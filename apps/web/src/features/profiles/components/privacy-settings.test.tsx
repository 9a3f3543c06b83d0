import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type CurrentUser } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore, useAuth } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { useModifySettings } from '../api/modify-settings';
import { PrivacySettings } from './privacy-settings';

/** Wired as on My Page: the stored user's settings, saved through POST /modify/modify_settings. */
function Wired() {
  const { user } = useAuth();
  const modify = useModifySettings();
  if (!user) return null;
  return (
    <>
      <PrivacySettings
        settings={user.settings}
        onChange={(field, value) => modify.mutateAsync({ userId: user.id, field, value })}
      />
      <ToastHost />
    </>
  );
}

function sentFields(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(String(request.body)));
}

function withSetting(user: CurrentUser, body: Record<string, string>): CurrentUser {
  const settings = { ...user.settings };
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith('new_')) {
      settings[key.slice(4) as keyof typeof settings] = value === 'true';
    }
  }
  return { ...user, settings };
}

describe('PrivacySettings', () => {
  it('shows the five flags as switches in their stored state', () => {
    routeFetch({});
    authStore.signIn('tok', makeCurrentUser());
    renderWithProviders(<Wired />);

    expect(screen.getByRole('heading', { name: 'Privacy Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('switch')).toHaveLength(5);
    expect(screen.getByRole('switch', { name: 'Public profile' })).toBeChecked();
    for (const name of [
      'Public posts',
      'Public activity',
      'Public statistics',
      'Public contact information',
    ]) {
      expect(screen.getByRole('switch', { name })).not.toBeChecked();
    }
  });

  it('applies a change at once and sends just that flag', async () => {
    const user = userEvent.setup();
    let stored = makeCurrentUser({ id: 'u-1' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = routeFetch({
      'POST /modify/modify_settings': async (request) => {
        await gate;
        stored = withSetting(stored, sentFields(request));
        return jsonResponse(stored);
      },
    });
    authStore.signIn('tok', stored);
    renderWithProviders(<Wired />);

    await user.click(screen.getByRole('switch', { name: 'Public posts' }));

    expect(screen.getByRole('switch', { name: 'Public posts' })).toBeChecked();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(sentFields(requests[0]!)).toEqual({ user_id: 'u-1', new_public_posts: 'true' });

    release();
    await waitFor(() => expect(authStore.getState().user?.settings.public_posts).toBe(true));
    expect(screen.getByRole('switch', { name: 'Public posts' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Public profile' }));
    expect(sentFields(requests[1]!)).toEqual({ user_id: 'u-1', new_public_profile: 'false' });
    await waitFor(() => expect(authStore.getState().user?.settings.public_profile).toBe(false));
    expect(screen.getByRole('switch', { name: 'Public profile' })).not.toBeChecked();
  });

  it("reverts the switch and says 'Failed to update settings' when the call fails", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    routeFetch({
      'POST /modify/modify_settings': async () => {
        await gate;
        return jsonResponse({ detail: MESSAGES.internalError }, 500);
      },
    });
    authStore.signIn('tok', makeCurrentUser());
    renderWithProviders(<Wired />);

    await user.click(screen.getByRole('switch', { name: 'Public statistics' }));
    expect(screen.getByRole('switch', { name: 'Public statistics' })).toBeChecked();
    release();

    expect(await screen.findByText(MESSAGES.updateSettingsFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.internalError)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Public statistics' })).not.toBeChecked();
    expect(authStore.getState().user?.settings.public_statistics).toBe(false);
  });

  it('a second click on the same switch wins over the first answer', async () => {
    const user = userEvent.setup();
    let stored = makeCurrentUser();
    const { requests } = routeFetch({
      'POST /modify/modify_settings': (request) => {
        stored = withSetting(stored, sentFields(request));
        return jsonResponse(stored);
      },
    });
    authStore.signIn('tok', stored);
    renderWithProviders(<Wired />);

    const toggle = screen.getByRole('switch', { name: 'Public contact information' });
    await user.click(toggle);
    await user.click(toggle);

    expect(requests.map((request) => sentFields(request).new_public_contact)).toEqual([
      'true',
      'false',
    ]);
    await waitFor(() => expect(authStore.getState().user?.settings.public_contact).toBe(false));
    expect(toggle).not.toBeChecked();
  });
});
