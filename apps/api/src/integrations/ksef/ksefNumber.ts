/** KSeF numbers (faktury/numer-ksef.md): `NIP-RRRRMMDD-FFFFFFFFFFFF-CC`, CC the CRC-8 (poly 0x07, init 0) of the rest. */

export function crc8(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

export function makeKsefNumber(nip: string, date: Date, technical: string): string {
  const day = date.toISOString().slice(0, 10).replaceAll('-', '');
  const data = `${nip}-${day}-${technical.toUpperCase().padStart(12, '0').slice(-12)}`;
  return `${data}-${hex2(crc8(data))}`;
}

export function isValidKsefNumber(value: string): boolean {
  if (value.length !== 35 || !/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/.test(value)) return false;
  return hex2(crc8(value.slice(0, 32))) === value.slice(33);
}
