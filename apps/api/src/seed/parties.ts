import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { carriers, customers } from '../db/schema/index.ts';
import { inParallel, type Steps } from './bulk.ts';
import { pick, reserveIds } from './shipments.ts';

/** Realistic Polish and EU customers and carriers; at benchmark scale, many more generated in SQL. */

const CUSTOMERS = [
  {
    companyName: 'Meble Wójcik Sp. z o.o.',
    name: 'Krzysztof Wójcik',
    nip: '7831672591',
    phone: '618203344',
    email: 'zamowienia@meblewojcik.pl',
    streetAddress: 'ul. Fabryczna 12',
    postalCode: '62-020',
    city: 'Swarzędz',
    country: 'PL',
    acquiredBy: 'telefon',
  },
  {
    companyName: 'Stal-Hurt S.A.',
    name: 'Agnieszka Kowalczyk',
    nip: '6340197447',
    phone: '322504410',
    email: 'logistyka@stal-hurt.pl',
    streetAddress: 'ul. Hutnicza 5',
    postalCode: '40-241',
    city: 'Katowice',
    country: 'PL',
    acquiredBy: 'strona',
  },
  {
    companyName: 'Agro-Łódź Sp. j.',
    name: 'Marek Zając',
    nip: '7251801126',
    phone: '426301122',
    email: 'biuro@agrolodz.pl',
    streetAddress: 'ul. Rokicińska 160',
    postalCode: '92-412',
    city: 'Łódź',
    country: 'PL',
    acquiredBy: 'polecenie',
  },
  {
    companyName: 'Papiernia Kwidzyn Sp. z o.o.',
    name: 'Ewa Nowicka',
    nip: '5810008912',
    phone: '552793300',
    email: 'spedycja@papiernia-kwidzyn.pl',
    streetAddress: 'ul. Lotnicza 1',
    postalCode: '82-500',
    city: 'Kwidzyn',
    country: 'PL',
    acquiredBy: 'email',
  },
  {
    companyName: 'Okna-Pol Gdańsk',
    name: 'Tomasz Lis',
    nip: '5842637404',
    phone: '583445566',
    email: 'transport@oknapol.pl',
    streetAddress: 'ul. Elbląska 60',
    postalCode: '80-724',
    city: 'Gdańsk',
    country: 'PL',
    acquiredBy: 'telefon',
  },
  {
    companyName: 'Drobex Wrocław',
    name: 'Barbara Sikora',
    nip: '8992796896',
    phone: '713451200',
    email: 'drobex@drobex.pl',
    streetAddress: 'ul. Krakowska 180',
    postalCode: '52-015',
    city: 'Wrocław',
    country: 'PL',
    acquiredBy: 'strona',
  },
  {
    companyName: 'Bauhaus Logistik GmbH',
    name: 'Jürgen Becker',
    nip: 'DE811569869',
    phonePrefix: '49',
    phone: '3040506070',
    email: 'dispo@bauhaus-logistik.de',
    streetAddress: 'Hafenstraße 8',
    postalCode: '10557',
    city: 'Berlin',
    country: 'DE',
    language: 'Niemiecki',
    acquiredBy: 'email',
  },
  {
    companyName: 'Agrotrade s.r.o.',
    name: 'Petr Novák',
    nip: 'CZ27082440',
    phonePrefix: '420',
    phone: '602123456',
    email: 'petr.novak@agrotrade.cz',
    streetAddress: 'Průmyslová 11',
    postalCode: '602 00',
    city: 'Brno',
    country: 'CZ',
    language: 'Czeski',
    acquiredBy: 'polecenie',
  },
  {
    companyName: 'Transportes Ibéricos S.L.',
    name: 'María García',
    nip: 'ESB86561412',
    phonePrefix: '34',
    phone: '915550123',
    email: 'trafico@ibericos.es',
    streetAddress: 'Calle de Alcalá 200',
    postalCode: '28028',
    city: 'Madrid',
    country: 'ES',
    language: 'Hiszpański',
    acquiredBy: 'strona',
  },
  {
    companyName: 'Fromagerie du Nord SARL',
    name: 'Luc Moreau',
    nip: 'FR40303265045',
    phonePrefix: '33',
    phone: '320123456',
    email: 'expedition@fromagerie-nord.fr',
    streetAddress: '12 Rue de Lille',
    postalCode: '59000',
    city: 'Lille',
    country: 'FR',
    language: 'Francuski',
    acquiredBy: 'email',
  },
  {
    companyName: 'Holland Flowers B.V.',
    name: 'Daan de Vries',
    nip: 'NL810433941B01',
    phonePrefix: '31',
    phone: '297123456',
    email: 'logistics@hollandflowers.nl',
    streetAddress: 'Legmeerdijk 313',
    postalCode: '1431 GB',
    city: 'Aalsmeer',
    country: 'NL',
    language: 'Angielski',
    acquiredBy: 'telefon',
  },
  {
    companyName: 'Kovo-Žilina a.s.',
    name: 'Ján Horváth',
    nip: 'SK2020317068',
    phonePrefix: '421',
    phone: '415551234',
    email: 'doprava@kovozilina.sk',
    streetAddress: 'Priemyselná 3',
    postalCode: '010 01',
    city: 'Žilina',
    country: 'SK',
    language: 'Słowacki',
    acquiredBy: 'polecenie',
  },
];

