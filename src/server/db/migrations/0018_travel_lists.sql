ALTER TABLE "travels" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "travels" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "travels_user_starts" ON "travels" USING btree ("user_id","starts_at","id");--> statement-breakpoint
-- travels.starts_at / ends_at: the span of the travel's products, kept here by a trigger so that every
-- writer of travel_products (cart, booking, exchange…) keeps it right without knowing about it, and the
-- lists page and sort by date in SQL on an index (features/travels).
CREATE FUNCTION travel_span_refresh(travel uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE travels SET starts_at = s.starts, ends_at = s.ends
  FROM (SELECT min(starts_at) AS starts, max(ends_at) AS ends FROM travel_products WHERE travel_id = travel) s
  WHERE travels.id = travel AND (travels.starts_at IS DISTINCT FROM s.starts OR travels.ends_at IS DISTINCT FROM s.ends);
$$;--> statement-breakpoint
CREATE FUNCTION travel_products_span() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM travel_span_refresh(OLD.travel_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.travel_id IS DISTINCT FROM OLD.travel_id) THEN PERFORM travel_span_refresh(NEW.travel_id); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER travel_products_span AFTER INSERT OR DELETE OR UPDATE OF travel_id, starts_at, ends_at ON travel_products
  FOR EACH ROW EXECUTE FUNCTION travel_products_span();--> statement-breakpoint
UPDATE travels SET starts_at = s.starts, ends_at = s.ends
FROM (SELECT travel_id, min(starts_at) AS starts, max(ends_at) AS ends FROM travel_products GROUP BY travel_id) s
WHERE travels.id = s.travel_id;
--> statement-breakpoint
-- What the lists show of a product, derived from its data once when it is written (a generated column),
-- so that a page of a list does not decompress every product's data once per field it reads.
-- IMMUTABLE holds: the result depends on the jsonb argument only (jsonb_build_object is marked STABLE
-- for its "any" arguments' output functions; here they are text and jsonb).
CREATE FUNCTION travel_product_summary(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'from', coalesce(data #>> '{journey,from,city}', ''),
    'to', coalesce(data #>> '{journey,to,city}', ''),
    'departure', data #>> '{journey,departure}',
    'arrival', data #>> '{journey,arrival}',
    'routes', coalesce((SELECT jsonb_agg(jsonb_build_object('from', coalesce(s #>> '{from,name}', ''), 'to', coalesce(s #>> '{to,name}', '')) ORDER BY n)
                        FROM jsonb_array_elements(data #> '{journey,sections}') WITH ORDINALITY AS x(s, n)), '[]'::jsonb),
    'pax', coalesce((SELECT jsonb_agg(jsonb_build_object('firstname', coalesce(t ->> 'firstname', ''), 'lastname', coalesce(t ->> 'lastname', '')) ORDER BY n)
                     FROM jsonb_array_elements(data -> 'travelers') WITH ORDINALITY AS y(t, n)), '[]'::jsonb)
  )
$$;--> statement-breakpoint
ALTER TABLE "travel_products" ADD COLUMN "summary" jsonb GENERATED ALWAYS AS (travel_product_summary(data)) STORED;
