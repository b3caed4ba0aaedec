import { escapeXml } from '../errors.ts';

/** BIR1.1's SOAP 1.2 envelopes (WS-Addressing To and Action in the header), as GUS's documentation gives them. */

export const NS_PUBL = 'http://CIS/BIR/PUBL/2014/07';
export const NS_BIR = 'http://CIS/BIR/2014/07';
export const NS_DATA = 'http://CIS/BIR/PUBL/2014/07/DataContract';

export const ACTIONS = {
  Zaloguj: `${NS_PUBL}/IUslugaBIRzewnPubl/Zaloguj`,
  Wyloguj: `${NS_PUBL}/IUslugaBIRzewnPubl/Wyloguj`,
  DaneSzukajPodmioty: `${NS_PUBL}/IUslugaBIRzewnPubl/DaneSzukajPodmioty`,
  DanePobierzPelnyRaport: `${NS_PUBL}/IUslugaBIRzewnPubl/DanePobierzPelnyRaport`,
  GetValue: `${NS_BIR}/IUslugaBIR/GetValue`,
} as const;
export type GusOperation = keyof typeof ACTIONS;

export function envelope(url: string, operation: GusOperation, body: string): string {
  return (
    `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:ns="${NS_PUBL}" ` +
    `xmlns:dat="${NS_DATA}" xmlns:bir="${NS_BIR}">` +
    `<soap:Header xmlns:wsa="http://www.w3.org/2005/08/addressing">` +
    `<wsa:To>${escapeXml(url)}</wsa:To><wsa:Action>${ACTIONS[operation]}</wsa:Action></soap:Header>` +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

export const bodies = {
  Zaloguj: (key: string) => `<ns:Zaloguj><ns:pKluczUzytkownika>${escapeXml(key)}</ns:pKluczUzytkownika></ns:Zaloguj>`,
  Wyloguj: (sid: string) =>
    `<ns:Wyloguj><ns:pIdentyfikatorSesji>${escapeXml(sid)}</ns:pIdentyfikatorSesji></ns:Wyloguj>`,
  DaneSzukajPodmioty: (nip: string) =>
    `<ns:DaneSzukajPodmioty><ns:pParametryWyszukiwania><dat:Nip>${escapeXml(nip)}</dat:Nip>` +
    `</ns:pParametryWyszukiwania></ns:DaneSzukajPodmioty>`,
  DanePobierzPelnyRaport: (regon: string, report: string) =>
    `<ns:DanePobierzPelnyRaport><ns:pRegon>${escapeXml(regon)}</ns:pRegon>` +
    `<ns:pNazwaRaportu>${escapeXml(report)}</ns:pNazwaRaportu></ns:DanePobierzPelnyRaport>`,
  GetValue: (name: string) =>
    `<bir:GetValue><bir:pNazwaParametru>${escapeXml(name)}</bir:pNazwaParametru></bir:GetValue>`,
};
