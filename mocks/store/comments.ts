import type { CommentRow, CommentStore } from '~/server/core/ports';
import type { Database } from '../db';
import { byId, nextId, where, type Entity } from './tables';

const toComment = (e: Entity<'comment'>): CommentRow => ({ ...e });

export function commentStore(db: Database): CommentStore {
  return {
    async listComments(productId) {
      return db.comment.findMany(where({ productId })).map(toComment);
    },
    async getComment(id) {
      const e = db.comment.findFirst(byId(id));
      return e ? toComment(e) : null;
    },
    async insertComment(comment) {
      const row: CommentRow = { ...comment, id: nextId(db.comment.getAll()) };
      db.comment.create(row);
      return row;
    },
    async insertComments(comments) {
      const first = nextId(db.comment.getAll());
      for (const [index, comment] of comments.entries()) db.comment.create({ ...comment, id: first + index });
    },
    async deleteComment(id) {
      db.comment.delete(byId(id));
    },
  };
}
