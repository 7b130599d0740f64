import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web package declares its side effects (package.json "sideEffects") so that the bundler may
// drop a module none of whose exports is used. A module imported only for what it does at load
// (`import './x'`) must then be on that list, or the build silently leaves it out. This test reads
// every such import in the sources and holds the list to them.

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const srcRoot = join(packageRoot, 'src');
const declared = (
  JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { sideEffects: string[] }
).sideEffects;

/** `import 'specifier';` with no bindings, one per line as Prettier writes them. */
const bareImport = /^\s*import\s+['"]([^'"]+)['"];?\s*$/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names, as Vite resolves it (extension optional, index files). */
function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** "./src/…" with forward slashes, the form package.json uses. */
function packagePath(file: string): string {
  return `./${relative(packageRoot, file).split(sep).join('/')}`;
}

function isDeclared(path: string): boolean {
  return declared.some((entry) =>
    entry.startsWith('*.') ? path.endsWith(entry.slice(1)) : entry === path,
  );
}

/** Every local module the sources import for its side effects alone. */
function sideEffectImports(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(srcRoot)) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(bareImport)) {
      if (!specifier?.startsWith('.')) continue; // a package's own package.json speaks for it
      const target = resolveLocal(file, specifier);
      expect(target, `${packagePath(file)} imports ${specifier}, which does not exist`).not.toBe(
        null,
      );
      if (target) found.add(packagePath(target));
    }
  }
  return [...found].sort();
}

describe('the web package’s sideEffects list', () => {
  it('names every local module imported only for its side effects', () => {
    const imports = sideEffectImports();
    // The entry point imports at least zod's setup and the first-paint CSS this way.
    expect(imports).toContain('./src/lib/zod-jitless.ts');
    expect(imports.filter((path) => !isDeclared(path))).toEqual([]);
  });

  it('names only files that exist and are imported that way', () => {
    const imports = new Set(sideEffectImports());
    const listedFiles = declared.filter((entry) => !entry.startsWith('*.'));
    expect(listedFiles.filter((path) => !existsSync(join(packageRoot, path)))).toEqual([]);
    expect(listedFiles.filter((path) => !imports.has(path))).toEqual([]);
  });

  it('recognises an undeclared side-effect import', () => {
    expect(isDeclared('./src/lib/zod-jitless.ts')).toBe(true);
    expect(isDeclared('./src/app/styles/first-paint.css')).toBe(true);
    expect(isDeclared('./src/lib/polyfill.ts')).toBe(false);
  });
});
