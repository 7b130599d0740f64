import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApiImage } from '../../../lib/use-api-image';
import type { KycRecord } from '../kyc-api';

type Doc = KycRecord['documents'][number];

/**
 * Documents are served only with the session headers, so the viewer fetches each one and shows
 * it from a blob URL: images in an <img>, PDFs in an <iframe> (the CSP's `frame-src blob:`).
 * A download link under the preview gives the file itself, for a browser that cannot show it.
 */
function Viewer({ doc }: { doc: Doc }) {
  const url = useApiImage(doc.url);
  if (!url) return <Text size="sm">Loading {doc.name}…</Text>;
  const preview =
    doc.mime === 'application/pdf' ? (
      <iframe
        src={url}
        title={`Document: ${doc.name}`}
        style={{ width: '100%', height: 480, border: 0 }}
      />
    ) : (
      <img
        src={url}
        alt={`Document: ${doc.name}`}
        style={{ maxWidth: '100%', maxHeight: 480, display: 'block' }}
      />
    );
  return (
    <Stack gap="xs">
      {preview}
      <Anchor href={url} download={doc.name} size="sm" w="fit-content">
        Download {doc.name}
      </Anchor>
    </Stack>
  );
}

export function DocumentViewer({ documents }: { documents: Doc[] }) {
  const [selected, setSelected] = useState(0);
  const current = documents[selected] ?? documents[0];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="kyc-documents">
      <Title order={2} size="h4" id="kyc-documents" mb="sm">
        Documents
      </Title>
      {documents.length === 0 ? (
        <Text size="sm">No documents.</Text>
      ) : (
        <>
          <Group gap="xs" mb="sm" role="group" aria-label="Choose a document">
            {documents.map((d, i) => (
              <Button
                key={d._id}
                size="xs"
                variant={d === current ? 'filled' : 'light'}
                aria-pressed={d === current}
                onClick={() => setSelected(i)}
              >
                {d.name}
              </Button>
            ))}
          </Group>
          {current && <Viewer key={current._id} doc={current} />}
        </>
      )}
    </Paper>
  );
}