const CARRIERS = [
  {
    companyName: 'Trans-Bud Mazur',
    name: 'Andrzej Mazur',
    nip: '8121845396',
    phone: '604111222',
    email: 'mazur@transbud.pl',
    city: 'Lublin',
    postalCode: '20-001',
    streetAddress: 'ul. Zemborzycka 40',
    country: 'PL',
    countries: ['PL', 'DE', 'NL', 'BE', 'FR'],
    maxCargoLength: 1360,
    maxCargoWidth: 248,
    maxCargoHeight: 270,
    maxCargoWeight: 2400,
    methodOfContact: 'telefon',
    accountNumber: 'PL27114020040000300201355387',
  },
  {
    companyName: 'Ekspres-Bus Kraków',
    name: 'Michał Pawlak',
    nip: '6792987343',
    phone: '605222333',
    email: 'dyspozytor@ekspresbus.pl',
    city: 'Kraków',
    postalCode: '31-564',
    streetAddress: 'ul. Mogilska 100',
    country: 'PL',
    countries: ['PL', 'CZ', 'SK', 'AT', 'HU'],
    maxCargoLength: 480,
    maxCargoWidth: 220,
    maxCargoHeight: 250,
    maxCargoWeight: 350,
    methodOfContact: 'telefon/email',
  },
  {
    companyName: 'Frigo-Log Poznań',
    name: 'Rafał Krawczyk',
    nip: '7822600592',
    phone: '606333444',
    email: 'chlodnie@frigolog.pl',
    city: 'Poznań',
    postalCode: '61-131',
    streetAddress: 'ul. Bałtycka 25',
    country: 'PL',
    countries: ['PL', 'DE', 'DK', 'SE', 'NO'],
    maxCargoLength: 1340,
    maxCargoWidth: 246,
    maxCargoHeight: 260,
    maxCargoWeight: 2200,
    methodOfContact: 'email',
  },
  {
    companyName: 'Balt-Cargo UAB',
    name: 'Tomas Kazlauskas',
    nip: 'LT100001919017',
    phonePrefix: '370',
    phone: '61234567',
    email: 'tomas@baltcargo.lt',
    city: 'Kaunas',
    postalCode: 'LT-44280',
    streetAddress: 'Savanorių pr. 187',
    country: 'LT',
    language: 'Litewski',
    countries: ['LT', 'LV', 'EE', 'PL', 'DE', 'FI'],
    maxCargoLength: 1360,
    maxCargoWidth: 248,
    maxCargoHeight: 300,
    maxCargoWeight: 2450,
    methodOfContact: 'telefon/email',
  },
  {
    companyName: 'Ukr-Trans TOV',
    name: 'Ołeh Kowalenko',
    nip: 'UA38512345',
    phonePrefix: '380',
    phone: '671234567',
    email: 'oleh@ukrtrans.ua',
    city: 'Lwów',
    postalCode: '79000',
    streetAddress: 'vul. Horodotska 174',
    country: 'UA',
    language: 'Ukraiński',
    countries: ['UA', 'PL', 'SK', 'HU', 'RO'],
    maxCargoLength: 1360,
    maxCargoWidth: 245,
    maxCargoHeight: 270,
    maxCargoWeight: 2400,
    methodOfContact: 'telefon',
  },
  {
    companyName: 'Spedition Hofmann GmbH',
    name: 'Klaus Hofmann',
    nip: 'DE129274202',
    phonePrefix: '49',
    phone: '8912345678',
    email: 'disposition@hofmann-spedition.de',
    city: 'München',
    postalCode: '80331',
    streetAddress: 'Landsberger Str. 300',
    country: 'DE',
    language: 'Niemiecki',
    countries: ['DE', 'AT', 'CH', 'IT', 'FR'],
    maxCargoLength: 1360,
    maxCargoWidth: 248,
    maxCargoHeight: 300,
    maxCargoWeight: 2500,
    methodOfContact: 'email',
  },
  {
    companyName: 'Autotrasporti Rossi S.r.l.',
    name: 'Giuseppe Rossi',
    nip: 'IT01114601006',
    phonePrefix: '39',
    phone: '0212345678',
    email: 'traffico@rossi-trasporti.it',
    city: 'Mediolan',
    postalCode: '20121',
    streetAddress: 'Via Milano 1',
    country: 'IT',
    language: 'Angielski',
    countries: ['IT', 'FR', 'ES', 'DE', 'AT'],
    maxCargoLength: 1360,
    maxCargoWidth: 248,
    maxCargoHeight: 270,
    maxCargoWeight: 2400,
    methodOfContact: 'telefon/email',
  },
  {
    companyName: 'Czech Cargo s.r.o.',
    name: 'Jana Dvořáková',
    nip: 'CZ26185610',
    phonePrefix: '420',
    phone: '731555666',
    email: 'jana@czechcargo.cz',
    city: 'Ostrawa',
    postalCode: '702 00',
    streetAddress: 'Nádražní 50',
    country: 'CZ',
    language: 'Czeski',
    countries: ['CZ', 'PL', 'SK', 'DE'],
    maxCargoLength: 720,
    maxCargoWidth: 245,
    maxCargoHeight: 260,
    maxCargoWeight: 1200,
    methodOfContact: 'email',
  },
];

