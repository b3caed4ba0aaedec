import type { components } from './openapi.d.ts';

/** The part of KSeF API 2.0 (open-api.json) the app uses; the types are generated from the same document. */
export type Schemas = components['schemas'];
export type PublicKeyCertificate = Schemas['PublicKeyCertificate'];
export type AuthChallenge = Schemas['AuthenticationChallengeResponse'];
export type AuthInit = Schemas['AuthenticationInitResponse'];
export type AuthStatus = Schemas['AuthenticationOperationStatusResponse'];
export type AuthTokens = Schemas['AuthenticationTokensResponse'];
export type OpenOnlineSessionRequest = Schemas['OpenOnlineSessionRequest'];
export type OpenOnlineSessionResponse = Schemas['OpenOnlineSessionResponse'];
export type SendInvoiceRequest = Schemas['SendInvoiceRequest'];
export type SessionInvoiceStatus = Schemas['SessionInvoiceStatusResponse'];
export type SessionInvoices = Schemas['SessionInvoicesResponse'];
export type InvoiceQueryFilters = Schemas['InvoiceQueryFilters'];
export type InvoiceMetadataPage = Schemas['QueryInvoicesMetadataResponse'];
export type InvoiceMetadata = Schemas['InvoiceMetadata'];

export type KsefClient = {
  readonly baseUrl: string;
  publicKeyCertificates(): Promise<PublicKeyCertificate[]>;
  challenge(): Promise<AuthChallenge>;
  authenticateWithToken(body: Schemas['InitTokenAuthenticationRequest']): Promise<AuthInit>;
  authStatus(referenceNumber: string, authenticationToken: string): Promise<AuthStatus>;
  redeem(authenticationToken: string): Promise<AuthTokens>;
  refresh(refreshToken: string): Promise<Schemas['AuthenticationTokenRefreshResponse']>;
  openOnlineSession(accessToken: string, body: OpenOnlineSessionRequest): Promise<OpenOnlineSessionResponse>;
  sendInvoice(accessToken: string, sessionRef: string, body: SendInvoiceRequest): Promise<{ referenceNumber: string }>;
  closeOnlineSession(accessToken: string, sessionRef: string): Promise<void>;
  invoiceStatus(accessToken: string, sessionRef: string, invoiceRef: string): Promise<SessionInvoiceStatus>;
  sessionInvoices(accessToken: string, sessionRef: string, continuationToken?: string): Promise<SessionInvoices>;
  invoiceUpo(accessToken: string, sessionRef: string, invoiceRef: string): Promise<string>;
  queryMetadata(
    accessToken: string,
    filters: InvoiceQueryFilters,
    page: { pageOffset: number; pageSize: number },
  ): Promise<InvoiceMetadataPage>;
  invoiceXml(accessToken: string, ksefNumber: string): Promise<string>;
};

/**
 * A failed call. `network`: no answer (refused, reset, timed out); otherwise the HTTP status with KSeF's exception
 * code and description (ExceptionResponse) and, for a 429, the seconds of Retry-After.
 */
export class KsefError extends Error {
  constructor(
    readonly kind: 'network' | 'http' | 'auth',
    readonly description: string,
    readonly status: number | null = null,
    readonly code: number | null = null,
    readonly retryAfter: number | null = null,
  ) {
    super(status ? `${status}${code ? ` ${code}` : ''} ${description}` : description);
    this.name = 'KsefError';
  }

  /** Worth trying again later: no answer, a server error, too many requests. */
  get retryable(): boolean {
    return this.kind === 'network' || this.status === 429 || (this.status !== null && this.status >= 500);
  }

  /** KSeF itself unreachable or failing (what offline mode is for), as opposed to refusing us. */
  get unavailable(): boolean {
    return this.kind === 'network' || (this.status !== null && this.status >= 500);
  }
}
