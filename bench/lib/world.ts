import { migrate, openDatabase, type Database } from '@server/db/client';
import { seedIfEmpty } from '@server/db/seed';

/** A fresh PGlite data directory opened in this process, migrated and given the demo seed: a section writes its world into it before its server starts. */
export async function openSeededWorld(dataDir: string): Promise<Database> {
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await seedIfEmpty(database.db);
  return database;
}