// Word pools of the generated records, varied enough that a typed search matches a realistic share.
const COMPANY_STEMS = [
  'Trans',
  'Logi',
  'Cargo',
  'Agro',
  'Meblo',
  'Stal',
  'Drew',
  'Budo',
  'Chemo',
  'Pako',
  'Elektro',
  'Tekstil',
  'Papier',
  'Szkło',
  'Mleko',
  'Owoc',
  'Auto',
  'Metal',
  'Plast',
  'Kamień',
  'Farb',
  'Zboż',
  'Ryb',
  'Drob',
  'Piek',
  'Okno',
  'Dach',
  'Kabel',
  'Opon',
  'Mięs',
];
const COMPANY_ENDINGS = [
  '-Pol',
  'ex',
  '-Bud',
  '-Hurt',
  'max',
  '-Serwis',
  'tech',
  '-Trade',
  'pak',
  'land',
  'mar',
  'gal',
  'tom',
  '-Sped',
  'rol',
  'san',
  'dor',
  'vit',
  'bis',
  'kor',
];
const LEGAL_FORMS = ['Sp. z o.o.', 'S.A.', 'Sp. j.', 'Sp. k.', 'P.H.U.', 'F.H.'];
const FIRST_NAMES = [
  'Jan',
  'Anna',
  'Piotr',
  'Ewa',
  'Łukasz',
  'Zofia',
  'Paweł',
  'Małgorzata',
  'Andrzej',
  'Joanna',
  'Tomasz',
  'Beata',
  'Krzysztof',
  'Agnieszka',
  'Michał',
  'Monika',
  'Marcin',
  'Magdalena',
  'Grzegorz',
  'Karolina',
  'Jakub',
  'Aleksandra',
  'Adam',
  'Natalia',
  'Wojciech',
  'Dorota',
  'Rafał',
  'Iwona',
  'Mateusz',
  'Renata',
  'Dariusz',
  'Justyna',
  'Sebastian',
  'Marta',
  'Robert',
  'Barbara',
  'Kamil',
  'Weronika',
  'Artur',
  'Halina',
];
const LAST_NAMES = [
  'Nowak',
  'Wiśniewski',
  'Wójcik',
  'Kowalczyk',
  'Kamiński',
  'Lewandowski',
  'Zieliński',
  'Szymański',
  'Woźniak',
  'Dąbrowski',
  'Kozłowski',
  'Jankowski',
  'Mazur',
  'Kwiatkowski',
  'Krawczyk',
  'Kaczmarek',
  'Piotrowski',
  'Grabowski',
  'Zając',
  'Pawłowski',
  'Michalski',
  'Król',
  'Wieczorek',
  'Jabłoński',
  'Wróbel',
  'Nowakowski',
  'Majewski',
  'Olszewski',
  'Stępień',
  'Malinowski',
  'Jaworski',
  'Adamczyk',
  'Dudek',
  'Nowicki',
  'Pawlak',
  'Górski',
  'Witkowski',
  'Walczak',
  'Sikora',
  'Baran',
  'Rutkowski',
  'Michalak',
  'Szewczyk',
  'Ostrowski',
  'Tomaszewski',
  'Pietrzak',
  'Marciniak',
  'Wróblewski',
  'Zalewski',
  'Jakubowski',
  'Jasiński',
  'Zawadzki',
  'Sadowski',
  'Bąk',
  'Chmielewski',
  'Włodarczyk',
  'Borkowski',
  'Czarnecki',
  'Sawicki',
  'Sokołowski',
];
const CITIES = [
  'Warszawa',
  'Kraków',
  'Łódź',
  'Wrocław',
  'Poznań',
  'Gdańsk',
  'Szczecin',
  'Bydgoszcz',
  'Lublin',
  'Białystok',
  'Katowice',
  'Gdynia',
  'Częstochowa',
  'Radom',
  'Toruń',
  'Rzeszów',
  'Kielce',
  'Olsztyn',
  'Opole',
  'Zielona Góra',
  'Gorzów Wielkopolski',
  'Płock',
  'Elbląg',
  'Tarnów',
  'Koszalin',
  'Legnica',
  'Kalisz',
  'Słupsk',
  'Nowy Sącz',
  'Siedlce',
];
const STREETS = [
  'Przemysłowa',
  'Magazynowa',
  'Fabryczna',
  'Składowa',
  'Kolejowa',
  'Portowa',
  'Handlowa',
  'Polna',
  'Lipowa',
  'Długa',
];
const DOMAINS = ['onet.pl', 'wp.pl', 'interia.pl', 'o2.pl', 'firma.pl', 'biznes.pl'];

