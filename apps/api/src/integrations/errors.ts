/**
 * An outside register that is not set up (a 409 saying what to set), did not answer (a 503 naming it) or answered an
 * error of its own (a 502 with its message).
 */
export class IntegrationError extends Error {
  constructor(
    readonly kind: 'not_configured' | 'unavailable' | 'limit' | 'refused',
    readonly service: string,
    message: string,
  ) {
    super(message);
  }
}

/** The XML entities a SOAP answer escapes its inner XML with. */
export const decodeXml = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');

export const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text of the first <tag> (any namespace prefix), decoded; '' for an empty one, null when absent. */
export function xmlText(xml: string, tag: string): string | null {
  const empty = new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?/>`).exec(xml);
  const full = new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${tag}>`).exec(xml);
  if (full && (!empty || full.index <= empty.index)) return decodeXml(full[1] ?? '');
  return empty ? '' : null;
}
