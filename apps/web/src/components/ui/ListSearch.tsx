import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

export interface ListSearchProps {
  /** The applied search (from the list state in the query string). */
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder?: string;
}

/** A list's search box: typing edits a draft, Enter or the button applies it (and goes to page 1). */
export function ListSearch({ value, onSearch, label, placeholder }: ListSearchProps) {
  const [draft, setDraft] = useState(value);
  // When the applied search changes from outside (Back, a link), the box follows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          size="sm"
          type="search"
          maxLength={100}
        />
        <Button type="submit" size="sm" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
