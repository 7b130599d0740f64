import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiAvatar } from '../../../components/ui/api-avatar';

type PhotoFieldProps = {
  name: string;
  /** The stored photo's API path. */
  currentPath: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Upload progress 0–100 while saving, null otherwise. */
  progress: number | null;
  /** Why the server refused the picked file (its type, its size), shown under the field. */
  refusal?: string | null;
};

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';

/** The profile photo: current one (or initials), a picked file's preview, and upload progress. */
export function PhotoField({
  name,
  currentPath,
  file,
  onFile,
  progress,
  refusal = null,
}: PhotoFieldProps) {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const pick = (picked: File | null) => {
    if (picked && picked.size > PHOTO_MAX_BYTES) {
      setError('The photo is larger than 5 MB.');
      return;
    }
    setError(null);
    if (picked && typeof URL.createObjectURL === 'function') {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
      previewUrl.current = URL.createObjectURL(picked);
      setPreview({ file: picked, url: previewUrl.current });
    }
    onFile(picked);
  };
  // Once the parent drops the file (saved or removed), the stored photo shows again.
  const shownPreview = preview && preview.file === file ? preview.url : null;

  return (
    <Group align="center" gap="lg">
      <ApiAvatar
        path={shownPreview ?? currentPath}
        name={name}
        size={96}
        radius="50%"
        color="pawsy"
      />
      <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
        <Group gap="xs">
          <FileButton onChange={pick} accept={PHOTO_TYPES}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
              >
                {currentPath || file ? 'Change photo' : 'Add a photo'}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button variant="subtle" color="gray" onClick={() => onFile(null)}>
              Remove
            </Button>
          )}
        </Group>
        <Text size="xs" c="dark.4">
          {file
            ? `Selected: ${file.name} (saved with the profile)`
            : 'JPEG, PNG or WebP, up to 5 MB.'}
        </Text>
        {(error ?? refusal) && (
          <Text size="sm" c="red.8" role="alert">
            {error ?? refusal}
          </Text>
        )}
        {progress !== null && (
          <Progress
            value={progress}
            size="lg"
            aria-label="Photo upload progress"
            aria-valuetext={`${progress}%`}
            animated={progress < 100}
          />
        )}
      </Stack>
    </Group>
  );
}
