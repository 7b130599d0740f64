/**
 * Collects the SSE frames of a streamed response (a fetch aborted by `controller`): `waitFor`
 * polls until a frame matches (or throws after `ms`), `close` aborts and waits for the reader.
 */
export function collectFrames(res: Response, controller: AbortController) {
  const frames: string[] = [];
  const done = (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        frames.push(...parts);
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (pred: (f: string) => boolean, ms = 5000) => {
    for (const until = Date.now() + ms; Date.now() < until;) {
      const hit = frames.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
  };
  return { waitFor, close: async () => (controller.abort(), await done) };
}

/** The JSON of a frame's `data:` line. */
export const dataOf = (frame: string) =>
  JSON.parse(
    frame
      .split('\n')
      .find((l) => l.startsWith('data: '))!
      .slice(6),
  );
