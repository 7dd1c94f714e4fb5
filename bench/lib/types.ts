/** A budget check: one figure compared with its limit. */
export type Budget = {
  name: string;
  actual: number;
  op: '<=' | '>=' | '=';
  limit: number;
  unit: string;
  pass: boolean;
};

/** What a measurement hands back: raw figures (all go to latest.json), budget checks, and free-form notes. */
export type MeasurementResult = {
  figures: Record<string, unknown>;
  budgets: Budget[];
  /** Extra lines printed under the summary (e.g. failing Lighthouse audits). */
  notes?: string[];
};

export type BenchContext = {
  /** Repository root. */
  root: string;
  /** Origin of the running production server, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** bench/out: raw artefacts (Lighthouse reports...). */
  outDir: string;
  log: (message: string) => void;
};

/** One named section of the benchmark. */
export type Measurement = {
  name: string;
  title: string;
  run: (ctx: BenchContext) => Promise<MeasurementResult>;
};
