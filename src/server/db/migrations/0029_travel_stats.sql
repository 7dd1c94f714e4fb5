-- The dashboard's figures (issue 16, features/stats), derived from a product's data once when it is written
-- (generated columns, like summary and ticket), so that a year of statistics sums small integers and never
-- decompresses the products' data. Every traveller counts: a trip for two emits, covers and takes twice.
-- A trip: its journey's grams (per passenger) and its legs' km; a stay: its grams (every room and night);
-- a rental: its grams and estimated km (domain/co2.ts), once, whoever drives. IMMUTABLE holds: the result
-- depends on the jsonb argument only.
CREATE FUNCTION travel_product_co2(data jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN data ->> 'type' IN ('rail', 'flight')
    THEN round(coalesce((data #>> '{journey,co2}')::numeric, 0) * greatest(jsonb_array_length(coalesce(data -> 'travelers', '[]'::jsonb)), 1))::integer
    ELSE round(coalesce((data ->> 'co2')::numeric, 0))::integer
  END
$$;--> statement-breakpoint
CREATE FUNCTION travel_product_km(data jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE data ->> 'type'
    WHEN 'hotel' THEN 0
    WHEN 'car_rental' THEN round(coalesce((data ->> 'estimatedKm')::numeric, 0))::integer
    ELSE round(coalesce((SELECT sum((s ->> 'distanceKm')::numeric) FROM jsonb_array_elements(data #> '{journey,sections}') AS x(s)), 0)
               * greatest(jsonb_array_length(coalesce(data -> 'travelers', '[]'::jsonb)), 1))::integer
  END
$$;--> statement-breakpoint
CREATE FUNCTION travel_product_minutes(data jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN data ->> 'type' IN ('rail', 'flight')
    THEN round(coalesce((data #>> '{journey,duration}')::numeric, 0) * greatest(jsonb_array_length(coalesce(data -> 'travelers', '[]'::jsonb)), 1))::integer
    ELSE 0
  END
$$;--> statement-breakpoint
ALTER TABLE "travel_products" ADD COLUMN "co2" integer GENERATED ALWAYS AS (travel_product_co2(data)) STORED;--> statement-breakpoint
ALTER TABLE "travel_products" ADD COLUMN "distance_km" integer GENERATED ALWAYS AS (travel_product_km(data)) STORED;--> statement-breakpoint
ALTER TABLE "travel_products" ADD COLUMN "minutes" integer GENERATED ALWAYS AS (travel_product_minutes(data)) STORED;--> statement-breakpoint
CREATE INDEX "travels_company_starts" ON "travels" USING btree ("company_id","starts_at");