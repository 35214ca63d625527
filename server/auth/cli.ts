// npm run user -- create --email E --password P --role admin|clientManager|none [--name N]
//                 set-role --email E --role R | disable --email E | enable --email E
//                 reset-2fa --email E | list
import { parseArgs } from "node:util";
import { DatabaseLockedError, openDatabase } from "#server/db/client.ts";
import { ConfigError, parseEnv } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { setLogLevel } from "#server/log.ts";
import type { Role } from "./roles";
import { ROLES } from "./roles";
import { resetTwoFactor } from "./two-factor";
import {
  createStaffUser,
  disableStaffUser,
  enableStaffUser,
  listStaffUsers,
  setStaffRole,
} from "./users";

const usage = `Usage: npm run user -- <command> [options]
  create   --email E --password P --role admin|clientManager|none [--name N]
  set-role --email E --role admin|clientManager|none
  disable  --email E     (signs the account out everywhere)
  enable   --email E
  reset-2fa --email E  (a lost authenticator: two-factor sign-in off, signed out everywhere)
  list`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function roleOf(value: string | undefined): Role {
  if (!value || !(ROLES as readonly string[]).includes(value))
    fail(`--role must be one of ${ROLES.join(", ")}.\n\n${usage}`);
  return value as Role;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
    },
  });
  const command = positionals[0];
  if (
    !command ||
    !["create", "set-role", "disable", "enable", "reset-2fa", "list"].includes(command)
  )
    fail(usage);
  if (command !== "list" && !values.email) fail(`--email is required.\n\n${usage}`);

  const env = parseEnv();
  setLogLevel(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const db = database.db;
  const ref = { email: values.email };
  try {
    if (command === "create") {
      if (!values.password) fail(`--password is required.\n\n${usage}`);
      const user = await createStaffUser(
        { db },
        {
          email: values.email ?? "",
          password: values.password,
          role: roleOf(values.role),
          name: values.name,
        },
      );
      process.stdout.write(`Created ${user.email} (${user.role}).\n`);
    } else if (command === "set-role") {
      const user = await setStaffRole({ db }, ref, roleOf(values.role));
      process.stdout.write(`${user.email} is now ${user.role}.\n`);
    } else if (command === "disable") {
      const user = await disableStaffUser({ db }, ref);
      process.stdout.write(`Disabled ${user.email}; its sessions are ended.\n`);
    } else if (command === "reset-2fa") {
      const user = await resetTwoFactor({ db }, { email: values.email ?? "" });
      process.stdout.write(
        `Two-factor sign-in is off for ${user.email} and its sessions are ended. They sign in with their password and set it up again.\n`,
      );
    } else if (command === "enable") {
      const user = await enableStaffUser({ db }, ref);
      process.stdout.write(`Enabled ${user.email}.\n`);
    } else {
      const users = await listStaffUsers(db);
      if (users.length === 0) process.stdout.write("No staff accounts yet.\n");
      for (const user of users)
        process.stdout.write(
          `${user.email}\t${user.role}${user.isDisabled ? "\tdisabled" : ""}\t${user.name}\n`,
        );
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof AppError) {
    const fields = Object.entries(error.fieldErrors ?? {})
      .map(([field, messages]) => `  ${field}: ${messages.join(" ")}`)
      .join("\n");
    fail(fields ? `${error.message}\n${fields}` : error.message);
  }
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) fail(error.message);
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
