// The display helpers of spec §5, in one place. The amount and risk rules live in the pure valuation engine
// (the PDF and the CLI print them too); the web app re-exports them rather than keeping a second copy.
export { formatAmount, riskColour, type RiskColour } from '@cma/valuation';

/** Spec §5 phone helper: strips non-digits; exactly ten digits are shown as xxx-xxx-xxxx, anything else as the digits. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

/** What a 10-character phone input keeps of what was typed or pasted: its first ten digits, through the phone helper. */
export function limitPhoneInput(input: string, maxDigits = 10): string {
  return formatPhone(input.replace(/\D/g, '').slice(0, maxDigits));
}

/** The digits of a phone number, as the API wants them (spec §7: mobile_number digits only). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}
