/** @jsxRuntime automatic */
// The agent's card on the live page: headshot, name, tagline, bio and the ways to reach them (call, e-mail, website).
import type { LiveContext } from './sections';
import { LiveSection, Photo } from './parts';

/** A safe http(s) link for the agent's website, or null (never a javascript: or data: URL from a profile). */
export function websiteHref(website: string): string | null {
  const value = website.trim();
  if (!value) return null;
  const withScheme = /^https?:\/\//i.test(value) ? value : /^[a-z0-9.-]+\.[a-z]{2,}(\/.*)?$/i.test(value) ? `https://${value}` : null;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
export const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.length >= 7 ? `tel:${digits}` : null;
};
export const mailHref = (email: string) => (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email.trim()) ? `mailto:${email.trim()}` : null);

export function AgentCard({ ctx }: { ctx: LiveContext }) {
  const { frame, pictures, pdfUrl } = ctx;
  const { agent } = frame;
  const tel = telHref(agent.phone);
  const mail = mailHref(agent.email);
  const site = websiteHref(agent.website);
  return (
    <LiveSection id="agent" title="Your agent">
      <div className="agent">
        <Photo src={agent.headshot} alt={agent.name} pictures={pictures} className="agent__photo" width={72} height={72} />
        <div>
          <p className="agent__name">{agent.name}</p>
          {agent.tagline ? <p className="tagline">{agent.tagline}</p> : null}
          {agent.businessName ? <p className="small" style={{ margin: 0 }}>{agent.businessName}</p> : null}
          {agent.businessAddress ? <p className="small muted" style={{ margin: 0 }}>{agent.businessAddress}</p> : null}
          {agent.licence ? <p className="small muted" style={{ margin: 0 }}>{agent.licence}</p> : null}
        </div>
      </div>
      {agent.bioParagraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <div className="actions">
        {tel ? (
          <a className="button button--primary" href={tel}>
            Call {agent.phone}
          </a>
        ) : null}
        {mail ? (
          <a className="button" href={`${mail}?subject=${encodeURIComponent(`About ${frame.address}`)}`}>
            E-mail {agent.name}
          </a>
        ) : null}
        {site ? (
          <a className="button" href={site} rel="noopener noreferrer">
            Website
          </a>
        ) : null}
        <a className="button" href={pdfUrl}>
          Download PDF
        </a>
      </div>
    </LiveSection>
  );
}
