-- The users' roles as one text ('ROLE_ADMIN,ROLE_USER') for the list's 'roles' filter and its index: array_to_string is
-- only STABLE (an array's elements print by their type's output function), which an index refuses; for text[] it is
-- immutable.
CREATE OR REPLACE FUNCTION f_roles_text(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_string($1, ',') $$;
--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_unaccent_trgm" ON "users" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_roles_trgm" ON "users" USING gin (f_roles_text("roles") gin_trgm_ops);