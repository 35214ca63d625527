import { openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { seedDatabase } from "./seed";

const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await seedDatabase(database.db);
  process.stdout.write("Demo content is in place.\n");
} finally {
  await database.close();
}
