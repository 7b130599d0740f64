import { Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './layout.module.css';

export function PawIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
      <g fill="#fff">
        <ellipse cx="32" cy="42" rx="12" ry="10" />
        <ellipse cx="17" cy="29" rx="5" ry="6.5" />
        <ellipse cx="47" cy="29" rx="5" ry="6.5" />
        <ellipse cx="25" cy="18" rx="5" ry="7" />
        <ellipse cx="39" cy="18" rx="5" ry="7" />
      </g>
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className={classes.brand} aria-label="Pawsy home">
      <PawIcon />
      <Text component="span" fw={800} fz="xl" lh={1}>
        Pawsy
      </Text>
    </Link>
  );
}
