/** Query keys of the resources area. */
export const resourceKeys = {
  all: ['resources'] as const,
  list: (categoryId: number, page: number, search: string) =>
    [...resourceKeys.all, 'list', categoryId, page, search] as const,
  detail: (resourceId: number) => [...resourceKeys.all, 'detail', resourceId] as const,
};
