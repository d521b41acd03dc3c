/** What the public pages read: rooms, amenities, menu categories and products. */
import { z } from 'zod';
import { OPTION_GROUP_KINDS } from '../rules/options';
import { kopecksSchema, localizedTextSchema } from './common';

export const imageSchema = z.object({
  /** Absolute URL of the original image. */
  src: z.string(),
  /** Widths this image is also served at (`src?w=NNN`), for `srcset`. */
  widths: z.array(z.number().int().positive()),
  alt: localizedTextSchema,
});
export type Image = z.infer<typeof imageSchema>;

export const convenienceSchema = z.object({
  id: z.number().int(),
  description: localizedTextSchema,
  image: z.string().nullable(),
});
export type Convenience = z.infer<typeof convenienceSchema>;

export const roomSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  images: z.array(imageSchema),
  price: kopecksSchema,
  extra_price: kopecksSchema.nullable(),
  primary_capacity: z.number().int().positive(),
  extra_capacity: z.number().int().nonnegative(),
  room_size: z.number().positive(),
  conveniences: z.array(convenienceSchema),
});
export type Room = z.infer<typeof roomSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  title: localizedTextSchema,
});
export type Category = z.infer<typeof categorySchema>;

/** An option of a dish (issue 24): its name and what it adds to the dish's price. */
export const dishOptionSchema = z.object({ id: z.number().int(), name: localizedTextSchema, price: kopecksSchema });

/** A group of a dish's options: one of (`one`, a portion size) or any of up to `max` (`any`, additions). */
export const optionGroupSchema = z.object({
  id: z.number().int(),
  name: localizedTextSchema,
  kind: z.enum(OPTION_GROUP_KINDS),
  max: z.number().int().positive(),
  options: z.array(dishOptionSchema),
});

export const productSchema = z.object({
  id: z.number().int(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  price: kopecksSchema,
  image: imageSchema.nullable(),
  category: categorySchema,
  /** The dish's option groups, in the order the dialog shows them; empty for most dishes. */
  option_groups: z.array(optionGroupSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
export type ProductList = z.infer<typeof productListSchema>;
