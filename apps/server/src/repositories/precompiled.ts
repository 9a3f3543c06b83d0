import type { Compilable, CompiledQuery } from 'kysely';

/**
 * A query of fixed shape that Kysely builds and compiles once, then runs with new values: for
 * the queries every request makes (finding the session behind a bearer token), where building
 * the query cost more than the database answering it. `build` receives one stand-in per value
 * and must pass each one to the query unchanged (as a `where` value, say): a value it
 * transforms could not be found again, which the first call reports.
 */
export function precompiled<Values extends string[], Row>(
  build: (...values: Values) => Compilable<Row>,
): (...values: Values) => CompiledQuery<Row> {
  let template: { compiled: CompiledQuery<Row>; slots: number[] } | undefined;
  return (...values) => {
    if (!template) {
      const standIns = values.map((_, index) => `\u0000value ${index}\u0000`) as Values;
      const compiled = build(...standIns).compile();
      const slots = compiled.parameters.map((parameter) => standIns.indexOf(parameter as string));
      standIns.forEach((_, index) => {
        if (!slots.includes(index)) {
          throw new Error(`precompiled query: value ${index} is not a parameter of the query`);
        }
      });
      template = { compiled, slots };
    }
    const { compiled, slots } = template;
    return {
      ...compiled,
      parameters: compiled.parameters.map((parameter, index) => {
        const slot = slots[index] ?? -1;
        return slot >= 0 ? values[slot] : parameter;
      }),
    };
  };
}
