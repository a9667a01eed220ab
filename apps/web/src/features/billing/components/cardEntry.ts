import type { CardResult } from '../order';

/** What the card page asks of a card form: turn what was entered into a provider token (null = not possible; the form shows why). */
export interface CardEntryHandle {
  tokenize(): Promise<CardResult | null>;
}
