/** An NBP table A mid rate: the rate in ten-thousandths of a złoty (NBP's four decimals), its table and its day. */
export type NbpRate = { rate: number; table: string; date: string };

/** EUR rates of the National Bank of Poland; null when NBP cannot be asked (offline) or has no rate. */
export type ExchangeRateService = {
  /** The table A mid rate of the last business day before `day` (YYYY-MM-DD): art. 31a of the VAT act. */
  eurBefore(day: string): Promise<NbpRate | null>;
  /** The latest published table A mid rate. */
  latestEur(): Promise<NbpRate | null>;
};

/** 'YYYY-MM-DD' plus `days` (negative to go back), in calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
