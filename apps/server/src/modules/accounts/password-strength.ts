import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';

// Password strength, on the server only (the dictionaries never reach the web bundle). Two checks, decisions 2002 and
// 3003: the ~49,000 most common passwords from breach corpora that zxcvbn-ts ships, compared case-insensitively (so
// "Password1" is as weak as "password1"), and zxcvbn's estimate of the guesses an attacker needs, with those and the
// English words, names and keyboard patterns it knows, and the account's own name and e-mail.

/** zxcvbn's score (0–4) a new password needs: 3 is its "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

let commonPasswords: Set<string> | undefined;
let estimator: ZxcvbnFactory | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonDictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** zxcvbn's score of the password (0 weakest … 4); `userInputs` (the account's name, e-mail) count as known words. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...commonDictionary, ...englishDictionary }, graphs: adjacencyGraphs });
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/)]).filter((word) => word.length >= 3);
  return estimator.check(password, inputs).score;
}
