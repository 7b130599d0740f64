export const BUDGET_BYTES: number;
export type InitialFile = { file: string; bytes: number; gzip: number };
export function staticImports(code: string): string[];
export function htmlScripts(html: string): string[];
export function initialJs(
  dist: string,
  htmlFile: string,
): { files: InitialFile[]; bytes: number; gzip: number };
export function homeHtml(dist: string): string;
