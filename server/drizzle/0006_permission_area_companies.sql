-- The permission area "subsidiaries" is now "companies", the area's one name on every side: custom roles that
-- granted subsidiaries.read or subsidiaries.manage keep the same rights under the new name.
UPDATE "roles"
SET "permissions" = (
  SELECT coalesce(jsonb_agg(regexp_replace(p.value, '^subsidiaries\.', 'companies.') ORDER BY p.n), '[]'::jsonb)
  FROM jsonb_array_elements_text("permissions") WITH ORDINALITY AS p(value, n)
)
WHERE "permissions"::text LIKE '%subsidiaries.%';
