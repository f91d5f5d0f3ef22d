/** Query keys of the staff SNMP devices page. */
export const snmpKeys = {
  all: ['snmp-devices'] as const,
  list: () => [...snmpKeys.all, 'list'] as const,
};
