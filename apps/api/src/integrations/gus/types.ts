/** A company as GUS's REGON register (BIR1.1) knows it. */
export type GusCompany = {
  nip: string;
  regon: string | null;
  name: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** 'nieznany': GUS found the company but its full report (the suspension) did not come. */
  status: 'aktywna' | 'zawieszona' | 'wykreślona' | 'nieznany';
  /** The day the activity was suspended or ended (YYYY-MM-DD). */
  endedOn: string | null;
};

/**
 * GUS's REGON register. `findByNip` answers null for a NIP GUS has no data on; it throws an IntegrationError
 * 'not_configured' without a key, 'unavailable' when GUS does not answer and 'refused' when it answers an error of
 * its own (ErrorCode other than 4, its message kept).
 */
export type GusClient = {
  findByNip(nip: string): Promise<GusCompany | null>;
  close(): Promise<void>;
};

/** GUS's addresses (BIR1.1) and the public key of its test environment. */
export const GUS_PRODUCTION_URL = 'https://wyszukiwarkaregon.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc';
export const GUS_TEST_URL = 'https://wyszukiwarkaregontest.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc';
export const GUS_TEST_KEY = 'abcde12345abcde12345';
