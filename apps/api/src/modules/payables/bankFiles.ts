import iconv from 'iconv-lite';
import { create } from 'xmlbuilder2';

/**
 * Issue 38: a transfer batch written as the file a Polish bank imports.
 *
 * Elixir-O ('PLI'): one record a line (CRLF), 16 comma-separated fields, text fields in double quotes, multi-line text
 * as up to 4 lines of 35 characters joined with '|', amounts in grosze, Windows-1250. The layout is the one the banks'
 * import descriptions share (PKO BP 'Struktura pliku wejściowego ipko biznes ELIXIR-O', mBank, ING, Pekao, Santander):
 *   1 message type 110 · 2 execution date YYYYMMDD · 3 amount in grosze · 4 the payer's bank sort code (8 digits) ·
 *   5 0 · 6 "payer's account" · 7 "payee's account" · 8 "payer's name and address" · 9 "payee's name and address" ·
 *   10 0 · 11 the payee's bank sort code · 12 "title" · 13 "" · 14 "" · 15 "classification" (51 a transfer, 53 a
 *   split payment) · 16 "reference".
 *
 * pain.001.001.03 (ISO 20022 CustomerCreditTransferInitiationV03): one PmtInf per currency (and per MPP), SEPA
 * service level for EUR, none for PLN (as the ZBP's recommendation for domestic transfers describes), each transfer
 * a CdtTrfTxInf with its end-to-end id, creditor account as IBAN and the title as unstructured remittance.
 */

export type BankFileLine = {
  reference: string;
  account: string;
  amount: number;
  currency: string;
  title: string;
  mpp: boolean;
  payeeName: string;
  payeeAddress: string[];
  payeeCountry: string;
};

export type BankFileBatch = {
  id: string;
  executionDate: string;
  createdAt: string;
  payer: { name: string; address: string[]; account: string; nip: string };
  lines: BankFileLine[];
};

/**
 * The characters a bank takes in Elixir-O text: Polish letters kept, quotes and the line separator replaced (a comma
 * is safe inside a quoted field: the MPP title's amount has one).
 */
