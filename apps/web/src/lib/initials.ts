/**
 * A person's initials as every avatar shows them: the first letter of the first two words of
 * their name ("Sally Sitterton" → "SS"), or "?" for no name.
 */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part.charAt(0).toUpperCase())
      .join('') || '?'
  );
}
