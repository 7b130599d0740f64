import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPaw, IconPencil } from '@tabler/icons-react';
import { useApiImage } from '../../../lib/use-api-image';
import type { Pet } from '../pets-api';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function PetPhoto({ pet }: { pet: Pet }) {
  const src = useApiImage(pet.image);
  if (src) return <Image src={src} alt={`Photo of ${pet.name}`} h={180} fit="cover" />;
  return (
    <Stack h={180} align="center" justify="center" bg="pawsy.0" aria-hidden="true">
      <IconPaw size={48} color="var(--mantine-color-pawsy-7)" />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <Text component="dt" size="sm" c="dark.4">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </>
  );
}

type PetCardProps = { pet: Pet; isSelected: boolean; onEdit: () => void };

export function PetCard({ pet, isSelected, onEdit }: PetCardProps) {
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
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          gap: '4px 12px',
          margin: '12px 0',
        }}
      >
        <Fact label="Breed" value={pet.breed} />
        <Fact label="Age" value={pet.age === null ? null : `${pet.age} yr`} />
        <Fact label="Weight" value={pet.weight === null ? null : `${pet.weight} kg`} />
        <Fact label="Sex" value={pet.sex === 'unknown' ? null : capitalize(pet.sex)} />
        <Fact label="Care notes" value={pet.care_notes} />
        <Fact label="Medical notes" value={pet.medical_notes} />
      </dl>
      <Button
        variant="light"
        mt="auto"
        leftSection={<IconPencil size={16} aria-hidden="true" />}
        onClick={onEdit}
        aria-label={`Edit ${pet.name}`}
      >
        Edit
      </Button>
    </Card>
  );
}
