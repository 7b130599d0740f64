import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { STATIC_PATHS, paths } from '../../../config/paths';

export default function NotFoundScreen() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  // Paths are case-sensitive (/SignUp); offer the right spelling of a mistyped one.
  const suggestion = STATIC_PATHS.find(
    (p) => p.toLowerCase() === pathname.toLowerCase() && p !== pathname,
  );
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center">
        <Text fz={64} fw={800} c="pawsy.8" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dark.6">
          We could not find <code>{pathname}</code>. It may have moved, or the address may have a
          typo.
        </Text>
        {suggestion && (
          <Text>
            Did you mean{' '}
            <Anchor component={Link} to={suggestion}>
              {suggestion}
            </Anchor>
            ?
          </Text>
        )}
        <Button component={Link} to={paths.home}>
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
