/**
 * The admin area's contract (spec sections 5, 7 Admin; ADM-01..49, API-43..54). Texts an admin
 * writes are stored in both languages: a body takes `{ ru, en }`, or a plain string, which is the
 * Russian text (the spec's shape). English may be empty: visitors then read the Russian
 * (`withRussianFallback`). Messages are translation keys of the admin namespace; the server
 * answers them in English through `validationMessages`.
 */
import { z } from 'zod';
import { ROLES, emailSchema } from './identity';
import { STAFF_ROLES } from '../rules/staff-roles';
import { categorySchema, productSchema, roomSchema } from './catalogue';
import { LONE_SURROGATE, localizedTextSchema, oneLineText, type LocalizedText } from './common';
import { OPTION_GROUP_KINDS } from '../rules/options';
import { NON_REFUNDABLE_PERCENT_MAX } from '../rules/rate-type';
import { OPTION_GROUPS_MAX, OPTIONS_PER_GROUP_MAX } from '../rules/order';

/** The largest price an admin may set, in kopecks (1 000 000 BYN): a typo, not a price, beyond it. */
export const ADMIN_PRICE_MAX = 100_000_000;
/** Uploaded pictures: checked by their content, at most this many bytes. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const ROOM_IMAGES_MAX = 20;

/** A row's id in a body: a positive PostgreSQL integer. */
const idSchema = z.number().int().positive().max(2_147_483_647);

export const TEXT_MAX = { title: 120, name: 160, description: 2000 } as const;

/** What visitors read: the English text, or the Russian where the English is empty. */
export function withRussianFallback(text: LocalizedText): LocalizedText {
  return { ru: text.ru, en: text.en.trim() ? text.en : text.ru };
}

/** The text in one language, the Russian where that one is empty: what a screen shows of a staff text. */
export function textIn(text: LocalizedText, language: keyof LocalizedText): string {
  return withRussianFallback(text)[language];
}

/**
 * Control characters have no place in a name or a description. JSON bodies are refused them by
 * the server before any schema runs; multipart fields are parsed later, so the rule is here too.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PRINTABLE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;


/**
 * The two halves of a bilingual text an admin writes: Russian required (not only spaces), English
 * optional. A name or a title is one line (`oneLine`); a description may have several.
 */
export function textParts(max: number, lines: 'one' | 'many' = 'many') {
  const base = (lines === 'one' ? oneLineText() : z.string())
    .trim()
    .max(max, 'admin:validation.tooLong')
    .regex(PRINTABLE, 'common:validation.invalid')
    // Half a surrogate pair is no character; PostgreSQL refuses to store it in jsonb.
    .refine((text) => !LONE_SURROGATE.test(text), 'common:validation.invalid');
  return { ru: base.min(1, 'common:validation.required'), en: base };
}

/** A bilingual text in a JSON body: `{ ru, en }`, or a string, which is the Russian. */
export function localizedInput(max: number, lines: 'one' | 'many' = 'many') {
  const { ru, en } = textParts(max, lines);
  return z.union([ru.transform((text): LocalizedText => ({ ru: text, en: '' })), z.strictObject({ ru, en: en.default('') })]);
}

const priceField = (minKey: string) =>
  z.number('admin:validation.priceNumber').int('admin:validation.priceWhole').max(ADMIN_PRICE_MAX, 'admin:validation.priceTooHigh').min(0, minKey);

/** A room's price in kopecks: at least 0 (ADM-15, ADM-16). */
export const roomPriceSchema = priceField('admin:validation.minPrice');
/** A dish's price in kopecks: greater than 0 (ADM-32). */
export const productPriceSchema = priceField('admin:validation.priceGreaterThanZero').refine((price) => price > 0, 'admin:validation.priceGreaterThanZero');

// ─── Rooms and amenities ────────────────────────────────────────────────────────────────────────

/** The non-refundable discount a room offers, whole percent 0..NON_REFUNDABLE_PERCENT_MAX. */
export const nonRefundablePercentSchema = z
  .number('admin:validation.percentWhole')
  .int('admin:validation.percentWhole')
  .min(0, 'admin:validation.percentRange')
  .max(NON_REFUNDABLE_PERCENT_MAX, 'admin:validation.percentRange');

