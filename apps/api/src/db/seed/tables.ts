/**
 * The tables the seed writes rows into itself, because no integration collection or module write covers
 * them (decision 076): the provider's team directory, legal agreements, resources, and the charts'
 * series and product objects. Everything a provider feeds goes through the feed (feed.ts) instead.
 * Columns per table, in foreign-key order (a parent table comes before the tables that reference it,
 * so flushing in this order never breaks a constraint); columns left out keep their defaults.
 *
 * Column kinds: `epoch` is sent as seconds and stored through to_timestamp(); `text_list` is a text[]
 * column (unnest cannot take a two-dimensional array, so lists travel joined and are split in SQL).
 */
export const TABLES = {
  team_members: {
    team_member_id: 'int',
    first_nm: 'text',
    last_nm: 'text',
    team_title: 'text',
    email_nm: 'text',
    avatar: 'text',
    phones: 'text_list',
  },
  legal_agreements: {
    legal_agreement_id: 'int',
    title: 'text',
    body: 'text',
    active: 'bool',
    created_at: 'timestamptz',
  },
  resource_categories: { id: 'int', title: 'text', parent_id: 'int', sort_order: 'int' },
  resources: {
    id: 'int',
    category_id: 'int',
    title: 'text',
    excerpt: 'text',
    body: 'text',
    image_url: 'text',
    thumbnail_url: 'text',
    post_date: 'timestamptz',
    alternative_link_url: 'text',
    alternative_link_text: 'text',
  },
  ob_buckets: { base_order_id: 'int', bucket: 'text', size: 'numeric', num_objects: 'numeric' },
  resource_pool_vms: { base_order_id: 'int', name: 'text', memory_bytes: 'numeric', number_of_cpus: 'int' },
  bs_managed_backups: { id: 'int', base_order_id: 'int', resource_hash: 'text', title: 'text' },
  bs_backup_runs: { managed_backup_id: 'int', ran_at: 'epoch', status: 'text' },
} as const;

export type TableName = keyof typeof TABLES;
export type ColumnKind =
  'int' | 'text' | 'bool' | 'numeric' | 'date' | 'timestamptz' | 'float8' | 'epoch' | 'text_list';
export type Value = string | number | boolean | Date | readonly string[] | null;
export type RowOf<T extends TableName> = { [K in keyof (typeof TABLES)[T]]: Value };

/** Serial columns whose sequences must move past the ids the seed chose itself. */
export const SERIAL_COLUMNS: ReadonlyArray<readonly [TableName, string]> = [
  ['team_members', 'team_member_id'],
  ['legal_agreements', 'legal_agreement_id'],
  ['resource_categories', 'id'],
  ['resources', 'id'],
];
