import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { carriers, customers } from '../db/schema/index.ts';

/** Realistic Polish and EU customers and carriers; at benchmark scale, many more generated in SQL. */

const CUSTOMERS = [
  { companyName: 'Meble Wójcik Sp. z o.o.', name: 'Krzysztof Wójcik', nip: '7831672593', phone: '618203344', email: 'zamowienia@meblewojcik.pl', streetAddress: 'ul. Fabryczna 12', postalCode: '62-020', city: 'Swarzędz', country: 'PL', acquiredBy: 'telefon' },
  { companyName: 'Stal-Hurt S.A.', name: 'Agnieszka Kowalczyk', nip: '6340197445', phone: '322504410', email: 'logistyka@stal-hurt.pl', streetAddress: 'ul. Hutnicza 5', postalCode: '40-241', city: 'Katowice', country: 'PL', acquiredBy: 'strona' },
  { companyName: 'Agro-Łódź Sp. j.', name: 'Marek Zając', nip: '7251801126', phone: '426301122', email: 'biuro@agrolodz.pl', streetAddress: 'ul. Rokicińska 160', postalCode: '92-412', city: 'Łódź', country: 'PL', acquiredBy: 'polecenie' },
  { companyName: 'Papiernia Kwidzyn Sp. z o.o.', name: 'Ewa Nowicka', nip: '5810008912', phone: '552793300', email: 'spedycja@papiernia-kwidzyn.pl', streetAddress: 'ul. Lotnicza 1', postalCode: '82-500', city: 'Kwidzyn', country: 'PL', acquiredBy: 'email' },
  { companyName: 'Okna-Pol Gdańsk', name: 'Tomasz Lis', nip: '5842637401', phone: '583445566', email: 'transport@oknapol.pl', streetAddress: 'ul. Elbląska 60', postalCode: '80-724', city: 'Gdańsk', country: 'PL', acquiredBy: 'telefon' },
  { companyName: 'Drobex Wrocław', name: 'Barbara Sikora', nip: '8992796896', phone: '713451200', email: 'drobex@drobex.pl', streetAddress: 'ul. Krakowska 180', postalCode: '52-015', city: 'Wrocław', country: 'PL', acquiredBy: 'strona' },
  { companyName: 'Bauhaus Logistik GmbH', name: 'Jürgen Becker', nip: 'DE811569869', phonePrefix: '49', phone: '3040506070', email: 'dispo@bauhaus-logistik.de', streetAddress: 'Hafenstraße 8', postalCode: '10557', city: 'Berlin', country: 'DE', language: 'Niemiecki', acquiredBy: 'email' },
  { companyName: 'Agrotrade s.r.o.', name: 'Petr Novák', nip: 'CZ27082440', phonePrefix: '420', phone: '602123456', email: 'petr.novak@agrotrade.cz', streetAddress: 'Průmyslová 11', postalCode: '602 00', city: 'Brno', country: 'CZ', language: 'Czeski', acquiredBy: 'polecenie' },
  { companyName: 'Transportes Ibéricos S.L.', name: 'María García', nip: 'ESB86561412', phonePrefix: '34', phone: '915550123', email: 'trafico@ibericos.es', streetAddress: 'Calle de Alcalá 200', postalCode: '28028', city: 'Madrid', country: 'ES', language: 'Hiszpański', acquiredBy: 'strona' },
  { companyName: 'Fromagerie du Nord SARL', name: 'Luc Moreau', nip: 'FR40303265045', phonePrefix: '33', phone: '320123456', email: 'expedition@fromagerie-nord.fr', streetAddress: '12 Rue de Lille', postalCode: '59000', city: 'Lille', country: 'FR', language: 'Francuski', acquiredBy: 'email' },
  { companyName: 'Holland Flowers B.V.', name: 'Daan de Vries', nip: 'NL810433941B01', phonePrefix: '31', phone: '297123456', email: 'logistics@hollandflowers.nl', streetAddress: 'Legmeerdijk 313', postalCode: '1431 GB', city: 'Aalsmeer', country: 'NL', language: 'Angielski', acquiredBy: 'telefon' },
  { companyName: 'Kovo-Žilina a.s.', name: 'Ján Horváth', nip: 'SK2020317068', phonePrefix: '421', phone: '415551234', email: 'doprava@kovozilina.sk', streetAddress: 'Priemyselná 3', postalCode: '010 01', city: 'Žilina', country: 'SK', language: 'Słowacki', acquiredBy: 'polecenie' },
];

