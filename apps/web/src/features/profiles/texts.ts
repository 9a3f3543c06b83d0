import { PASSWORD_MIN_LENGTH, PROFILE_SCREEN_TEXT, type SettingsField } from '@symposia/shared';

/** The spec's texts of the profile screens (one copy, in @symposia/shared). */
export const PROFILE_TEXTS = PROFILE_SCREEN_TEXT;

/** Wording of our own (not from the spec) for the profile screens. */
export const PROFILE_UI = {
  settings: 'Settings',
  changeAvatar: 'Change avatar',
  avatarFile: 'Avatar image file',
  uploadingAvatar: 'Uploading avatar…',
  saving: 'Saving…',
  notProvided: 'Not provided',
  noTitle: 'No title yet',
  noBio: 'No bio yet.',
  noPostsMine: 'You have not published anything yet.',
  noCommentsMine: 'You have not commented on any post yet.',
  noLikesMine: 'You have not liked any post yet.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  loadMoreFailed: 'The next page could not be loaded. Try again.',
  ownerOnlyNote: 'Only you can see this section; it is hidden from other members.',
  loginRequiredTitle: 'Author profile',
  contactSaved: 'Contact information saved',
  moveWindow: 'Move the settings window',
  moveWindowHint: 'Drag the title bar, or focus it and use the arrow keys, to move the window.',
  password: 'Password',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: `At least ${PASSWORD_MIN_LENGTH} characters, and not a commonly used password.`,
  confirmPassword: 'Confirm new password',
  savePassword: 'Save password',
} as const;

/** The five privacy switches (spec §3 settings), in the order the settings panel lists them. */
export const PRIVACY_SWITCHES: readonly { field: SettingsField; label: string; hint: string }[] = [
  {
    field: 'public_profile',
    label: 'Public profile',
    hint: 'Your title, bio and expertise on your author page.',
  },
  { field: 'public_posts', label: 'Public posts', hint: 'The list of your posts.' },
  {
    field: 'public_activities',
    label: 'Public activity',
    hint: 'Your recent posts, comments and likes.',
  },
  {
    field: 'public_statistics',
    label: 'Public statistics',
    hint: 'How many posts, comments and likes you have.',
  },
  {
    field: 'public_contact',
    label: 'Public contact information',
    hint: 'Your email, phone and website.',
  },
];
