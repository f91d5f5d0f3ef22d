-- Web and app security zones (decision 095): the objects of the product-objects kind security_zone,
-- keyed per order by the zone name (the object_key of the zone's series: requests_total, ...). The
-- lists the page shows are the provider's latest report of the zone, held as its attributes:
-- dns_records [{dns_type, dns_name, content, proxied}], threat_types [{threat_type, amount}],
-- threat_countries [{country_code, country_name, amount}] (both over the provider's last 30 days) and
-- firewall_events [{occurred_at, action, ip, country_name, host}] (the latest events).
-- zone_id is the portal's id of the zone, the page's {zoneId}.
CREATE TABLE dd_zones (
  zone_id          serial PRIMARY KEY,
  base_order_id    integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  object_key       text NOT NULL,
  dns_records      jsonb NOT NULL DEFAULT '[]',
  threat_types     jsonb NOT NULL DEFAULT '[]',
  threat_countries jsonb NOT NULL DEFAULT '[]',
  firewall_events  jsonb NOT NULL DEFAULT '[]',
  UNIQUE (base_order_id, object_key)
);
