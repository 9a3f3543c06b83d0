/** A comment as every reader sees it, with its author. */
export interface Comment {
  id: string;
  postId: string;
  userId: string;
  username: string;
  avatar: string;
  content: string;
  imageUrl: string;
  createdAt: string;
  likes: number;
  level: number;
  parentId: string | null;
  rootId: string | null;
  replyCount: number;
  /** The author's last edit; null if never edited. */
  editedAt: string | null;
  /** Deleted but kept for its replies: shown as "[deleted]", without author or text. */
  deleted: boolean;
  /**
   * Hidden by the moderators, as its author and the moderators read it. Anyone else reads a
   * hidden comment as deleted (kept only for its replies).
   */
  hidden: boolean;
}

export interface NewComment {
  id: string;
  postId: string;
  userId: string;
  parentId: string | null;
  rootId: string | null;
  level: number;
  content: string;
  imageUrl: string;
  createdAt: string;
}

/** What threading needs to know of the comment being replied to. */
export interface ParentComment {
  id: string;
  postId: string;
  level: number;
  rootId: string | null;
  /** Who wrote it, and whether the moderators hid it: who may reply to it depends on both. */
  authorId: string;
  hidden: boolean;
}
