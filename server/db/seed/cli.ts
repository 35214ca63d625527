import { openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { scaleCounts, scaleFromArgs, seedScale } from "./scale";
import { seedDatabase } from "./seed";

// `npm run seed`: the demo content; `npm run seed -- --scale=N`: the demo content and N times
// the bench's data set (server/db/seed/scale.ts).
const scale = scaleFromArgs(process.argv.slice(2));
const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await seedDatabase(database.db);
  process.stdout.write("Demo content is in place.\n");
  if (scale !== undefined) {
    const counts = scaleCounts(scale);
    process.stdout.write(
      `Seeding scale ${scale}: ${counts.clients.toLocaleString("en")} clients, ${counts.invoices.toLocaleString("en")} invoices, ${counts.subscribers.toLocaleString("en")} subscribers...\n`,
    );
    await seedScale({
      db: database.db,
      scale,
      progress: (message) => process.stdout.write(`${message}\n`),
    });
  }
} finally {
  await database.close();
}
