import { Alert, Container, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { isAdminUser } from '../../lib/roles';
import { readSession } from '../../lib/session';

/**
 * Admin screens that SPEC §2 lists among the routes any signed-in user may open: anyone else sees
 * a note instead of the screen, which would only ask for data they may not read.
 */
export function AdminsOnlyNote() {
  const session = readSession();
  if (session && isAdminUser(session.user)) return <Outlet />;
  return (
    <Container size="md" py="xl">
      <Title order={1}>Admins only</Title>
      <Alert mt="lg" color="yellow">
        This page is for Pawsy admins.
      </Alert>
    </Container>
  );
}
