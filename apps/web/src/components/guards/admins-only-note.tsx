import { Alert, Anchor, Container, Text, Title } from '@mantine/core';
import { Link, Outlet, useParams } from 'react-router';
import { isAdminUser } from '../../lib/roles';
import { readSession } from '../../lib/session';
import { usePageTitle } from '../ui/use-page-title';

/** A page about one member that the member has a page of their own for. */
export type OwnPage = {
  /** The route parameter that holds the member's id. */
  param: string;
  to: string;
  label: string;
};

/**
 * Admin screens that SPEC §2 lists among the routes any signed-in user may open: anyone else sees
 * a note instead of the screen, which would only ask for data they may not read. With `ownPage`,
 * a member who opens the page about themself is pointed to where they see it.
 */
export function AdminsOnlyNote({ ownPage }: { ownPage?: OwnPage }) {
  const session = readSession();
  const params = useParams();
  if (session && isAdminUser(session.user)) return <Outlet />;
  return (
    <NotForMembers
      ownPage={ownPage}
      isOwn={ownPage !== undefined && session !== null && params[ownPage.param] === session.user.id}
    />
  );
}

function NotForMembers({ ownPage, isOwn }: { ownPage?: OwnPage; isOwn: boolean }) {
  usePageTitle('Admins only');
  return (
    <Container size="md" py="xl">
      <Title order={1}>Admins only</Title>
      <Alert mt="lg" color="yellow">
        This page is for Pawsy admins.
      </Alert>
      {isOwn && ownPage && (
        <Text mt="md">
          <Anchor component={Link} to={ownPage.to}>
            {ownPage.label}
          </Anchor>
        </Text>
      )}
    </Container>
  );
}
