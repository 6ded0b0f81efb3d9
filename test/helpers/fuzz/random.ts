// A small seeded pseudo-random generator (mulberry32), so a fuzz run that finds something can be
// repeated exactly from its printed seed. Not for anything secret: Math.random would do as well
// but cannot be seeded.
const UINT32 = 0x1_0000_0000;

export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32;
  }

  /** An integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  bytes(length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) out[i] = this.int(256);
    return out;
  }

  /** `length` characters drawn from `alphabet`. */
  text(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_.~'): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

/** FUZZ_SEED when given (to repeat a run), else a fresh one. */
export function chooseSeed(given: string | undefined): number {
  const parsed = given === undefined || given === '' ? Number.NaN : Number(given);
  return Number.isInteger(parsed) ? parsed >>> 0 : Math.floor(Math.random() * UINT32);
}
