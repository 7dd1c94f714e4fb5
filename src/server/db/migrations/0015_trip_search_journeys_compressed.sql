-- Journeys are written zlib-compressed from now on; searches stored before stay readable as plain JSON bytes.
ALTER TABLE "trip_searches" ALTER COLUMN "journeys" SET DATA TYPE bytea USING convert_to("journeys"::text, 'UTF8');
