import { z } from 'zod';

/**
 * The print partner's wire format, modelled on the Lulu Print API (api.lulu.com/docs): a print
 * job is `POST /print-jobs/` with `line_items` (each a `printable_normalization` naming the
 * product's `pod_package_id` and the cover and interior files), a `shipping_address`, a
 * `shipping_level`, a `contact_email` and our own `external_id`; status changes come back as
 * `PRINT_JOB_STATUS_CHANGED` webhooks (`{ topic, data: <print job> }`) signed with an HMAC-SHA256
 * of the raw body in the `Lulu-HMAC-SHA256` header. The local print simulator speaks the same.
 */

/** Header of a print callback's signature (hex HMAC-SHA256 of the raw body), as Node reads it. */
export const PRINT_SIGNATURE_HEADER = 'lulu-hmac-sha256';
/** Header carrying the handoff's idempotency key on `POST /print-jobs/`. */
export const PRINT_IDEMPOTENCY_HEADER = 'idempotency-key';
/** The one webhook topic Lulu offers. */
export const PRINT_WEBHOOK_TOPIC = 'PRINT_JOB_STATUS_CHANGED';

/**
 * Lulu's print-job statuses, plus DELIVERED (the simulator reports delivery; Lulu's carriers do
 * for traceable shipping levels).
 */
export const PRINT_JOB_STATUSES = [
  'CREATED',
  'UNPAID',
  'PAYMENT_IN_PROGRESS',
  'PRODUCTION_READY',
  'PRODUCTION_DELAYED',
  'IN_PRODUCTION',
  'SHIPPED',
  'DELIVERED',
  'REJECTED',
  'CANCELED',
  'ERROR',
] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** Lulu's shipping levels; our methods map onto them (`services/worker/src/print-jobs`). */
export const PRINT_SHIPPING_LEVELS = [
  'MAIL',
  'PRIORITY_MAIL',
  'GROUND_HD',
  'GROUND_BUS',
  'GROUND',
  'EXPEDITED',
  'EXPRESS',
] as const;
export type PrintShippingLevel = (typeof PRINT_SHIPPING_LEVELS)[number];

const text = (max: number) => z.string().max(max);

/** One book of a print job: its files, product and how many copies. */
export const printLineItemSchema = z.object({
  external_id: text(100),
  title: text(300),
  quantity: z.number().int().min(1).max(10_000),
  printable_normalization: z.object({
    /** Lulu's product code: trim, colour, quality, binding, paper, cover finish. */
    pod_package_id: text(40),
    page_count: z.number().int().min(1).max(2000).optional(),
    cover: z.object({ source_url: text(2000) }),
    interior: z.object({ source_url: text(2000) }),
  }),
  /**
   * What Lulu cannot say and a Hebrew book needs (the printer binds right to left): our own fields,
   * which Lulu ignores.
   */
  production_notes: z
    .object({
      reading_direction: z.enum(['rtl', 'ltr']),
      trim_mm: z.object({ width: z.number(), height: z.number() }),
      paper: text(20),
      binding: text(40),
      interior_color: z.enum(['bw', 'color']),
    })
    .optional(),
});
export type PrintLineItem = z.infer<typeof printLineItemSchema>;

export const printShippingAddressSchema = z.object({
  name: text(200),
  street1: text(300),
  street2: text(300).optional(),
  city: text(100),
  postcode: text(20),
  country_code: z.string().length(2),
  phone_number: text(40),
  email: text(254).optional(),
});

/** The body of `POST /print-jobs/`. */
export const printJobCreateSchema = z.object({
  external_id: text(100),
  contact_email: text(254),
  shipping_level: z.enum(PRINT_SHIPPING_LEVELS),
  shipping_address: printShippingAddressSchema,
  line_items: z.array(printLineItemSchema).min(1).max(100),
});
export type PrintJobCreate = z.infer<typeof printJobCreateSchema>;

/**
 * The body of `POST /print-job-cost-calculations/` (Lulu's cost calculation): the products, page
 * counts and copies to price, where they ship and how. The API quotes a book's cost per copy with
 * one line of one copy.
 */
export const printCostRequestSchema = z.object({
  line_items: z
    .array(
      z.object({
        pod_package_id: text(40),
        page_count: z.number().int().min(1).max(2000),
        quantity: z.number().int().min(1).max(10_000),
      }),
    )
    .min(1)
    .max(100),
  shipping_address: z.object({
    street1: text(300).optional(),
    city: text(100).optional(),
    postcode: text(20).optional(),
    country_code: z.string().length(2),
    state_code: text(10).optional(),
    phone_number: text(40).optional(),
  }),
  shipping_option: z.enum(PRINT_SHIPPING_LEVELS),
});
export type PrintCostRequest = z.infer<typeof printCostRequestSchema>;

