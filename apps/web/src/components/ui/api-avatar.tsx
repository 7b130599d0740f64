import { Avatar, type AvatarProps } from '@mantine/core';
import { initialsOf } from '../../lib/initials';
import { useApiImage } from '../../lib/use-api-image';

type ApiAvatarProps = Omit<AvatarProps, 'src' | 'children'> & {
  /** API path of the photo (e.g. /api/user/{id}/image), or null. */
  path: string | null | undefined;
  /** Whose photo it is: the alt text, and the initials shown without a photo. */
  name: string;
};

/** A photo loaded through the API (with the session's headers), or the person's initials. */
export function ApiAvatar({ path, name, ...props }: ApiAvatarProps) {
  const src = useApiImage(path);
  return (
    <Avatar src={src} alt={src ? name : undefined} {...props}>
      <span aria-hidden="true">{initialsOf(name)}</span>
    </Avatar>
  );
}
