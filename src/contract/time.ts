import { z } from 'zod';

/**
 * A journey time: the station's or airport's own wall clock with its UTC offset
 * (`2026-11-25T08:22:00+01:00`). Screens show the wall clock as written, whatever the reader's zone;
 * an offset is required so that a UTC instant (`…Z`) is never taken for a local time.
 */
export const zonedDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?[+-]\d{2}:\d{2}$/, { error: 'FORMAT_INVALID' });
