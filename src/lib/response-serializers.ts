import fastJsonStringify from 'fast-json-stringify';

type Serializer = (data: unknown) => string;

const compiledSerializers = new WeakMap<object, Serializer>();

/**
 * The serializer of a response schema, built once per schema object in the process, as Fastify's default compiler
 * builds it (fast-json-stringify, no shared schemas: the service adds none). An app built again (each test file
 * builds one) reuses it instead of generating every route's serializer anew (docs/testing.md). Held weakly.
 */
export function responseSerializer(schema: object): Serializer {
  let serialize = compiledSerializers.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(schema, { schema: {} }) as Serializer;
    compiledSerializers.set(schema, serialize);
  }
  return serialize;
}
