// argon2id through Bun.password. Verifying against a fixed decoy hash for unknown e-mails
// makes "no such user" cost the same time as "wrong password".
export class PasswordHasher {
  private decoy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return Bun.password.hash(password, { algorithm: 'argon2id' });
  }

  verify(password: string, hash: string): Promise<boolean> {
    return Bun.password.verify(password, hash, 'argon2id');
  }

  /** Spends the time of a real verification and always fails. */
  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= this.hash(crypto.randomUUID());
    await this.verify(password, await this.decoy);
    return false;
  }
}