export function elixirText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/["|\r\n\t]/g, ' ')
    .replace(/[^\x20-\x7EąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Up to 4 lines of 35 characters, joined with '|' (the bank's multi-line field). */
export function elixirLines(parts: string[], maxLines = 4): string {
  const lines: string[] = [];
  for (const part of parts.map(elixirText).filter(Boolean)) {
    let rest = part;
    while (rest.length > 0 && lines.length < maxLines) {
      lines.push(rest.slice(0, 35));
      rest = rest.slice(35).trim();
    }
  }
  return lines.slice(0, maxLines).join('|');
}

/** A Polish NRB (26 digits) of an account given as PL IBAN or NRB. */
export const nrbOf = (account: string) => account.replace(/\s/g, '').replace(/^PL/i, '');
/** The bank's sort code: digits 3–10 of the NRB. */
export const sortCodeOf = (account: string) => nrbOf(account).slice(2, 10);

export function elixirRecord(batch: BankFileBatch, line: BankFileLine): string {
  const quote = (v: string) => `"${v}"`;
  return [
    '110',
    batch.executionDate.replaceAll('-', ''),
    String(line.amount),
    sortCodeOf(batch.payer.account),
    '0',
    quote(nrbOf(batch.payer.account)),
    quote(nrbOf(line.account)),
    quote(elixirLines([batch.payer.name, ...batch.payer.address])),
    quote(elixirLines([line.payeeName, ...line.payeeAddress])),
    '0',
    sortCodeOf(line.account),
    // The MPP title is one line as the banks read it (the /VAT/…/TXT/ form), else up to 4 lines of 35.
    quote(line.mpp ? elixirText(line.title).slice(0, 140) : elixirLines([line.title])),
    quote(''),
    quote(''),
    quote(line.mpp ? '53' : '51'),
    quote(elixirText(line.reference).slice(0, 35)),
  ].join(',');
}

/** The Elixir-O file (PLN lines only), Windows-1250, CRLF after each record. */
export function elixirFile(batch: BankFileBatch): Buffer {
  const text = batch.lines
    .filter((l) => l.currency === 'pln')
    .map((l) => `${elixirRecord(batch, l)}\r\n`)
    .join('');
  return iconv.encode(text, 'win1250');
}

/** Parses an Elixir-O file back into its records' fields (the test's reader, and a check before sending). */
export function parseElixir(file: Buffer): string[][] {
  const text = iconv.decode(file, 'win1250');
  return text
    .split('\r\n')
    .filter((l) => l.length > 0)
    .map((line) => {
      const fields: string[] = [];
      let i = 0;
      while (i <= line.length) {
        if (line[i] === '"') {
          const end = line.indexOf('"', i + 1);
          fields.push(line.slice(i + 1, end));
          i = end + 2;
        } else {
          const end = line.indexOf(',', i);
          const stop = end === -1 ? line.length : end;
          fields.push(line.slice(i, stop));
          i = stop + 1;
        }
      }
      return fields;
    });
}

const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);
const iban = (account: string) => {
  const compact = account.replace(/\s/g, '').toUpperCase();
  return /^\d{26}$/.test(compact) ? `PL${compact}` : compact;
};
/** pain.001's Max140Text/Max70Text: the SEPA character set (Polish letters are taken by the Polish banks). */
const xmlText = (value: string, max: number) => elixirText(value).slice(0, max);

/** The pain.001.001.03 document, UTF-8. */
export function pain001File(batch: BankFileBatch): Buffer {
  const groups = new Map<string, BankFileLine[]>();
  for (const line of batch.lines) {
    const key = `${line.currency}:${line.mpp ? 'mpp' : 'std'}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const sum = (lines: BankFileLine[]) => decimal(lines.reduce((s, l) => s + l.amount, 0));
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03',
    'Document',
  );
  const init = doc.ele('CstmrCdtTrfInitn');
  const header = init.ele('GrpHdr');
  header.ele('MsgId').txt(batch.id.replaceAll('-', '').slice(0, 35));
  header.ele('CreDtTm').txt(batch.createdAt.slice(0, 19));
  header.ele('NbOfTxs').txt(String(batch.lines.length));
  header.ele('CtrlSum').txt(sum(batch.lines));
  header.ele('InitgPty').ele('Nm').txt(xmlText(batch.payer.name, 140));
  let n = 0;
  for (const [key, lines] of groups) {
    const [currency, kind] = key.split(':') as [string, string];
    const info = init.ele('PmtInf');
    info.ele('PmtInfId').txt(`${batch.id.replaceAll('-', '').slice(0, 28)}-${++n}`);
    info.ele('PmtMtd').txt('TRF');
    info.ele('NbOfTxs').txt(String(lines.length));
    info.ele('CtrlSum').txt(sum(lines));
    if (currency === 'eur' || kind === 'mpp') {
      const type = info.ele('PmtTpInf');
      if (currency === 'eur') type.ele('SvcLvl').ele('Cd').txt('SEPA');
      // The Polish banks' split payment: category purpose as their pain.001 descriptions name it.
      if (kind === 'mpp') type.ele('CtgyPurp').ele('Prtry').txt('MPP');
    }
    info.ele('ReqdExctnDt').txt(batch.executionDate);
    const debtor = info.ele('Dbtr');
    debtor.ele('Nm').txt(xmlText(batch.payer.name, 70));
    const address = debtor.ele('PstlAdr');
    address.ele('Ctry').txt('PL');
    for (const part of batch.payer.address.slice(0, 2)) address.ele('AdrLine').txt(xmlText(part, 70));
    info.ele('DbtrAcct').ele('Id').ele('IBAN').txt(iban(batch.payer.account));
    info.ele('DbtrAgt').ele('FinInstnId').ele('Othr').ele('Id').txt('NOTPROVIDED');
    info.ele('ChrgBr').txt(currency === 'eur' ? 'SLEV' : 'SHAR');
    for (const line of lines) {
      const tx = info.ele('CdtTrfTxInf');
      tx.ele('PmtId')
        .ele('EndToEndId')
        .txt(xmlText(line.reference, 35) || 'NOTPROVIDED');
      tx.ele('Amt').ele('InstdAmt', { Ccy: currency.toUpperCase() }).txt(decimal(line.amount));
      const creditor = tx.ele('Cdtr');
      creditor.ele('Nm').txt(xmlText(line.payeeName, 70) || 'Brak');
      if (line.payeeAddress.length) {
        const a = creditor.ele('PstlAdr');
        a.ele('Ctry').txt(line.payeeCountry || 'PL');
        for (const part of line.payeeAddress.slice(0, 2)) a.ele('AdrLine').txt(xmlText(part, 70));
      }
      tx.ele('CdtrAcct').ele('Id').ele('IBAN').txt(iban(line.account));
      tx.ele('RmtInf').ele('Ustrd').txt(xmlText(line.title, 140));
    }
  }
  return Buffer.from(doc.end({ prettyPrint: true }), 'utf8');
}
