import type { orders } from '@portal/contract';
/** A sidebar group: its label, its path segment and the product codes it holds. */
export interface ProductGroup {
  label: string;
  path: string;
  codes: string[];
}

/** 'Cloud & Hosting Services' → 'cloud-hosting-services': lowercase words joined by hyphens. */
export function groupPath(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Sidebar groups from the active products: label, path and product codes, sorted by label. */
export function deriveProductGroups(products: readonly orders.Product[]): ProductGroup[] {
  const byLabel = new Map<string, ProductGroup>();
  for (const product of products) {
    if (!product.active || !product.product_group) continue;
    const group = byLabel.get(product.product_group) ?? {
      label: product.product_group,
      path: groupPath(product.product_group),
      codes: [],
    };
    if (!group.codes.includes(product.product_cd)) group.codes.push(product.product_cd);
    byLabel.set(product.product_group, group);
  }
  return [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label));
}
