import { z } from 'zod';

/**
 * Reply schemas: what each route answers inside the envelope (DESIGN.md, API). The server declares
 * them as Fastify response schemas (so /api/docs documents every reply) and, in tests, checks every
 * reply against them; the web takes its types from them (`z.infer`), never from hand-written copies.
 */

/** `{ code: "OK", message, data }` around a route's data. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal('OK'), message: z.string(), data });
}

/** A refused request: `code` is a catalogue code (§8); `data` is null or the error's details. */
export const errorEnvelope = z.object({
  code: z.string().meta({ description: 'Error catalogue code' }),
  message: z.string().meta({ description: "The catalogue's message in the request's language" }),
  data: z.unknown(),
});

/** The data of a mutation that answers only "done": `{}`. */
export const doneReply = z.object({});
export type DoneReply = z.infer<typeof doneReply>;

/** A moment as the API writes it: ISO 8601 in UTC (`Date#toISOString`). */
export const isoTime = z.iso.datetime();

/** A decimal amount written as a string (no float rounding on the wire). */
export const decimalString = z.string().meta({ description: 'Decimal number as a string' });

/** 0x-prefixed hex: an EVM address, transaction hash or calldata. */
export const hexString = z.templateLiteral(['0x', z.string()]);

/** One page of a list: `{ list, page, page_size, total }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), page: z.number(), page_size: z.number(), total: z.number() });
}

/** `{ list }` without paging. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item) });
}