const pool = (words: string[]) => sql.raw(`ARRAY[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}]`);

/**
 * A generated party's NIP and phone, spread as real ones are (an office's NIPs start with any tax office's code, its
 * phones are anyone's): the first eight digits a permutation of the party's number g (g · multiplier mod 90,000,000,
 * odd multipliers prime to 10), the ninth chosen so that the check digit is not 10, then the check digit; the phone a
 * mobile number likewise. The multipliers are near the golden section of their modulus, so that consecutive parties'
 * numbers lie far apart from the first ones on (a small seed is spread too). Written as the numbers g itself (1000000000 + g) they shared every leading digit: '000' was
 * in every record's text, and a NIP fragment's trigrams narrowed nothing (issue 35).
 */
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
/** Multipliers of g for the NIP (mod 90,000,000: prime to 2, 3 and 5) and the phone (mod 100,000,000). */
export type PartyNumbers = { nip: number; phone: number; mobile: number };
export const CUSTOMER_NUMBERS: PartyNumbers = { nip: 55_623_059, phone: 61_803_399, mobile: 5 };
export const CARRIER_NUMBERS: PartyNumbers = { nip: 34_567_891, phone: 38_196_601, mobile: 6 };

export function seededNip(g: number, numbers: PartyNumbers): string {
  const base = String(10_000_000n + ((BigInt(g) * BigInt(numbers.nip)) % 90_000_000n));
  const sum = [...base].reduce((acc, d, i) => acc + Number(d) * (NIP_WEIGHTS[i] ?? 0), 0);
  const ninth = sum % 11 === 10 ? 1 : 0;
  return `${base}${ninth}${(sum + 7 * ninth) % 11}`;
}

/** The SQL of `seededNip` and of the phone, for `FROM generate_series(…) AS g`, as a LATERAL of columns nip, phone. */
function seededNumbers({ nip, phone, mobile }: PartyNumbers) {
  const digit = (i: number) => sql.raw(`substr(b::text, ${i + 1}, 1)::int * ${NIP_WEIGHTS[i]}`);
  const sum = sql.join(
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => digit(i)),
    sql` + `,
  );
  return sql`CROSS JOIN LATERAL (SELECT 10000000 + (g::bigint * ${sql.raw(String(nip))} % 90000000) AS b) base
    CROSS JOIN LATERAL (SELECT ${sum} AS s) weighted
    CROSS JOIN LATERAL (SELECT CASE WHEN s % 11 = 10 THEN 1 ELSE 0 END AS ninth) ninth
    CROSS JOIN LATERAL (
      SELECT b::text || ninth::text || ((s + 7 * ninth) % 11)::text AS nip,
             ((${sql.raw(String(mobile))} + g % 3) * 100000000 + g::bigint * ${sql.raw(String(phone))} % 100000000)::text AS phone
    ) numbers`;
}

