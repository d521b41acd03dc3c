/** The menu in the admin area: dishes and categories (API-49..53). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminCategorySchema,
  adminProductSchema,
  type AdminCategory,
  type AdminProduct,
  type CategoryInput,
  type ProductCreate,
  type ProductUpdate,
} from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const adminProductsQuery = queryOptions({
  queryKey: ['admin', 'menu', 'products'],
  queryFn: ({ signal }) => api<AdminProduct[]>('admin/menu/products/', { schema: z.array(adminProductSchema), signal }),
});

export const adminCategoriesQuery = queryOptions({
  queryKey: ['admin', 'menu', 'categories'],
  queryFn: ({ signal }) => api<AdminCategory[]>('admin/menu/categories/', { schema: z.array(adminCategorySchema), signal }),
});

export const useAdminProducts = () => useQuery(adminProductsQuery);
export const useAdminCategories = () => useQuery(adminCategoriesQuery);

/** The admin's lists and the guests' menu both change with any menu write. */
function useMenuChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'menu'] }),
      queryClient.invalidateQueries({ queryKey: ['delivery', 'products'] }),
    ]);
}

export interface ProductSave {
  id?: number;
  /** On create, every field; on edit, only the changed ones (ADM-35). */
  fields: ProductCreate | ProductUpdate;
  /** Uploaded after the dish is saved (ADM-35, ADM-36). */
  image?: File | null;
}

export async function saveProduct({ id, fields, image }: ProductSave): Promise<AdminProduct> {
  let product =
    id === undefined
      ? await api<AdminProduct>('admin/menu/products/', { method: 'POST', body: fields, schema: adminProductSchema })
      : Object.keys(fields).length
        ? await api<AdminProduct>(`admin/menu/products/${id}/`, { method: 'PUT', body: fields, schema: adminProductSchema })
        : undefined;
  const productId = id ?? product!.id;
  if (image) {
    const form = new FormData();
    form.append('image', image);
    product = await api<AdminProduct>(`admin/menu/products/${productId}/`, { method: 'POST', body: form, schema: adminProductSchema });
  }
  return product!;
}

export function useSaveProduct() {
  return useMutation({ mutationFn: saveProduct, onSettled: useMenuChanged() });
}

export function useDeleteProduct() {
  return useMutation({
    mutationFn: (id: number) => api(`admin/menu/products/${id}/`, { method: 'DELETE' }),
    onSettled: useMenuChanged(),
  });
}

export function useSaveCategory() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CategoryInput }) =>
      id === undefined
        ? api<AdminCategory>('admin/menu/categories/', { method: 'POST', body, schema: adminCategorySchema })
        : api<AdminCategory>(`admin/menu/categories/${id}/`, { method: 'PUT', body, schema: adminCategorySchema }),
    onSettled: useMenuChanged(),
  });
}

export function useDeleteCategory() {
  return useMutation({
    mutationFn: (id: number) => api(`admin/menu/categories/${id}/`, { method: 'DELETE' }),
    onSettled: useMenuChanged(),
  });
}

/** PUT admin/menu/products/{id}/hidden/: the kitchen hides a dish that ran out, or shows it again (issue 49). */
export function useSetHidden() {
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      api<AdminProduct>(`admin/menu/products/${id}/hidden/`, { method: 'PUT', body: { hidden }, schema: adminProductSchema }),
    onSettled: useMenuChanged(),
  });
}
