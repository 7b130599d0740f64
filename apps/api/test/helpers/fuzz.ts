/**
 * A request fuzzer generated from the API's own OpenAPI document (`app.swagger()`): for every
 * operation and every role it draws malformed and boundary requests from the operation's
 * parameters and body schema (wrong types, missing and extra fields, empty and 100 kB strings,
 * unicode and NUL, negative/huge numbers, ids of nothing and of other users' records,
 * path-traversal and SQL-ish strings, wrong content types, malformed and very deep JSON,
 * duplicate query keys, broken multipart bodies) and checks each answer: no 5xx, every 4xx is
 * JSON with a message, no stack trace, SQL or internal path in any body.
 *
 * Shared by test/api/fuzz.test.ts (a bounded run in `npm test`) and bench/fuzz/run.ts (the full
 * run, 10,000+ requests, `npm run bench:fuzz`). The parts live in fuzz/: the document
 * (operations.ts), the app's setting (fixtures.ts), value generators (values.ts), bodies
 * (bodies.ts), whole requests (requests.ts), answer checks (checks.ts) and the driver (run.ts).
 */
export { describeFinding, problemsOf, type Finding } from './fuzz/checks.ts';
export { createFixtures, fuzzEnv, refreshSessions, type Fixtures } from './fuzz/fixtures.ts';
export { operationsOf, ROLES, type Operation, type Role, type Schema } from './fuzz/operations.ts';
export { requestArb, type FuzzRequest } from './fuzz/requests.ts';
export { runFuzz, type FuzzResult } from './fuzz/run.ts';
