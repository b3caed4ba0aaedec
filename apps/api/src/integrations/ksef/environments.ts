/** KSeF environments (srodowiska.md) and the QR link bases of each (kody-qr.md). */
export const KSEF_ENVIRONMENTS = {
  TEST: { apiUrl: 'https://api-test.ksef.mf.gov.pl/v2', qrUrl: 'https://qr-test.ksef.mf.gov.pl' },
  DEMO: { apiUrl: 'https://api-demo.ksef.mf.gov.pl/v2', qrUrl: 'https://qr-demo.ksef.mf.gov.pl' },
  PROD: { apiUrl: 'https://api.ksef.mf.gov.pl/v2', qrUrl: 'https://qr.ksef.mf.gov.pl' },
} as const;

export type KsefEnvironment = keyof typeof KSEF_ENVIRONMENTS;
export const KSEF_ENVIRONMENT_NAMES = Object.keys(KSEF_ENVIRONMENTS) as KsefEnvironment[];

/** KOD I: `{QR base}/invoice/{seller NIP}/{issue date DD-MM-RRRR}/{SHA-256 of the XML sent, Base64URL}`. */
export function invoiceQrLink(
  environment: KsefEnvironment,
  sellerNip: string,
  issueDate: string,
  sha256Base64: string,
) {
  const [y, m, d] = issueDate.split('-');
  const hash = sha256Base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${KSEF_ENVIRONMENTS[environment].qrUrl}/invoice/${sellerNip}/${d}-${m}-${y}/${hash}`;
}
