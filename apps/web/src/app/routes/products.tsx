import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment, optionalSegments } from '../../lib/segments.ts';
import { serverPage } from '../first-screen.ts';
import { segmentGuard } from '../segment-guard.ts';

/**
 * Per-product service pages (protected): service/{controller}/{baseOrderId}. Their static controller
 * segment outranks the generic order page's service/:productCd/* (routes/services.tsx).
 */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

/** Exactly one segment, a base order id; otherwise the dashboard. */
const baseOrderGuard = segmentGuard((s) => {
  const baseOrderId = idSegment(exactSegments(s, 1)?.[0]);
  return baseOrderId === null ? null : { baseOrderId };
});

/** Two segments, a base order id and a managed backup's resource id; otherwise the dashboard. */
const bsBackupGuard = segmentGuard((s) => {
  const [order, resourceId] = exactSegments(s, 2) ?? [];
  const baseOrderId = idSegment(order);
  return baseOrderId === null || !resourceId ? null : { baseOrderId, resourceId };
});

/** A base order id and an optional security zone id; otherwise the dashboard. */
const ddGuard = segmentGuard((s) => {
  const [order, zone] = optionalSegments(s, 2, 1) ?? [];
  const baseOrderId = idSegment(order);
  const zoneId = zone === undefined ? null : idSegment(zone);
  return baseOrderId === null || (zone !== undefined && zoneId === null) ? null : { baseOrderId, zoneId };
});

/** Two segments, a base order id and an endpoint backup client's or machine's name; otherwise the dashboard. */
const ebObjectGuard = segmentGuard((s) => {
  const [order, name] = exactSegments(s, 2) ?? [];
  const baseOrderId = idSegment(order);
  return baseOrderId === null || !name?.trim() ? null : { baseOrderId, name };
});

/** Two segments, a base order id and a disaster recovery object's id (vpgId, vmId); otherwise the dashboard. */
const dsObjectGuard = segmentGuard((s) => {
  const [order, object] = exactSegments(s, 2) ?? [];
  const baseOrderId = idSegment(order);
  const objectId = idSegment(object);
  return baseOrderId === null || objectId === null ? null : { baseOrderId, objectId };
});

export const productsRoutes: RouteObject[] = [
  {
    path: 'service/usage-based/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/UsageBasedPage.tsx'),
    lazy: page(() => import('../../features/products/pages/UsageBasedPage.tsx'), 'UsageBasedPage'),
  },
  {
    path: 'service/ob/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/ObjectStoragePage.tsx'),
    lazy: page(() => import('../../features/products/pages/ObjectStoragePage.tsx'), 'ObjectStoragePage'),
  },
  {
    path: 'service/network/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/NetworkPage.tsx'),
    lazy: page(() => import('../../features/products/pages/NetworkPage.tsx'), 'NetworkPage'),
  },
  {
    path: 'service/resource-pool/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/ResourcePoolPage.tsx'),
    lazy: page(() => import('../../features/products/pages/ResourcePoolPage.tsx'), 'ResourcePoolPage'),
  },
  {
    path: 'service/oc/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/OpenCloudPage.tsx'),
    lazy: page(() => import('../../features/products/pages/OpenCloudPage.tsx'), 'OpenCloudPage'),
  },
  {
    path: 'service/ch/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/BackupPlatformPage.tsx'),
    lazy: page(() => import('../../features/products/pages/BackupPlatformPage.tsx'), 'BackupPlatformPage'),
  },
  {
    path: 'service/cv/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/VmBackupPage.tsx'),
    lazy: page(() => import('../../features/products/pages/VmBackupPage.tsx'), 'VmBackupPage'),
  },
  {
    path: 'service/ed/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/EndpointDetectionPage.tsx'),
    lazy: page(() => import('../../features/products/pages/EndpointDetectionPage.tsx'), 'EndpointDetectionPage'),
  },
  {
    path: 'service/bs/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/BackupServicePage.tsx'),
    lazy: page(() => import('../../features/products/pages/BackupServicePage.tsx'), 'BackupServicePage'),
  },
  {
    path: 'service/bs-backup/*',
    loader: bsBackupGuard,
    handle: serverPage('src/features/products/pages/BackupResourcePage.tsx'),
    lazy: page(() => import('../../features/products/pages/BackupResourcePage.tsx'), 'BackupResourcePage'),
  },
  {
    path: 'service/ds/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/DisasterRecoveryPage.tsx'),
    lazy: page(() => import('../../features/products/pages/DisasterRecoveryPage.tsx'), 'DisasterRecoveryPage'),
  },
  {
    path: 'service/ds-vpg/*',
    loader: dsObjectGuard,
    handle: serverPage('src/features/products/pages/ProtectionGroupPage.tsx'),
    lazy: page(() => import('../../features/products/pages/ProtectionGroupPage.tsx'), 'ProtectionGroupPage'),
  },
  {
    path: 'service/ds-vm/*',
    loader: dsObjectGuard,
    handle: serverPage('src/features/products/pages/VmPage.tsx'),
    lazy: page(() => import('../../features/products/pages/VmPage.tsx'), 'VmPage'),
  },
  {
    path: 'service/eb/*',
    loader: baseOrderGuard,
    handle: serverPage('src/features/products/pages/EndpointBackupPage.tsx'),
    lazy: page(() => import('../../features/products/pages/EndpointBackupPage.tsx'), 'EndpointBackupPage'),
  },
  {
    path: 'service/eb-agent-machine/*',
    loader: ebObjectGuard,
    handle: serverPage('src/features/products/pages/AgentMachinePage.tsx'),
    lazy: page(() => import('../../features/products/pages/AgentMachinePage.tsx'), 'AgentMachinePage'),
  },
  {
    path: 'service/eb-image-machine/*',
    loader: ebObjectGuard,
    handle: serverPage('src/features/products/pages/ImageMachinePage.tsx'),
    lazy: page(() => import('../../features/products/pages/ImageMachinePage.tsx'), 'ImageMachinePage'),
  },
  {
    path: 'service/dd/*',
    loader: ddGuard,
    handle: serverPage('src/features/products/pages/WebSecurityPage.tsx'),
    lazy: page(() => import('../../features/products/pages/WebSecurityPage.tsx'), 'WebSecurityPage'),
  },
];
