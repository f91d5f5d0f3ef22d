/** Query keys of the staff connector pages (Prometheus-compatible sources, connector status). */
export const connectorKeys = {
  all: ['connectors'] as const,
  sources: () => [...connectorKeys.all, 'prometheus-sources'] as const,
  status: () => [...connectorKeys.all, 'status'] as const,
};