const CARRIERS = [
  { companyName: 'Trans-Bud Mazur', name: 'Andrzej Mazur', nip: '8121845392', phone: '604111222', email: 'mazur@transbud.pl', city: 'Lublin', postalCode: '20-001', streetAddress: 'ul. Zemborzycka 40', country: 'PL', countries: ['PL', 'DE', 'NL', 'BE', 'FR'], maxCargoLength: 1360, maxCargoWidth: 248, maxCargoHeight: 270, maxCargoWeight: 2400, methodOfContact: 'telefon', accountNumber: 'PL27114020040000300201355387' },
  { companyName: 'Ekspres-Bus Kraków', name: 'Michał Pawlak', nip: '6792987340', phone: '605222333', email: 'dyspozytor@ekspresbus.pl', city: 'Kraków', postalCode: '31-564', streetAddress: 'ul. Mogilska 100', country: 'PL', countries: ['PL', 'CZ', 'SK', 'AT', 'HU'], maxCargoLength: 480, maxCargoWidth: 220, maxCargoHeight: 250, maxCargoWeight: 350, methodOfContact: 'telefon/email' },
  { companyName: 'Frigo-Log Poznań', name: 'Rafał Krawczyk', nip: '7822600590', phone: '606333444', email: 'chlodnie@frigolog.pl', city: 'Poznań', postalCode: '61-131', streetAddress: 'ul. Bałtycka 25', country: 'PL', countries: ['PL', 'DE', 'DK', 'SE', 'NO'], maxCargoLength: 1340, maxCargoWidth: 246, maxCargoHeight: 260, maxCargoWeight: 2200, methodOfContact: 'email' },
  { companyName: 'Balt-Cargo UAB', name: 'Tomas Kazlauskas', nip: 'LT100001919017', phonePrefix: '370', phone: '61234567', email: 'tomas@baltcargo.lt', city: 'Kaunas', postalCode: 'LT-44280', streetAddress: 'Savanorių pr. 187', country: 'LT', language: 'Litewski', countries: ['LT', 'LV', 'EE', 'PL', 'DE', 'FI'], maxCargoLength: 1360, maxCargoWidth: 248, maxCargoHeight: 300, maxCargoWeight: 2450, methodOfContact: 'telefon/email' },
  { companyName: 'Ukr-Trans TOV', name: 'Ołeh Kowalenko', nip: 'UA38512345', phonePrefix: '380', phone: '671234567', email: 'oleh@ukrtrans.ua', city: 'Lwów', postalCode: '79000', streetAddress: 'vul. Horodotska 174', country: 'UA', language: 'Ukraiński', countries: ['UA', 'PL', 'SK', 'HU', 'RO'], maxCargoLength: 1360, maxCargoWidth: 245, maxCargoHeight: 270, maxCargoWeight: 2400, methodOfContact: 'telefon' },
  { companyName: 'Spedition Hofmann GmbH', name: 'Klaus Hofmann', nip: 'DE129274202', phonePrefix: '49', phone: '8912345678', email: 'disposition@hofmann-spedition.de', city: 'München', postalCode: '80331', streetAddress: 'Landsberger Str. 300', country: 'DE', language: 'Niemiecki', countries: ['DE', 'AT', 'CH', 'IT', 'FR'], maxCargoLength: 1360, maxCargoWidth: 248, maxCargoHeight: 300, maxCargoWeight: 2500, methodOfContact: 'email' },
  { companyName: 'Autotrasporti Rossi S.r.l.', name: 'Giuseppe Rossi', nip: 'IT01114601006', phonePrefix: '39', phone: '0212345678', email: 'traffico@rossi-trasporti.it', city: 'Mediolan', postalCode: '20121', streetAddress: 'Via Milano 1', country: 'IT', language: 'Angielski', countries: ['IT', 'FR', 'ES', 'DE', 'AT'], maxCargoLength: 1360, maxCargoWidth: 248, maxCargoHeight: 270, maxCargoWeight: 2400, methodOfContact: 'telefon/email' },
  { companyName: 'Czech Cargo s.r.o.', name: 'Jana Dvořáková', nip: 'CZ26185610', phonePrefix: '420', phone: '731555666', email: 'jana@czechcargo.cz', city: 'Ostrawa', postalCode: '702 00', streetAddress: 'Nádražní 50', country: 'CZ', language: 'Czeski', countries: ['CZ', 'PL', 'SK', 'DE'], maxCargoLength: 720, maxCargoWidth: 245, maxCargoHeight: 260, maxCargoWeight: 1200, methodOfContact: 'email' },
];

