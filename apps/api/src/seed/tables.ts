/**
 * The tables the seed writes rows into itself (decision 076): those no integration collection or module
 * write covers (the provider's team directory, legal agreements, resources, the product objects behind
 * the charts), and, for the benchmark seed's fast path only (bulk-feed.ts), the rows the upsert
 * services write for fed items. Columns per table, in foreign-key order (a parent table comes before
 * the tables that reference it, so flushing in this order never breaks a constraint); columns left
 * out keep their defaults.
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
  accounts: {
    account_id: 'int',
    account_number: 'text',
    name: 'text',
    company_nm: 'text',
    company_key: 'text',
    require_pin: 'bool',
    is_2fa_required: 'bool',
    account_status_cd: 'text',
    is_active: 'bool',
    created_at: 'timestamptz',
  },
  users: {
    user_id: 'int',
    email_nm: 'text',
    first_nm: 'text',
    last_nm: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  accounts_users: { account_id: 'int', user_id: 'int', is_account_admin: 'bool', created_at: 'timestamptz' },
  account_team: { account_id: 'int', team_member_id: 'int', sort_order: 'int' },
  orders: {
    base_order_id: 'int',
    order_number: 'text',
    account_id: 'int',
    product_cd: 'text',
    uss_circuit_id: 'text',
    customer_ref: 'text',
    order_status_cd: 'text',
    contract_start_date: 'date',
    term_cd: 'text',
    project_manager_id: 'int',
    mrc_charges: 'numeric',
    order_term_cd: 'text',
    order_term: 'text',
    created_at: 'timestamptz',
  },
  order_components: {
    component_id: 'int',
    base_order_id: 'int',
    component_key: 'text',
    description: 'text',
    unit_of_measure: 'text',
    quantity: 'numeric',
    rate: 'numeric',
    mrc_charges: 'numeric',
    sort_order: 'int',
  },
  invoices: {
    cycle_log_id: 'int',
    invoice_number: 'text',
    account_id: 'int',
    bill_date: 'date',
    due_date: 'date',
    monthly_charges: 'numeric',
    late_payment_charges: 'numeric',
    adjustments: 'numeric',
    taxes_fees_other: 'numeric',
    governmental_charges: 'numeric',
    balance_forward: 'numeric',
    total_amt_due: 'numeric',
    amount_paid: 'numeric',
  },
  invoice_products: {
    invoice_product_id: 'int',
    cycle_log_id: 'int',
    base_order_id: 'int',
    product_cd: 'text',
    description: 'text',
    price: 'numeric',
  },
  payments: {
    payment_id: 'int',
    payment_reference: 'text',
    account_id: 'int',
    cycle_log_id: 'int',
    paid_at: 'timestamptz',
    amount: 'numeric',
  },
  tickets: {
    ticket_id: 'int',
    ticket_number: 'text',
    account_id: 'int',
    base_order_id: 'int',
    subject: 'text',
    status: 'text',
    request_customer_response: 'bool',
    created: 'timestamptz',
    last_update_posted: 'timestamptz',
  },
  ticket_messages: {
    message_id: 'int',
    ticket_id: 'int',
    external_id: 'text',
    author_type: 'text',
    author_nm: 'text',
    body: 'text',
    created_at: 'timestamptz',
  },
  network_interfaces: {
    base_order_id: 'int',
    object_key: 'text',
    name: 'text',
    alias: 'text',
    snmpiftype: 'int',
    speed_bps: 'numeric',
  },
  storage_profiles: { base_order_id: 'int', object_key: 'text' },
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

/** Serial columns of the tables whose ids the seed chose itself (their sequences must move past them). */
export const SERIAL_COLUMNS: ReadonlyArray<readonly [TableName, string]> = [
  ['team_members', 'team_member_id'],
  ['legal_agreements', 'legal_agreement_id'],
  ['resource_categories', 'id'],
  ['resources', 'id'],
];

/** Serial columns of the fed tables: the bulk fast path numbers its rows on from the services' ones. */
export const FED_SERIAL_COLUMNS = [
  ['accounts', 'account_id'],
  ['users', 'user_id'],
  ['orders', 'base_order_id'],
  ['order_components', 'component_id'],
  ['invoices', 'cycle_log_id'],
  ['invoice_products', 'invoice_product_id'],
  ['payments', 'payment_id'],
  ['tickets', 'ticket_id'],
  ['ticket_messages', 'message_id'],
] as const satisfies ReadonlyArray<readonly [TableName, string]>;
