/**
 * The contract of sign-in, sign-up, codes and the account (spec sections 3, 5, 7). Messages are
 * translation keys (namespace:key); the web shows them with t(), the server answers them in
 * English through `validationMessages` (messages.ts).
 */
import { z } from 'zod';
import { CODE_LENGTH, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, PHONE_MIN } from '../constants';
import { paymentMethodSchema } from './payments';

export const ROLES = ['user', 'admin', 'superuser'] as const;
export type Role = (typeof ROLES)[number];

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'common:validation.invalidEmail')
  .pipe(z.email('auth:login.invalidEmail'));

/** The user as the API shows it (API-09). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_active: z.boolean(),
  role: z.enum(ROLES),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  extra_phone: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  birthday: z.string().nullable(),
  language: z.enum(['ru', 'en']),
});
export type User = z.infer<typeof userSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export const emailQuerySchema = z.strictObject({ email: emailSchema });
export const emailBodySchema = z.strictObject({ email: emailSchema });

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN.login, 'auth:login.passwordMin').max(PASSWORD_MAX),
});

const strongPassword = z
  .string()
  .trim()
  .min(PASSWORD_MIN.registration, 'auth:registration.passwordMin')
  .max(PASSWORD_MAX)
  .regex(/[a-zа-яё]/, 'auth:registration.passwordWeak')
  .regex(/[A-ZА-ЯЁ]/, 'auth:registration.passwordWeak')
  .regex(/\d/, 'auth:registration.passwordWeak');

/** POST auth/signup/: what the server checks. */
export const signupSchema = z.strictObject({
  first_name: z.string().trim().min(NAME_MIN, 'auth:registration.nameMin').max(100),
  email: emailSchema,
  password: strongPassword,
  language: z.enum(['ru', 'en']).optional(),
});

/** The registration form: the server's fields plus the confirmation. */
export const registrationFormSchema = z
  .object({
    first_name: signupSchema.shape.first_name,
    password: strongPassword,
    password_confirm: z.string().trim().min(PASSWORD_MIN.registration, 'auth:registration.passwordMin'),
  })
  .refine((form) => form.password === form.password_confirm, {
    path: ['password_confirm'],
    message: 'auth:registration.passwordMismatch',
  });

export const codeSchema = z
  .string()
  .length(CODE_LENGTH, 'auth:activation.codeLength')
  .regex(/^\d+$/, 'auth:activation.codeDigits');

export const codeBodySchema = z.strictObject({ email: emailSchema, code: codeSchema });

const newPassword = z.string().trim().min(PASSWORD_MIN.create, 'auth:createPassword.passwordMin').max(PASSWORD_MAX);

/** Set a new password after a confirmed reset code (and the create-password form). */
export const setPasswordSchema = z
  .strictObject({ email: emailSchema, new_password: newPassword, new_password1: z.string().trim() })
  .refine((body) => body.new_password === body.new_password1, {
    path: ['new_password1'],
    message: 'auth:createPassword.passwordMismatch',
  });

export const changePasswordSchema = z
  .strictObject({
    old_password: z.string().min(PASSWORD_MIN.change, 'account:password.min').max(PASSWORD_MAX),
    new_password: z.string().min(PASSWORD_MIN.change, 'account:password.min').max(PASSWORD_MAX),
    new_password1: z.string().min(PASSWORD_MIN.change, 'account:password.min').max(PASSWORD_MAX),
  })
  .refine((body) => body.new_password === body.new_password1, {
    path: ['new_password1'],
    message: 'account:password.mismatch',
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** PUT account/ (API-13): the profile form's fields. */
export const profileUpdateSchema = z.strictObject({
  username: z.string().trim().min(NAME_MIN, 'account:profile.nicknameMin').max(50),
  first_name: z.string().trim().min(NAME_MIN, 'account:profile.firstNameMin').max(100),
  last_name: z.string().trim().min(NAME_MIN, 'account:profile.lastNameMin').max(100),
  email: emailSchema,
  phone: z.string().trim().min(PHONE_MIN, 'account:profile.phoneMin').max(30),
  extra_phone: optionalText(30),
  gender: z.enum(['male', 'female', 'not_given']).transform((g) => (g === 'not_given' ? null : g)),
  birthday: z.iso.date('common:validation.invalid').nullable().optional().transform((d) => d ?? null),
  language: z.enum(['ru', 'en']).optional(),
});

export const guestInputSchema = z.strictObject({
  first_name: z.string().trim().min(1, 'common:validation.required').max(100),
  last_name: z.string().trim().min(1, 'common:validation.required').max(100),
  second_name: optionalText(100),
  /** Sent by the spec's client; the server always uses the signed-in user. */
  user_id: z.number().int().optional(),
});

export const guestSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  second_name: z.string().nullable(),
  user_id: z.number().int(),
});
export type Guest = z.infer<typeof guestSchema>;

const positiveWhole = z
  .number('account:address.wholeNumber')
  .int('account:address.wholeNumber')
  .positive('account:address.wholeNumber')
  .max(100_000)
  .nullable()
  .optional()
  .transform((n) => n ?? null);

export const addressInputSchema = z.strictObject({
  label: z.string().trim().min(1, 'common:validation.required').max(100),
  address: z.string().trim().min(1, 'common:validation.required').max(300),
  entrance: positiveWhole,
  floor: positiveWhole,
  apartment: positiveWhole,
  intercom: optionalText(50),
  comment: optionalText(500),
  is_primary: z.boolean().optional(),
});

export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  address: z.string(),
  entrance: z.number().int().nullable(),
  floor: z.number().int().nullable(),
  apartment: z.number().int().nullable(),
  intercom: z.string().nullable(),
  comment: z.string().nullable(),
  is_primary: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET account/ (API-13, API-14): the user with what checkout needs. */
export const accountSchema = userSchema.extend({
  delivery_addresses: z.array(addressSchema),
  /** The saved cards, primary first. */
  payment_methods: z.array(paymentMethodSchema),
});
export type Account = z.infer<typeof accountSchema>;

/** POST auth/login/ (API-05): ok plus the signed-in user. */
export const loginResponseSchema = okSchema.extend({ user: userSchema });

/**
 * Social sign-in: GET auth/{provider}/start/ sends the browser to the provider; the provider
 * returns to the web page /{provider}/callback, which calls GET {provider}/callback/ (API-10).
 */
export const OAUTH_PROVIDERS = ['google', 'yandex'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** GET auth/providers/: which social sign-in buttons to show (a provider without keys is off). */
export const oauthProvidersSchema = z.object({ google: z.boolean(), yandex: z.boolean() });
export type OAuthProviders = z.infer<typeof oauthProvidersSchema>;