export async function seedParties(db: Db, scale: number): Promise<{ customers: number; carriers: number }> {
  const c = await db.insert(customers).values(CUSTOMERS).onConflictDoNothing().returning({ id: customers.id });
  const k = await db.insert(carriers).values(CARRIERS).onConflictDoNothing().returning({ id: carriers.id });
  let extraCustomers = 0;
  let extraCarriers = 0;
  if (scale > 0) {
    extraCustomers = scale;
    extraCarriers = Math.max(1, Math.floor(scale / 10));
    await db.execute(sql`
      INSERT INTO customers (company_name, name, nip, phone, email, street_address, postal_code, city, country, acquired_by)
      SELECT (ARRAY['Trans','Logi','Cargo','Agro','Meble','Stal','Drew','Budo','Chem','Pak'])[1 + g % 10]
               || (ARRAY['-Pol','ex','-Bud','-Hurt','max','-Serwis','tech','-Trade'])[1 + (g / 10) % 8] || ' ' || g,
             (ARRAY['Jan','Anna','Piotr','Ewa','Łukasz','Zofia','Paweł','Małgorzata'])[1 + g % 8] || ' '
               || (ARRAY['Nowak','Wiśniewski','Wójcik','Kowalczyk','Kamiński','Lewandowski','Zieliński','Szymański','Woźniak','Dąbrowski'])[1 + (g / 8) % 10],
             (1000000000 + g)::text, (500000000 + g)::text, 'kontakt' || g || '@firma.example',
             'ul. Przemysłowa ' || (1 + g % 200), lpad((g % 100)::text, 2, '0') || '-' || lpad((g % 1000)::text, 3, '0'),
             (ARRAY['Warszawa','Kraków','Łódź','Wrocław','Poznań','Gdańsk','Szczecin','Bydgoszcz','Lublin','Białystok','Katowice','Gdynia','Częstochowa','Radom','Toruń','Rzeszów','Kielce','Olsztyn','Opole','Zielona Góra'])[1 + g % 20],
             'PL', (ARRAY['telefon','email','strona','polecenie'])[1 + g % 4]
      FROM generate_series(1, ${extraCustomers}) AS g
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO carriers (company_name, name, nip, phone, email, city, country, countries, max_cargo_length, max_cargo_width, max_cargo_height, max_cargo_weight, method_of_contact)
      SELECT 'Przewozy ' || (ARRAY['Kowal','Nowak','Lis','Wilk','Sowa','Kruk','Dąb','Jastrząb'])[1 + g % 8] || ' ' || g,
             (ARRAY['Adam','Marek','Jerzy','Robert'])[1 + g % 4] || ' ' || (ARRAY['Mazur','Krawczyk','Kaczmarek','Piotrowski'])[1 + (g / 4) % 4],
             (2000000000 + g)::text, (700000000 + g)::text, 'dyspozycja' || g || '@przewoznik.example',
             (ARRAY['Warszawa','Kraków','Łódź','Wrocław','Poznań'])[1 + g % 5], 'PL',
             CASE g % 4 WHEN 0 THEN ARRAY['DE','NL','PL'] WHEN 1 THEN ARRAY['CZ','PL','SK'] WHEN 2 THEN ARRAY['BE','FR','PL'] ELSE ARRAY['LT','LV','PL'] END,
             (ARRAY[480, 720, 1360])[1 + g % 3], (ARRAY[220, 245, 248])[1 + g % 3], (ARRAY[250, 270, 300])[1 + g % 3],
             (ARRAY[350, 1200, 2400])[1 + g % 3], (ARRAY['telefon','email','telefon/email'])[1 + g % 3]
      FROM generate_series(1, ${extraCarriers}) AS g
      ON CONFLICT DO NOTHING`);
  }
  return { customers: c.length + extraCustomers, carriers: k.length + extraCarriers };
}
