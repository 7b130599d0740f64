import { Alert } from '@mantine/core';

/** What a code step says: a failure (alert) and news such as "We sent a new code" (status). */
export function FormMessages({ error, info }: { error: string | null; info: string | null }) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {info && (
        <Alert color="pawsy" role="status">
          {info}
        </Alert>
      )}
    </>
  );
}
