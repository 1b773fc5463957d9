import type { UserType } from '~/src/domain/types';
import type { UserRow, UserStore } from '~/server/core/ports';
import type { Database } from '../db';
import { byId, strict, where, type Entity } from './tables';

const toUser = (e: Entity<'user'>): UserRow => ({ ...e, type: e.type as UserType });

export function userStore(db: Database): UserStore {
  const users: UserStore = {
    async listUsers() {
      return db.user.getAll().map(toUser);
    },
    async getUser(id) {
      const e = db.user.findFirst(byId(id));
      return e ? toUser(e) : null;
    },
    async lockUser(id) {
      // Transactions here already run one at a time.
      return users.getUser(id);
    },
    async getUserByEmail(email) {
      const e = db.user.getAll().find((u) => u.email.toLowerCase() === email.toLowerCase());
      return e ? toUser(e) : null;
    },
    async getUserByUsername(username) {
      const e = db.user.getAll().find((u) => u.username.toLowerCase() === username.toLowerCase());
      return e ? toUser(e) : null;
    },
    async insertUser(user) {
      db.user.create(user);
      return user;
    },
    async updateUser(id, patch) {
      return toUser(db.user.update({ ...byId(id), data: patch, ...strict } as never) as Entity<'user'>);
    },
    async deleteUser(id) {
      const user = db.user.findFirst(byId(id));
      if (!user) return;
      for (const table of ['cart', 'comment', 'favorite', 'rating'] as const) {
        (db[table] as unknown as { deleteMany(q: object): void }).deleteMany(where({ userId: id }));
      }
      db.user.delete(byId(id));
      if (!db.deletedUser.findFirst(byId(id))) db.deletedUser.create({ id, email: user.email, deletedAt: new Date().toISOString() });
    },
    async wasDeleted(id, email) {
      return db.deletedUser.getAll().some((e) => e.id === id || e.email.toLowerCase() === email.toLowerCase());
    },
    async lockAdmins() {
      // Transactions here already run one at a time.
      return db.user
        .findMany(where({ type: 'Admin' }))
        .map((e) => e.id)
        .sort();
    },
  };
  return users;
}
