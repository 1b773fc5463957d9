/** An id as events and contexts carry it. */
export type Id = string | number;

/** Whether a key holds ids: `id`, `ids`, or a name ending in Id or Ids (userId, productId, selfId...). */
const holdsIds = (key: string) => key === 'id' || key === 'ids' || /[a-z]Ids?$/.test(key);
const isId = (value: unknown): value is Id => typeof value === 'string' || typeof value === 'number';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The model's ids and the real ones a run uses for them, learned from what
 * the binding made of the model's input and events (the model's `leaving`
 * user is elena's uuid; its lipstick a seeded product's id). A model's
 * `effect` names ids through it, so the model's context and the real one
 * compare in the real ids, each leaving out what the run never named.
 */
export class IdMap {
  #real = new Map<Id, Id>();
  #named = new Set<Id>();

  /** Pairs the ids of a model value and the real value made of it, at the same places (keys that hold ids, arrays item by item, plain objects key by key). */
  learn(model: unknown, real: unknown, key = ''): void {
    if (Array.isArray(model) && Array.isArray(real)) {
      model.forEach((item, index) => this.learn(item, real[index], key));
    } else if (isRecord(model) && isRecord(real)) {
      for (const [name, value] of Object.entries(model)) if (name in real) this.learn(value, real[name], name);
    } else if (holdsIds(key) && isId(model) && isId(real)) {
      const known = this.#real.get(model);
      if (known !== undefined && known !== real)
        throw new Error(
          `The model's id ${JSON.stringify(model)} stands for both ${JSON.stringify(known)} and ${JSON.stringify(real)} in this run.`,
        );
      this.#real.set(model, real);
      this.#named.add(real);
    }
  }

  /** For the model's context: the real id a model id stands for, undefined if the run never named it. */
  readonly model = (id: Id): Id | undefined => this.#real.get(id);

  /** For the real context: the id itself if the run named it, else undefined (the many the model does not know of, such as the other seeded people). */
  readonly real = (id: Id): Id | undefined => (this.#named.has(id) ? id : undefined);
}
