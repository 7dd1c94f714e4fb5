-- What the tickets list (features/bookings) reads of a product's data, derived by the database once when the
-- product is written (a generated column): 1,000 tickets read this, not 1,000 whole data (journey,
-- fare conditions, every cabin's offers), which PostgreSQL would decompress and the server parse.
-- IMMUTABLE holds: the result depends on the jsonb argument only (see travel_product_summary).
CREATE FUNCTION travel_product_ticket(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'type', data -> 'type',
    'journey', jsonb_build_object(
      'departure', data #> '{journey,departure}',
      'arrival', data #> '{journey,arrival}',
      'from', jsonb_build_object('name', data #> '{journey,from,name}'),
      'to', jsonb_build_object('name', data #> '{journey,to,name}'),
      'sections', coalesce((SELECT jsonb_agg(jsonb_build_object(
                              'from', jsonb_build_object('name', s #> '{from,name}'),
                              'to', jsonb_build_object('name', s #> '{to,name}'),
                              'transport', jsonb_build_object('carrier', jsonb_build_object('name', s #> '{transport,carrier,name}'))) ORDER BY n)
                            FROM jsonb_array_elements(data #> '{journey,sections}') WITH ORDINALITY AS x(s, n)), '[]'::jsonb)),
    'offer', jsonb_build_object('name', data #> '{offer,name}', 'flexibility', data #> '{offer,flexibility}', 'exchangeable', data #> '{offer,exchangeable}'),
    'cabin', data -> 'cabin',
    -- Who travels, not what their forms said (birth date, contacts…).
    'travelers', coalesce((SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
                             'travelerID', t -> 'travelerID', 'profileID', t -> 'profileID', 'guestID', t -> 'guestID',
                             'firstname', t -> 'firstname', 'lastname', t -> 'lastname')) ORDER BY n)
                           FROM jsonb_array_elements(data -> 'travelers') WITH ORDINALITY AS y(t, n)), '[]'::jsonb),
    'ancillaries', coalesce(data -> 'ancillaries', '[]'::jsonb),
    'booking', CASE WHEN data ? 'booking' THEN jsonb_build_object('tickets', coalesce(data #> '{booking,tickets}', '[]'::jsonb)) END,
    'compliance', data -> 'compliance')
$$;--> statement-breakpoint
ALTER TABLE "travel_products" ADD COLUMN "ticket" jsonb GENERATED ALWAYS AS (travel_product_ticket(data)) STORED;