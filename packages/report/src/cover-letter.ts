// The cover letter: a template with {client}, {address} and {agent} filled in per report. Pure text, no React.

/** The letter a report starts with when neither the report nor the agent's profile has its own. */
export const DEFAULT_COVER_LETTER = `Dear {client},

Thank you for the opportunity to prepare this comparative market analysis for {address}.

Pricing a home well is the most important decision of a sale. On the following pages you will find the recent sales most like your home, each adjusted feature by feature for the differences between them and your home, and the price range those sales support.

The analysis reflects the market as of today. I would be glad to walk you through it, answer your questions and talk about how we can present your home to the buyers most likely to pay the best price for it.

Sincerely,
{agent}`;

/** The placeholders a template may use, for the editor's hint. */
export const COVER_LETTER_PLACEHOLDERS = ['{client}', '{address}', '{agent}'] as const;

export interface CoverLetterValues {
  client: string;
  address: string;
  agent: string;
}

/** The template with its placeholders filled; an empty value reads naturally ("Dear Homeowner", "your agent"). */
export function fillCoverLetter(template: string, values: CoverLetterValues): string {
  const fill: Record<string, string> = {
    client: values.client.trim() || 'Homeowner',
    address: values.address.trim() || 'your home',
    agent: values.agent.trim() || 'Your agent',
  };
  return template.replace(/\{(client|address|agent)\}/gi, (_m, key: string) => fill[key.toLowerCase()]!).trim();
}
