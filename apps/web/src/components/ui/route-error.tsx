import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Shown when a screen fails to load (e.g. a chunk timed out) instead of a blank page. */
export function RouteError() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center">
        <Title order={1}>This page could not be loaded</Title>
        <Text c="dimmed">
          Your connection may have dropped or Pawsy was just updated. Reloading usually fixes it.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}

type BoundaryProps = { children: ReactNode };

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * The routes' error boundary: a screen that throws while rendering (or whose chunk fails to load)
 * shows RouteError; moving to another path starts afresh. A plain React boundary rather than the
 * data router's `errorElement`, so the app can use the smaller declarative router (main.tsx).
 */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
