-- UNLOGGED: rate-limit counters are worth nothing after a crash, so they skip the write-ahead log.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
