/** The answer of VIES's check-vat-number: valid or not, with what the member state returned. */
export type ViesResult =
  | {
      state: 'valid' | 'invalid';
      countryCode: string;
      vatNumber: string;
      name: string | null;
      address: string | null;
      /** The consultation number (requestIdentifier), given when the requester's own VAT number is sent. */
      consultationNumber: string | null;
      requestDate: string | null;
    }
  /** The member state's service (MS_UNAVAILABLE, TIMEOUT, …) could not answer: 'nie można sprawdzić teraz'. */
  | { state: 'unavailable'; countryCode: string; vatNumber: string; error: string };

export type ViesClient = {
  check(
    countryCode: string,
    vatNumber: string,
    requester?: { countryCode: string; vatNumber: string },
  ): Promise<ViesResult>;
};

export const VIES_DEFAULT_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
