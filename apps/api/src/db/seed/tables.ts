/**
 * The columns the seed writes, per table, in foreign-key order (a parent table comes before the tables
 * that reference it, so flushing in this order never breaks a constraint). Columns left out keep their
 * defaults from 001-core.sql (e.g. users.token_version).
 *
 * Column kinds: `epoch` is sent as seconds and stored through to_timestamp(); `text_list` is a text[]
 * column (unnest cannot take a two-dimensional array, so lists travel joined and are split in SQL).
 */
export const TABLES = {
  products: {
    product_cd: 'text', product: 'text', short_product_name: 'text', product_controller: 'text',
    product_group: 'text', active: 'bool',
  },
  team_members: {
    team_member_id: 'int', first_nm: 'text', last_nm: 'text', team_title: 'text', email_nm: 'text',
    avatar: 'text', phones: 'text_list',
  },
  legal_agreements: { legal_agreement_id: 'int', title: 'text', body: 'text', active: 'bool', created_at: 'timestamptz' },
  cmc_contact_batches: {
    batch_id: 'int', kind: 'text', subject: 'text', service_affecting: 'bool', description_of_work: 'text',
    scheduled_event: 'text', area: 'text', ticket_number: 'text', duration_of_interruption: 'text',
    window_start_time: 'timestamptz', window_end_time: 'timestamptz', circuits_affected: 'text',
    created_at: 'timestamptz',
  },
  outages: { outage_id: 'int', message: 'text', starts_at: 'timestamptz', ends_at: 'timestamptz' },
  resource_categories: { id: 'int', title: 'text', parent_id: 'int', sort_order: 'int' },
  resources: {
    id: 'int', category_id: 'int', title: 'text', excerpt: 'text', body: 'text', image_url: 'text',
    thumbnail_url: 'text', post_date: 'timestamptz', alternative_link_url: 'text', alternative_link_text: 'text',
  },
  users: {
    user_id: 'int', email_nm: 'text', first_nm: 'text', last_nm: 'text', password_hash: 'text',
    uss_admin_level: 'int', two_factor_enabled: 'bool', two_factor_secret: 'text',
    email_verified_at: 'timestamptz', created_at: 'timestamptz', updated_at: 'timestamptz',
  },
  accounts: {
    account_id: 'int', account_number: 'text', name: 'text', company_nm: 'text', is_active: 'bool',
    require_pin: 'bool', pin_hash: 'text', account_status_cd: 'text', is_2fa_required: 'bool',
    created_at: 'timestamptz',
  },
  accounts_users: { account_id: 'int', user_id: 'int', is_account_admin: 'bool', created_at: 'timestamptz' },
  account_team: { account_id: 'int', team_member_id: 'int', sort_order: 'int' },
  legal_acceptances: { user_id: 'int', legal_agreement_id: 'int', accepted_at: 'timestamptz' },
  orders: {
    base_order_id: 'int', account_id: 'int', order_number: 'text', product_cd: 'text', order_status_cd: 'text',
    uss_circuit_id: 'text', customer_ref: 'text', alias: 'text', mrc_charges: 'numeric',
    contract_start_date: 'date', term_cd: 'text', order_term_cd: 'text', order_term: 'text',
    project_manager_id: 'int', created_at: 'timestamptz',
  },
  order_components: {
    component_id: 'int', base_order_id: 'int', description: 'text', unit_of_measure: 'text',
    quantity: 'numeric', mrc_charges: 'numeric', sort_order: 'int',
  },
  tickets: {
    ticket_id: 'int', ticket_number: 'text', account_id: 'int', base_order_id: 'int', opened_by_user_id: 'int',
    subject: 'text', status: 'text', impact: 'text', contact_name: 'text', contact_email: 'text',
    contact_phone: 'text', request_customer_response: 'bool', created: 'timestamptz',
    last_update_posted: 'timestamptz',
  },
  ticket_messages: {
    message_id: 'int', ticket_id: 'int', author_type: 'text', author_nm: 'text', user_id: 'int', body: 'text',
    created_at: 'timestamptz',
  },
  invoices: {
    cycle_log_id: 'int', account_id: 'int', invoice_number: 'text', bill_date: 'date', due_date: 'date',
    total_amt_due: 'numeric', amount_paid: 'numeric', monthly_charges: 'numeric', late_payment_charges: 'numeric',
    adjustments: 'numeric', taxes_fees_other: 'numeric', governmental_charges: 'numeric',
    balance_forward: 'numeric', is_downloadable: 'bool',
  },
  invoice_products: {
    invoice_product_id: 'int', cycle_log_id: 'int', base_order_id: 'int', product_cd: 'text', price: 'numeric',
  },
  cmc_contact_emails: {
    cmc_contact_email_id: 'int', batch_id: 'int', account_id: 'int', circuit_ids: 'text', created_at: 'timestamptz',
  },
  metric_points: { base_order_id: 'int', series: 'text', ts: 'epoch', value: 'float8' },
} as const;

export type TableName = keyof typeof TABLES;
export type ColumnKind = 'int' | 'text' | 'bool' | 'numeric' | 'date' | 'timestamptz' | 'float8' | 'epoch' | 'text_list';
export type Value = string | number | boolean | Date | readonly string[] | null;
export type RowOf<T extends TableName> = { [K in keyof (typeof TABLES)[T]]: Value };

/** Serial columns whose sequences must move past the ids the seed chose itself. */
export const SERIAL_COLUMNS: ReadonlyArray<readonly [TableName, string]> = [
  ['team_members', 'team_member_id'],
  ['legal_agreements', 'legal_agreement_id'],
  ['cmc_contact_batches', 'batch_id'],
  ['outages', 'outage_id'],
  ['resource_categories', 'id'],
  ['resources', 'id'],
  ['users', 'user_id'],
  ['accounts', 'account_id'],
  ['orders', 'base_order_id'],
  ['order_components', 'component_id'],
  ['tickets', 'ticket_id'],
  ['ticket_messages', 'message_id'],
  ['invoices', 'cycle_log_id'],
  ['invoice_products', 'invoice_product_id'],
  ['cmc_contact_emails', 'cmc_contact_email_id'],
];
