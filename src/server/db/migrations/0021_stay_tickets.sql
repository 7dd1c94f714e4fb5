-- Hotel stays and car rentals in a travel (issue 14): what the lists (summary) and the tickets list (ticket)
-- read of their data. Same functions, a branch per product type; a trip's branch is unchanged, so the
-- rows already written (trips only: nothing wrote a stay or a rental before) keep their values.
-- IMMUTABLE holds as before: the result depends on the jsonb argument only.
CREATE OR REPLACE FUNCTION travel_product_summary(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE data ->> 'type'
    -- A stay: the hotel in its city, from check-in to check-out.
    WHEN 'hotel' THEN jsonb_build_object(
      'from', coalesce(data #>> '{hotel,name}', ''),
      'to', coalesce(data #>> '{hotel,city}', ''),
      'departure', data ->> 'startsAt',
      'arrival', data ->> 'endsAt',
      'routes', '[]'::jsonb,
      'pax', coalesce((SELECT jsonb_agg(jsonb_build_object('firstname', coalesce(t ->> 'firstname', ''), 'lastname', coalesce(t ->> 'lastname', '')) ORDER BY n)
                       FROM jsonb_array_elements(data -> 'travelers') WITH ORDINALITY AS y(t, n)), '[]'::jsonb))
    -- A rental: from the pick-up agency's city to the return agency's, the agencies as its one "leg".
    WHEN 'car_rental' THEN jsonb_build_object(
      'from', coalesce(data #>> '{pickup,city}', ''),
      'to', coalesce(data #>> '{dropoff,city}', ''),
      'departure', data ->> 'pickupAt',
      'arrival', data ->> 'returnAt',
      'routes', jsonb_build_array(jsonb_build_object('from', coalesce(data #>> '{pickup,name}', ''), 'to', coalesce(data #>> '{dropoff,name}', ''))),
      'pax', coalesce((SELECT jsonb_agg(jsonb_build_object('firstname', coalesce(t ->> 'firstname', ''), 'lastname', coalesce(t ->> 'lastname', '')) ORDER BY n)
                       FROM jsonb_array_elements(data -> 'travelers') WITH ORDINALITY AS y(t, n)), '[]'::jsonb))
    ELSE jsonb_build_object(
      'from', coalesce(data #>> '{journey,from,city}', ''),
      'to', coalesce(data #>> '{journey,to,city}', ''),
      'departure', data #>> '{journey,departure}',
      'arrival', data #>> '{journey,arrival}',
      'routes', coalesce((SELECT jsonb_agg(jsonb_build_object('from', coalesce(s #>> '{from,name}', ''), 'to', coalesce(s #>> '{to,name}', '')) ORDER BY n)
                          FROM jsonb_array_elements(data #> '{journey,sections}') WITH ORDINALITY AS x(s, n)), '[]'::jsonb),
      'pax', coalesce((SELECT jsonb_agg(jsonb_build_object('firstname', coalesce(t ->> 'firstname', ''), 'lastname', coalesce(t ->> 'lastname', '')) ORDER BY n)
                       FROM jsonb_array_elements(data -> 'travelers') WITH ORDINALITY AS y(t, n)), '[]'::jsonb))
  END
$$;--> statement-breakpoint
-- The tickets list's part of a stay or a rental (domain/product.ts HotelTicketData, CarTicketData): who, when,
-- where, the rooms' names, boards and terms or the car's model and category; never the driver's licence.
CREATE OR REPLACE FUNCTION travel_product_ticket(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE data ->> 'type'
    WHEN 'hotel' THEN jsonb_build_object(
      'type', data -> 'type',
      'startsAt', data -> 'startsAt',
      'endsAt', data -> 'endsAt',
      'nights', data -> 'nights',
      'cancelDeadline', data -> 'cancelDeadline',
      'hotel', jsonb_build_object('name', data #> '{hotel,name}', 'city', data #> '{hotel,city}', 'chain', data #> '{hotel,chain}'),
      'rooms', coalesce((SELECT jsonb_agg(jsonb_build_object('offer', jsonb_build_object(
                            'name', r #> '{offer,name}', 'board', r #> '{offer,board}', 'cancellable', r #> '{offer,cancellable}')) ORDER BY n)
                          FROM jsonb_array_elements(data -> 'rooms') WITH ORDINALITY AS z(r, n)), '[]'::jsonb),
      'travelers', coalesce((SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
                               'travelerID', t -> 'travelerID', 'profileID', t -> 'profileID', 'guestID', t -> 'guestID',
                               'firstname', t -> 'firstname', 'lastname', t -> 'lastname')) ORDER BY n)
                             FROM jsonb_array_elements(data -> 'travelers') WITH ORDINALITY AS y(t, n)), '[]'::jsonb),
      'booking', CASE WHEN data ? 'booking' THEN jsonb_build_object('tickets', coalesce(data #> '{booking,tickets}', '[]'::jsonb)) END,
      'compliance', data -> 'compliance')
    WHEN 'car_rental' THEN jsonb_build_object(
      'type', data -> 'type',
      'pickupAt', data -> 'pickupAt',
      'returnAt', data -> 'returnAt',
      'renter', data -> 'renter',
      'car', jsonb_build_object('model', data #> '{car,model}', 'category', data #> '{car,category}'),
      'pickup', jsonb_build_object('name', data #> '{pickup,name}', 'city', data #> '{pickup,city}'),
      'dropoff', jsonb_build_object('name', data #> '{dropoff,name}', 'city', data #> '{dropoff,city}'),
      'travelers', coalesce((SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
                               'travelerID', t -> 'travelerID', 'profileID', t -> 'profileID', 'guestID', t -> 'guestID',
                               'firstname', t -> 'firstname', 'lastname', t -> 'lastname')) ORDER BY n)
                             FROM jsonb_array_elements(data -> 'travelers') WITH ORDINALITY AS y(t, n)), '[]'::jsonb),
      'booking', CASE WHEN data ? 'booking' THEN jsonb_build_object('tickets', coalesce(data #> '{booking,tickets}', '[]'::jsonb)) END,
      'compliance', data -> 'compliance')
    ELSE jsonb_build_object(
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
  END
$$;
