import { Badge, Button, Card, Group, Image, Stack, Title } from '@mantine/core';
import { IconPaw, IconPencil, IconTrash } from '@tabler/icons-react';
import { useApiImage } from '../../../lib/use-api-image';
import type { Pet } from '../pets-api';
import { capitalize, PetFacts } from './pet-facts';

function PetPhoto({ pet }: { pet: Pet }) {
  const src = useApiImage(pet.image);
  if (src) return <Image src={src} alt={`Photo of ${pet.name}`} h={180} fit="cover" />;
  return (
    <Stack h={180} align="center" justify="center" bg="pawsy.0" aria-hidden="true">
      <IconPaw size={48} color="var(--mantine-color-pawsy-7)" />
    </Stack>
  );
}

type PetCardProps = { pet: Pet; isSelected: boolean; onEdit: () => void; onRemove: () => void };

export function PetCard({ pet, isSelected, onEdit, onRemove }: PetCardProps) {
  const headingId = `pet-${pet._id}`;
  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="lg"
      aria-labelledby={headingId}
      style={isSelected ? { borderColor: 'var(--mantine-color-pawsy-6)' } : undefined}
    >
      <Card.Section>
        <PetPhoto pet={pet} />
      </Card.Section>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Title id={headingId} order={2} size="h4">
          {pet.name}
        </Title>
        <Badge variant="light">{capitalize(pet.species)}</Badge>
      </Group>
      <PetFacts pet={pet} />
      <Group mt="auto" grow>
        <Button
          variant="light"
          leftSection={<IconPencil size={16} aria-hidden="true" />}
          onClick={onEdit}
          aria-label={`Edit ${pet.name}`}
        >
          Edit
        </Button>
        <Button
          variant="outline"
          color="red.8"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={onRemove}
          aria-label={`Remove ${pet.name}`}
        >
          Remove
        </Button>
      </Group>
    </Card>
  );
}
