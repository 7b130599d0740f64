import { createRequire } from 'node:module';
import type Driver from 'better-sqlite3';

/**
 * The better-sqlite3 build that is safe on the running Node.js. Version 12 wraps its objects in
 * Node's own `ObjectWrap`, whose destructor aborts the process on Node ≥ 24.19 when the garbage
 * collector frees a statement outside a JavaScript context ("Assertion failed: (env) !=
 * nullptr" in RemoveEnvironmentCleanupHook); version 13 is built on Node-API and has no such
 * crash, but needs Node ≥ 22 (it crashes on 20). Both are installed (13 as the npm alias
 * `better-sqlite3-napi`) and have the same API: Node 22 and later load 13, Node 20 loads 12.
 */
const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The package name of that build (a worker thread loads the same one). */
export const SQLITE_DRIVER_MODULE = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const SQLite = require(SQLITE_DRIVER_MODULE) as typeof Driver;

// The types travel with the value, so `SQLite.Database` reads as it did with the package itself.
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace SQLite {
  type Database = Driver.Database;
  type Statement = Driver.Statement;
}

export default SQLite;