/** A decimal string of money, as Lulu writes it (`"12.34"`). */
const decimal = z.string().regex(/^-?\d{1,12}(\.\d{1,6})?$/);

/** One line's cost in a cost calculation or a print job's `costs` (Lulu's line item cost). */
export const printLineItemCostSchema = z
  .object({
    quantity: z.number().int().min(0),
    cost_excl_discounts: decimal.nullish(),
    total_cost_excl_discounts: decimal.nullish(),
    total_cost_excl_tax: decimal.nullish(),
    total_tax: decimal.nullish(),
    tax_rate: decimal.nullish(),
    /** What the line costs us: the total, discounts and taxes included. */
    total_cost_incl_tax: decimal,
  })
  .loose();

/** The shipping of a cost calculation or a print job. */
export const printShippingCostSchema = z
  .object({
    total_cost_excl_tax: decimal.nullish(),
    total_tax: decimal.nullish(),
    tax_rate: decimal.nullish(),
    total_cost_incl_tax: decimal,
  })
  .loose();

/** The answer of `POST /print-job-cost-calculations/`, and a print job's `costs` once priced. */
export const printCostAnswerSchema = z
  .object({
    line_item_costs: z.array(printLineItemCostSchema).max(100),
    shipping_cost: printShippingCostSchema,
    total_cost_excl_tax: decimal.nullish(),
    total_tax: decimal.nullish(),
    total_cost_incl_tax: decimal,
    total_discount_amount: decimal.nullish(),
    currency: z.string().length(3),
  })
  .loose();
export type PrintCostAnswer = z.infer<typeof printCostAnswerSchema>;

/** A shipped line's parcel, in Lulu's `status.messages` of the line item. */
const lineStatusSchema = z.object({
  name: z.string().max(40),
  messages: z
    .object({
      tracking_id: z.string().max(100).optional(),
      tracking_urls: z.array(z.string().max(2000)).max(10).optional(),
      carrier_name: z.string().max(100).optional(),
    })
    .loose()
    .optional(),
});

/** A print job as the partner answers it and as its webhook carries it. */
export const printJobSchema = z.object({
  id: z.union([z.number().int(), z.string().max(100)]),
  external_id: z.string().max(100).nullish(),
  status: z.object({
    name: z.string().max(40),
    /** REJECTED and CANCELED carry a reason here (`messages.error` or `messages.info`). */
    messages: z.record(z.string(), z.unknown()).optional(),
    /** When the partner changed the status (ISO time): orders callbacks that cross. */
    changed: z.string().max(40).optional(),
  }),
  line_items: z
    .array(
      z
        .object({
          id: z.union([z.number().int(), z.string().max(100)]).optional(),
          external_id: z.string().max(100).nullish(),
          status: lineStatusSchema.optional(),
        })
        .loose(),
    )
    .max(100)
    .default([]),
  /** What the partner charges for the job; absent (or null) until it has priced it. */
  costs: printCostAnswerSchema.nullish().catch(null),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** The body of a `PRINT_JOB_STATUS_CHANGED` webhook. */
export const printWebhookSchema = z.object({
  topic: z.literal(PRINT_WEBHOOK_TOPIC),
  data: printJobSchema,
});
export type PrintWebhook = z.infer<typeof printWebhookSchema>;

/** Answer of `POST /api/print/callback`. */
export const printCallbackAnswerSchema = z.object({
  received: z.literal(true),
  /** What the callback did to the order. */
  /**
   * What the callback did to the order; `ignored_cancelled`: the order was cancelled, so nothing
   * for the buyer (kept for admins, who are asked to look when the job went on to print).
   */
  outcome: z.enum(['moved', 'unchanged', 'needs_attention', 'unknown_order', 'ignored_cancelled']),
  status: z.string(),
});
export type PrintCallbackAnswer = z.infer<typeof printCallbackAnswerSchema>;

/** One order whose printing needs an admin (`GET /api/print/attention`). */
export const printAttentionItemSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  buyerEmail: z.string(),
  paidAt: z.string().nullable(),
  /** The partner's job id, when it took the job (a rejected job has one). */
  jobId: z.string().nullable(),
  providerStatus: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Why, in Hebrew, and since when. */
  reason: z.string(),
  since: z.string(),
});
export type PrintAttentionItem = z.infer<typeof printAttentionItemSchema>;

/** Answer of `GET /api/print/attention`: newest first, at most 100. */
export const printAttentionAnswerSchema = z.object({ orders: z.array(printAttentionItemSchema) });
export type PrintAttentionAnswer = z.infer<typeof printAttentionAnswerSchema>;
