// The session table connect-pg-simple reads and writes. Safe to run on every start: it creates
// only what is missing. The primary runs it once before forking the workers.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS "session" (
  "sid" varchar NOT NULL PRIMARY KEY,
  "sess" json NOT NULL,
  "expire" timestamp(6) NOT NULL
);
CREATE INDEX IF NOT EXISTS "session_expire" ON "session" ("expire");
`;

async function ensureSchema(pool) {
  await pool.query(SCHEMA);
}

module.exports = { ensureSchema };
