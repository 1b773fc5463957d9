export interface CommentRow {
  id: number;
  userId: string;
  productId: number;
  text: string;
  createdAt: string;
}

export interface CommentStore {
  listComments(productId: number): Promise<CommentRow[]>;
  getComment(id: number): Promise<CommentRow | null>;
  insertComment(comment: Omit<CommentRow, 'id'>): Promise<CommentRow>;
  /** Writes many comments in one statement, in the order given. */
  insertComments(comments: readonly Omit<CommentRow, 'id'>[]): Promise<void>;
  deleteComment(id: number): Promise<void>;
}
