import type { UserType } from '~/src/domain/types';
import type { UserRow, UserStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { assignments, iso, rowReader, type Row } from './rows';

const toUser = (r: Row): UserRow => ({
  id: String(r.id),
  username: String(r.username),
  email: String(r.email),
  type: r.type as UserType,
  img: r.img === null ? null : String(r.img),
  createdAt: iso(r.created_at),
});

const USER_COLUMNS = { username: 'username', email: 'email', type: 'type', img: 'img' } as const;

/** The advisory lock that Admin changes take in turns. */
const ADMINS_LOCK = 727276;

export function userStore(sql: Sql): UserStore {
  const { one, many, existing } = rowReader(sql);
  return {
    listUsers: () => many(toUser, 'SELECT * FROM users ORDER BY created_at, id'),
    getUser: (id) => one(toUser, 'SELECT * FROM users WHERE id = $1', [id]),
    // KEY SHARE: a delete of the user waits; other writes of it (its type, its name) do not.
    lockUser: (id) => one(toUser, 'SELECT * FROM users WHERE id = $1 FOR KEY SHARE', [id]),
    getUserByEmail: (email) => one(toUser, 'SELECT * FROM users WHERE lower(email) = lower($1)', [email]),
    getUserByUsername: (username) => one(toUser, 'SELECT * FROM users WHERE lower(username) = lower($1)', [username]),
    async insertUser(user) {
      return existing(
        toUser,
        'INSERT INTO users (id, username, email, type, img, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [user.id, user.username, user.email, user.type, user.img, user.createdAt],
      );
    },
    async updateUser(id, patch) {
      const set = assignments(patch, USER_COLUMNS);
      return existing(toUser, `UPDATE users SET ${set.text} WHERE id = $1 RETURNING *`, [id, ...set.values]);
    },
    async deleteUser(id) {
      await sql.query(
        `WITH gone AS (DELETE FROM users WHERE id = $1 RETURNING id, email)
         INSERT INTO deleted_users (id, email) SELECT id, email FROM gone ON CONFLICT (id) DO NOTHING`,
        [id],
      );
    },
    async wasDeleted(id, email) {
      const rows = await sql.query('SELECT 1 FROM deleted_users WHERE id = $1 OR lower(email) = lower($2) LIMIT 1', [id, email]);
      return rows.length > 0;
    },
    async lockAdmins() {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK]);
      const rows = await sql.query<{ id: string }>("SELECT id FROM users WHERE type = 'Admin' ORDER BY id");
      return rows.map((r) => r.id);
    },
  };
}
