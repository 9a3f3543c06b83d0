/**
 * Comment drafts kept in session storage, per post and per comment replied to, so the text a person
 * typed survives the sign-in a 401 asks for, and a reload of the tab (spec §6). Storage can be
 * unavailable (private mode, quota): then drafts only live as long as the editor, and nothing throws.
 */

const PREFIX = 'symposia.commentDraft';

/** `parentId` null is the post's own comment box. */
export function draftKey(postId: string, parentId: string | null): string {
  return `${PREFIX}:${postId}:${parentId ?? 'post'}`;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): string | null {
  try {
    return session()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores the text; an empty one (or only the '@name' the box started with) removes the draft. */
export function writeDraft(key: string, text: string, prefix = ''): void {
  try {
    if (text.trim() === '' || text === prefix) session()?.removeItem(key);
    else session()?.setItem(key, text);
  } catch {
    // A draft that cannot be kept is only lost on reload.
  }
}

export function clearDraft(key: string): void {
  try {
    session()?.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}
