import { ApiError } from '../../../lib/api-error';

// Kept apart from evidence-files.ts: the disputes slice (in the first page's bundle) uses this,
// and the contract's limits there would bring every schema of the contract with them.

/** Whether the API's refusal is about one file: a file's rule names the field (413, 415). */
function fileAtFault(error: ApiError): 'size' | 'type' | 'unreadable' | null {
  const namesField = Array.isArray(error.response.data.errors);
  if (error.status === 413) return namesField ? 'size' : null; // else: too many files or parts
  if (error.status === 415) return namesField ? 'type' : 'unreadable';
  return null;
}

/**
 * The API's refusal of the evidence with the file it is about, when its message does not name
 * it. The API stops at the first file it refuses without saying which: among the files sent, the
 * one the refusal can be about is named, or the few it can be ("one of …").
 */
export function nameRefusedFile(message: string, error: unknown, files: readonly File[]): string {
  if (
    !(error instanceof ApiError) ||
    files.length === 0 ||
    files.some((file) => message.includes(file.name))
  )
    return message;
  const fault = fileAtFault(error);
  if (!fault) return message;
  let suspects: readonly File[] = files;
  // Too large: the largest file sent is the one (the form refuses files over the limit first).
  if (fault === 'size')
    suspects = [files.reduce((largest, file) => (file.size > largest.size ? file : largest))];
  // Only photos are decoded: a PDF is kept as sent.
  if (fault === 'unreadable') suspects = files.filter((file) => file.type !== 'application/pdf');
  if (suspects.length === 0) suspects = files;
  if (suspects.length === 1) return `${suspects[0]!.name}: ${message}`;
  return `${message} (one of ${suspects.map((file) => file.name).join(', ')})`;
}
