-- A Polish NIP is stored as its 10 digits (the API strips 'PL' from now on); rows typed with 'PL' before are brought
-- in line unless the bare number already exists (the duplicate stays as it was, for a person to merge).
UPDATE "customers" SET "nip" = substring("nip" from 3)
WHERE "nip" ~ '^PL[0-9]{10}$'
  AND NOT EXISTS (SELECT 1 FROM "customers" c WHERE c."nip" = substring("customers"."nip" from 3));--> statement-breakpoint
UPDATE "carriers" SET "nip" = substring("nip" from 3)
WHERE "nip" ~ '^PL[0-9]{10}$'
  AND NOT EXISTS (SELECT 1 FROM "carriers" c WHERE c."nip" = substring("carriers"."nip" from 3));
