import type { DeviceClass } from './report-links.repository';

// Link-preview fetchers, crawlers, mail scanners and scripts open links without a person looking: not a view.
const AUTOMATED = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|telegram|skype|discord|slack|linkedin|headless|lighthouse|curl|wget|python|go-http|node-fetch|undici|axios|java\/|okhttp|scanner|proofpoint|mimecast|barracuda/i;
const TABLET = /ipad|tablet|kindle|silk|playbook|android(?!.*mobi)/i;
const PHONE = /mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i;

/** The device class of a user agent; null when no person is looking (a bot, a preview, a script, no user agent). */
export function deviceClassOf(userAgent: string | undefined): DeviceClass | null {
  if (!userAgent || AUTOMATED.test(userAgent)) return null;
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  return 'desktop';
}
