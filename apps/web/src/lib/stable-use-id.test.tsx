import { useId } from '@mantine/hooks';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';

/** Shows the id that @mantine/hooks' useId (as the app resolves it) gives. */
function IdProbe({ staticId }: { staticId?: string }) {
  const id = useId(staticId);
  return <span data-testid="probe">{id}</span>;
}

describe('Mantine useId, as the app resolves it (build/mantine-patches.ts)', () => {
  it('mounts in one commit: no second, synchronous render to swap the id', () => {
    const phases: string[] = [];
    render(
      <Profiler id="probe" onRender={(_id, phase) => phases.push(phase)}>
        <IdProbe />
      </Profiler>,
    );
    expect(phases).toEqual(['mount']);
  });

  it('gives each instance its own id, kept across re-renders', () => {
    const { rerender } = render(
      <>
        <IdProbe />
        <IdProbe />
      </>,
    );
    const [a, b] = screen.getAllByTestId('probe').map((el) => el.textContent);
    expect(a).toMatch(/^mantine-[\w-]+$/);
    expect(a).not.toBe(b);
    rerender(
      <>
        <IdProbe />
        <IdProbe />
      </>,
    );
    expect(screen.getAllByTestId('probe')[0]?.textContent).toBe(a);
  });

  it('returns a static id when given one', () => {
    render(<IdProbe staticId="pawsy-fixed" />);
    expect(screen.getByTestId('probe').textContent).toBe('pawsy-fixed');
  });
});
