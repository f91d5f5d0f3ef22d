/** Query keys of the staff connector pages (SNMP devices, Prometheus-compatible sources, connector status). */
export const connectorKeys = {
  all: ['connectors'] as const,
  devices: () => [...connectorKeys.all, 'snmp-devices'] as const,
  sources: () => [...connectorKeys.all, 'prometheus-sources'] as const,
  status: () => [...connectorKeys.all, 'status'] as const,
};