export type SeededParties = {
  report: { customers: number; carriers: number };
  customerBase: number;
  carrierBase: number;
  extraCustomers: number;
  extraCarriers: number;
};

/**
 * The generated parties as an office has them checked: carriers all on the VAT white list with their account, their
 * OCP policy and licence, most verified in GUS; four customers in ten verified in GUS, two on the white list. The
 * registers' checks themselves (verifications) follow from the same rules (activity.ts); `id - base` is `g`.
 */
export async function seedParties(db: Db, scale: number, steps: Steps, parallel: boolean): Promise<SeededParties> {
  const c = await db.insert(customers).values(CUSTOMERS).onConflictDoNothing().returning({ id: customers.id });
  const k = await db.insert(carriers).values(CARRIERS).onConflictDoNothing().returning({ id: carriers.id });
  const extraCustomers = scale > 0 ? scale : 0;
  const extraCarriers = scale > 0 ? Math.max(1, Math.floor(scale / 10)) : 0;
  const cBase = await reserveIds(db, 'customers', extraCustomers);
  const kBase = await reserveIds(db, 'carriers', extraCarriers);
  const generateCustomers = () =>
    steps.run(`customers (${extraCustomers})`, () =>
      db.execute(sql`
      INSERT INTO customers (id, company_name, name, nip, phone, email, street_address, postal_code, city, country,
        acquired_by, created_at, verified_at, registry_status, vat_status, vat_status_checked_at, no_reminders)
      SELECT ${cBase} + g, (${pool(COMPANY_STEMS)})[${sql.raw(pick(COMPANY_STEMS.length, 11))}]
               || (${pool(COMPANY_ENDINGS)})[${sql.raw(pick(COMPANY_ENDINGS.length, 12))}]
               || ' ' || (${pool(LEGAL_FORMS)})[${sql.raw(pick(LEGAL_FORMS.length, 13))}] || ' ' || g,
             (${pool(FIRST_NAMES)})[${sql.raw(pick(FIRST_NAMES.length, 14))}] || ' '
               || (${pool(LAST_NAMES)})[${sql.raw(pick(LAST_NAMES.length, 15))}],
             numbers.nip, numbers.phone, 'biuro' || g || '@' || lower((${pool(DOMAINS)})[1 + g % ${DOMAINS.length}]),
             'ul. ' || (${pool(STREETS)})[${sql.raw(pick(STREETS.length, 16))}] || ' ' || ${sql.raw(pick(200, 17))},
             lpad(${sql.raw(pick(100, 18, 0))}::text, 2, '0') || '-' || lpad(${sql.raw(pick(1000, 19, 0))}::text, 3, '0'),
             (${pool(CITIES)})[${sql.raw(pick(CITIES.length, 20))}],
             'PL', (ARRAY['telefon','email','strona','polecenie'])[1 + g % 4],
             now() - (g % 1500) * interval '1 day',
             CASE WHEN ${CUSTOMER_GUS} AND NOT ${CUSTOMER_GUS_FAILED} THEN now() - (g % 365) * interval '1 day' END,
             CASE WHEN ${CUSTOMER_GUS} THEN CASE WHEN ${CUSTOMER_GUS_FAILED} THEN 'zawieszona' ELSE 'aktywna' END END,
             CASE WHEN ${CUSTOMER_WHITELIST} THEN 'Czynny' END,
             CASE WHEN ${CUSTOMER_WHITELIST} THEN now() - (g % 365) * interval '1 day' + interval '1 minute' END,
             g % 97 = 0
      FROM generate_series(1, ${extraCustomers}) AS g ${seededNumbers(CUSTOMER_NUMBERS)}
      ON CONFLICT DO NOTHING`),
    );
  const generateCarriers = () =>
    steps.run(`carriers (${extraCarriers})`, () =>
      db.execute(sql`
      INSERT INTO carriers (id, company_name, name, nip, phone, email, city, country, countries, max_cargo_length,
        max_cargo_width, max_cargo_height, max_cargo_weight, method_of_contact, created_at, bank_accounts,
        account_number, vat_status, vat_status_checked_at, verified_at, registry_status, ocp_insurer, ocp_policy_number,
        ocp_sum, ocp_sum_currency, ocp_valid_from, ocp_valid_to, ocp_reminded_for, licence_number, licence_valid_to,
        licence_reminded_for)
      SELECT ${kBase} + g, 'Przewozy ' || (ARRAY['Kowal','Nowak','Lis','Wilk','Sowa','Kruk','Dąb','Jastrząb'])[${sql.raw(pick(8, 21))}] || ' ' || g,
             (ARRAY['Adam','Marek','Jerzy','Robert'])[${sql.raw(pick(4, 22))}] || ' ' || (ARRAY['Mazur','Krawczyk','Kaczmarek','Piotrowski'])[${sql.raw(pick(4, 23))}],
             numbers.nip, numbers.phone, 'dyspozycja' || g || '@przewoznik.example',
             (ARRAY['Warszawa','Kraków','Łódź','Wrocław','Poznań'])[${sql.raw(pick(5, 24))}], 'PL',
             CASE ${sql.raw(pick(4, 25, 0))} WHEN 0 THEN ARRAY['DE','NL','PL'] WHEN 1 THEN ARRAY['CZ','PL','SK'] WHEN 2 THEN ARRAY['BE','FR','PL'] ELSE ARRAY['LT','LV','PL'] END,
             (ARRAY[480, 720, 1360])[1 + g % 3], (ARRAY[220, 245, 248])[1 + g % 3], (ARRAY[250, 270, 300])[1 + g % 3],
             (ARRAY[350, 1200, 2400])[1 + g % 3], (ARRAY['telefon','email','telefon/email'])[1 + g % 3],
             now() - (g % 1500) * interval '1 day',
             ARRAY[${CARRIER_ACCOUNT}], ${CARRIER_ACCOUNT},
             CASE WHEN ${CARRIER_VAT_EXEMPT} THEN 'Zwolniony' ELSE 'Czynny' END, now() - (g % 180) * interval '1 day',
             CASE WHEN NOT ${CARRIER_GUS_FAILED} THEN now() - (g % 180) * interval '1 day' END,
             CASE WHEN ${CARRIER_GUS_FAILED} THEN 'zawieszona' ELSE 'aktywna' END,
             CASE WHEN g % 10 <> 0 THEN (ARRAY['PZU S.A.','Warta S.A.','Ergo Hestia S.A.','Allianz Polska S.A.'])[1 + g % 4] END,
             CASE WHEN g % 10 <> 0 THEN 'OCP/' || (2024 + g % 3) || '/' || lpad(g::text, 7, '0') END,
             CASE WHEN g % 10 <> 0 THEN (ARRAY[10000000, 20000000, 30000000, 50000000])[1 + g % 4]::bigint END,
             CASE WHEN g % 10 <> 0 THEN (ARRAY['eur', 'eur', 'pln', 'eur'])[1 + g % 4] ELSE 'pln' END,
             CASE WHEN g % 10 <> 0 THEN current_date + (g % 400) - 395 END,
             CASE WHEN g % 10 <> 0 THEN current_date + (g % 400) - 30 END,
             -- A policy or licence ending within the fortnight (or ended) was already reminded of, as in a running office.
             CASE WHEN g % 10 <> 0 AND (g % 400) - 30 <= 14 THEN current_date + (g % 400) - 30 END,
             'LIC/' || lpad(g::text, 7, '0'), current_date + (g % 1800) - 20,
             CASE WHEN (g % 1800) - 20 <= 14 THEN current_date + (g % 1800) - 20 END
      FROM generate_series(1, ${extraCarriers}) AS g ${seededNumbers(CARRIER_NUMBERS)}
      ON CONFLICT DO NOTHING`),
    );
  if (scale > 0) await inParallel([generateCustomers, generateCarriers], parallel ? 2 : 1);
  return {
    report: { customers: c.length + extraCustomers, carriers: k.length + extraCarriers },
    customerBase: cBase,
    carrierBase: kBase,
    extraCustomers,
    extraCarriers,
  };
}

// Which generated parties the registers have checked (g is the party's number: its id less the base).
export const CUSTOMER_GUS = sql.raw('(g % 10 < 4)');
export const CUSTOMER_GUS_FAILED = sql.raw('(g % 50 = 7)');
export const CUSTOMER_WHITELIST = sql.raw('(g % 10 < 2)');
export const CARRIER_GUS_FAILED = sql.raw('(g % 40 = 3)');
export const CARRIER_VAT_EXEMPT = sql.raw('(g % 25 = 1)');
export const CARRIER_ACCOUNT = sql.raw(
  `lpad((10 + g % 90)::text, 2, '0') || '1140' || lpad((g * 7919 % 100000000)::text, 8, '0') || lpad(g::text, 12, '0')`,
);
