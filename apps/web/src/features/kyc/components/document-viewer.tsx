import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApiImage } from '../../../lib/use-api-image';
import type { KycRecord } from '../kyc-api';

type Doc = KycRecord['documents'][number];

/**
 * Documents are served only with the session headers, so the viewer fetches each one and shows
 * it from a blob URL: images in an <img>, PDFs in an <iframe>.
 */
function Viewer({ doc }: { doc: Doc }) {
  const url = useApiImage(doc.url);
  if (!url) return <Text size="sm">Loading {doc.name}…</Text>;
  if (doc.mime === 'application/pdf')
    return (
      <iframe
        src={url}
        title={`Document: ${doc.name}`}
        style={{ width: '100%', height: 480, border: 0 }}
      />
    );
  return (
    <img
      src={url}
      alt={`Document: ${doc.name}`}
      style={{ maxWidth: '100%', maxHeight: 480, display: 'block' }}
    />
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
