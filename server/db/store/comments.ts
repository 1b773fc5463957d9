import type { CommentRow, CommentStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { iso, rowReader, type Row } from './rows';

const toComment = (r: Row): CommentRow => ({
  id: Number(r.id),
  userId: String(r.user_id),
  productId: Number(r.product_id),
  text: String(r.text),
  createdAt: iso(r.created_at),
});

/** Many comments in one statement, ids given in the order of the records. */
const INSERT_COMMENTS = `INSERT INTO comments (user_id, product_id, text, created_at)
  SELECT user_id, product_id, text, created_at
  FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (user_id text, product_id int, text text, created_at timestamptz))
    WITH ORDINALITY AS c(user_id, product_id, text, created_at, position)
  ORDER BY position`;

export function commentStore(sql: Sql): CommentStore {
  const { one, many, existing } = rowReader(sql);
  return {
    listComments: (productId) => many(toComment, 'SELECT * FROM comments WHERE product_id = $1 ORDER BY id', [productId]),
    getComment: (id) => one(toComment, 'SELECT * FROM comments WHERE id = $1', [id]),
    async insertComment(comment) {
      return existing(toComment, 'INSERT INTO comments (user_id, product_id, text, created_at) VALUES ($1, $2, $3, $4) RETURNING *', [
        comment.userId,
        comment.productId,
        comment.text,
        comment.createdAt,
      ]);
    },
    async insertComments(comments) {
      if (comments.length === 0) return;
      const records = comments.map(({ userId, productId, createdAt, text }) => ({
        user_id: userId,
        product_id: productId,
        text,
        created_at: createdAt,
      }));
      await sql.query(INSERT_COMMENTS, [JSON.stringify(records)]);
    },
    async deleteComment(id) {
      await sql.query('DELETE FROM comments WHERE id = $1', [id]);
    },
  };
}
