import { dictionary } from '@zxcvbn-ts/language-common';

// The ~49,000 most common passwords from breach corpora, as zxcvbn-ts ships them (decision 2002). Server side only:
// the list never reaches the web bundle. Compared case-insensitively, so "Password1" is as weak as "password1".
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