/** PATCH admin/rooms/{room_id}/ (API-48): any of the fields, `convenience_ids` alone too. */
export const roomPatchSchema = z
  .strictObject({
    price: roomPriceSchema.optional(),
    extra_price: roomPriceSchema.nullable().optional(),
    convenience_ids: z.array(idSchema).max(100).optional(),
    name: localizedInput(TEXT_MAX.name, 'one').optional(),
    description: localizedInput(TEXT_MAX.description).optional(),
    /** The non-refundable rate's discount in whole percent; 0 offers no such rate (issue 23.3). */
    non_refundable_percent: nonRefundablePercentSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'admin:validation.nothingToChange');
export type RoomPatch = z.input<typeof roomPatchSchema>;

export const roomIdParamSchema = z.strictObject({
  room_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'common:validation.invalid')
    .transform(Number)
    .pipe(idSchema),
});

/** A room as the admin edits it: the texts as written (English may be empty), and its non-refundable discount. */
export const adminRoomSchema = roomSchema.extend({ non_refundable_percent: z.number().int() });
export type AdminRoom = z.infer<typeof adminRoomSchema>;

/** PUT admin/rooms/{room_id}/images/: the pictures in their new order; the first is the cover. */
export const roomImagesOrderSchema = z.strictObject({
  files: z.array(z.string().min(1).max(100)).min(1).max(ROOM_IMAGES_MAX),
});

export const roomImageParamSchema = roomIdParamSchema.extend({ file: z.string().min(1).max(100) });

export const adminConvenienceSchema = z.object({
  id: z.number().int(),
  description: localizedTextSchema,
  image: z.string().nullable(),
  /** How many rooms list it: deleting it takes it off them. */
  room_count: z.number().int().nonnegative(),
});
export type AdminConvenience = z.infer<typeof adminConvenienceSchema>;

// ─── Menu ───────────────────────────────────────────────────────────────────────────────────────

