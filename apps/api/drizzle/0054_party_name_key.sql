-- Issue 36: a party's name as the import compares it ('near-identical'): lower-case, unaccented, without the legal
-- form at its end ('sp. z o.o.', 'S.A.', 'GmbH', …) and without anything but letters and digits, so that
-- 'Trans-Pol Sp. z o.o.' and 'TRANS POL' are one name. Indexed, so that a chunk of an import finds its matches.
CREATE OR REPLACE FUNCTION f_party_name_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT nullif(regexp_replace(regexp_replace(
    ' ' || public.f_unaccent(lower($1)) || ' ',
    '[[:space:],.]+(sp[[:space:].]*z[[:space:].]*o[[:space:].]*o|spolka z ograniczona odpowiedzialnoscia|spolka akcyjna|spolka jawna|spolka komandytowa|spolka cywilna|sp[[:space:].]*j|sp[[:space:].]*k|s[[:space:].]*a|s[[:space:].]*c|gmbh|gmbh[[:space:]]*(&|und|and)[[:space:]]*co[[:space:].]*kg|ltd|s[[:space:].]*r[[:space:].]*o|b[[:space:].]*v|ag|kg|sarl|srl)[[:space:].]*$',
    ''), '[^a-z0-9]+', '', 'g'), '')
$$;
--> statement-breakpoint
CREATE INDEX "customers_name_key_idx" ON "customers" (public.f_party_name_key(coalesce(nullif("company_name", ''), "name")));
--> statement-breakpoint
CREATE INDEX "carriers_name_key_idx" ON "carriers" (public.f_party_name_key(coalesce(nullif("company_name", ''), "name")));
