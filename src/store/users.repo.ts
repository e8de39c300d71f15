import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { users } from './schema.ts';

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the user; null when the (already normalised) e-mail is taken. */
  async create(user: UserRecord): Promise<UserRecord | null> {
    const [created] = await this.db
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, passwordHash: users.passwordHash });
    return created ?? null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const [found] = await this.db
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    return found ?? null;
  }
}