export const adminProductSchema = productSchema.extend({
  /** Hidden from the menu (sold out today) without being deleted. */
  hidden: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const optionPriceSchema = priceField('admin:validation.minPrice');

/** A dish's option groups as staff save them (issue 24): all of them at once; new ones without ids. */
export const optionGroupsInputSchema = z
  .array(
    z.strictObject({
      id: idSchema.optional(),
      name: localizedInput(TEXT_MAX.title, 'one'),
      kind: z.enum(OPTION_GROUP_KINDS, 'common:validation.invalid'),
      max: z.number('common:validation.invalid').int('common:validation.invalid').min(1, 'common:validation.invalid').max(OPTIONS_PER_GROUP_MAX, 'common:validation.invalid').default(1),
      options: z
        .array(z.strictObject({ id: idSchema.optional(), name: localizedInput(TEXT_MAX.title, 'one'), price: optionPriceSchema }))
        .min(1, 'admin:validation.optionsEmpty')
        .max(OPTIONS_PER_GROUP_MAX, 'admin:validation.optionsTooMany'),
    }),
  )
  .max(OPTION_GROUPS_MAX, 'admin:validation.optionGroupsTooMany');
export type OptionGroupsInput = z.input<typeof optionGroupsInputSchema>;

const productFields = {
  name: localizedInput(TEXT_MAX.name, 'one'),
  description: localizedInput(TEXT_MAX.description),
  price: productPriceSchema,
  category_id: idSchema,
  hidden: z.boolean(),
  option_groups: optionGroupsInputSchema,
};

/** POST admin/menu/products/ (API-49). */
export const productCreateSchema = z.strictObject({ ...productFields, hidden: productFields.hidden.default(false), option_groups: productFields.option_groups.default([]) });
export type ProductCreate = z.input<typeof productCreateSchema>;

/** PUT admin/menu/products/{id}/ (API-50): the changed fields only (ADM-35). */
/** PUT admin/menu/products/{id}/hidden/: the kitchen hides a dish that ran out (issue 49). */
export const productHiddenSchema = z.strictObject({ hidden: z.boolean() });

export const productUpdateSchema = z
  .strictObject({
    name: productFields.name.optional(),
    description: productFields.description.optional(),
    price: productFields.price.optional(),
    category_id: productFields.category_id.optional(),
    hidden: productFields.hidden.optional(),
    option_groups: productFields.option_groups.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'admin:validation.nothingToChange');
export type ProductUpdate = z.input<typeof productUpdateSchema>;

export const adminCategorySchema = categorySchema.extend({
  product_count: z.number().int().nonnegative(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** POST admin/menu/categories/ and PUT admin/menu/categories/{id}/ (API-52, API-53; ADM-41). */
export const categoryInputSchema = z.strictObject({ title: localizedInput(TEXT_MAX.title, 'one') });
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** The answer (409) when a category that still has dishes is deleted. */
export const CATEGORY_NOT_EMPTY_DETAIL = 'The category still has dishes: move or delete them first';

// ─── Administrators ─────────────────────────────────────────────────────────────────────────────

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  /** The names the account's owner gave in the profile: the list shows them before the nickname. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Whether the account's owner confirmed the address with its code; an unconfirmed account has no admin rights. */
  is_active: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST admin/admins/add/ and admin/admins/delete/ (API-44, API-45; ADM-43). */
export const adminEmailSchema = z.strictObject({ email: emailSchema });

/** A member of staff at /admin/users (issue 49): who they are and the roles they hold. */
export const staffMemberSchema = adminUserSchema.extend({ roles: z.array(z.enum(STAFF_ROLES)) });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * Roles as sent: any strings, so that one that does not exist is answered in words of its own
 * (STAFF_MESSAGES.unknownRole) rather than as a schema's mismatch.
 */
const rolesField = z.array(z.string().max(40)).max(12);

/** POST admin/staff/: invite an activated account with these roles. */
export const staffInviteSchema = z.strictObject({ email: emailSchema, roles: rolesField });
/** PUT admin/staff/{id}/: the roles the person holds from now on. */
export const staffRolesSchema = z.strictObject({ roles: rolesField });

/** The spec's details of the administrator calls; the web shows them by status (ERR-16..19). */
export const ADMIN_DETAILS = {
  userNotFound: 'User not found',
  alreadyAdmin: 'The user is already an administrator',
  selfAdd: 'You cannot add yourself',
  notActivated: 'The user has not confirmed their e-mail address yet',
  notAdmin: 'The user is not an administrator',
  superuserStays: 'A superuser cannot be removed',
  insufficientRights: 'Insufficient rights to perform the operation',
} as const;

// ─── Audit log ──────────────────────────────────────────────────────────────────────────────────

export const AUDIT_ACTIONS = [
  'room.update',
  'room.images',
  'convenience.create',
  'convenience.update',
  'convenience.delete',
  'product.create',
  'product.update',
  'product.image',
  'product.delete',
  'category.create',
  'category.update',
  'category.delete',
  'admin.add',
  'admin.remove',
  'staff.add',
  'staff.roles',
  'staff.deactivate',
  'reservation.cancel',
  'reservation.no_show',
  'reservation.move',
  'reservation.staff_create',
  'reservation.shorten',
  'reservation.extend',
  'reservation.room_change',
  'reservation.check_in',
  'reservation.check_out',
  'room.housekeeping',
  'block.create',
  'block.delete',
  'order.next',
  'order.cancel',
  'room.calendar_address',
  'calendar_feed.add',
  'calendar_feed.remove',
  'refund.retry',
  'refund.resolve',
  'fee.retry',
  'fee.resolve',
  'kitchen.close',
  'kitchen.open',
  'review.moderate',
  'rate.price',
  'rate.price_remove',
  'rate.stay_rule',
  'rate.stay_rule_remove',
  'kitchen.settings',
  'extra.create',
  'extra.update',
  'extra.image',
  'promo.create',
  'promo.update',
  'folio.charge',
  'folio.correct',
  'folio.payment',
  'folio.invoice',
  'folio.settings',
  'registration.erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: the first word of its `target` ("room 3", "user anna@example.com", "kitchen 2026-12-01": a hotel day). */
export const AUDIT_TARGET_KINDS = ['room', 'amenity', 'product', 'category', 'reservation', 'order', 'user', 'refund', 'payment', 'kitchen', 'review', 'promo'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ id: z.number().int().nullable(), email: z.string() }),
  /** What was changed, as written: "room 3", "product 12", "user anna@example.com". */
  target: z.string(),
  /** The target's kind and id, read from `target` for screens to translate; null when it is not "<kind> <id>" of a known kind. */
  target_kind: z.enum(AUDIT_TARGET_KINDS).nullable(),
  /** A row's id, or a user's e-mail. */
  target_id: z.string().nullable(),
  /** The room's or dish's name, the category's title, the amenity's text: as it is now, or as the entry kept it once deleted. */
  target_name: localizedTextSchema.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** GET admin/log/: newest first; `before` pages back from an entry's id. */
export const auditQuerySchema = z.strictObject({
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'common:validation.invalid')
    .transform(Number)
    .pipe(idSchema)
    .optional(),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

