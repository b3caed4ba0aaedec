/** The part of mt940js (no published types) the statement import uses. */
declare module 'mt940js' {
  export type Transaction = { date: Date; amount: number; currency: string; details: string };
  export type Statement = { accountIdentification: string; currency: string; transactions: Transaction[] };
  export class Parser {
    parse(text: string): Statement[];
  }
  const mt940: { Parser: typeof Parser };
  export default mt940;
}
