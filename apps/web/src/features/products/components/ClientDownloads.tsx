import { Button, Menu } from '@mantine/core';
import type { productsBackup } from '@portal/contract';

/** The platforms of the installers, in the order first listed, each with its installers. */
function byPlatform(downloads: readonly productsBackup.ClientDownload[]) {
  const groups = new Map<string, productsBackup.ClientDownload[]>();
  for (const d of downloads) groups.set(d.platform, [...(groups.get(d.platform) ?? []), d]);
  return [...groups.entries()];
}

/**
 * "Download clients": the provider's backup client installers, grouped by platform (configured on the
 * server, decision 099). Hidden when none is configured.
 */
export function ClientDownloads({ downloads }: { downloads: readonly productsBackup.ClientDownload[] }) {
  if (downloads.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={340}>
      <Menu.Target>
        <Button variant="light" size="sm">
          Download clients
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Backup client installers">
        {byPlatform(downloads).map(([platform, items]) => (
          <div key={platform} role="group" aria-label={platform}>
            <Menu.Label>{platform}</Menu.Label>
            {items.map((d) => (
              <Menu.Item key={d.url} component="a" href={d.url} target="_blank" rel="noopener noreferrer">
                {d.label}
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
