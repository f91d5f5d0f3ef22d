import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Argon2id (the library's enum is a const enum, which isolated modules cannot read).
const options = { algorithm: 2 as Algorithm } as const;

export const hashPassword = (password: string) => hash(password, options);

// A real hash to verify against when the user does not exist, so both answers take the same time.
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy-password-for-timing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
