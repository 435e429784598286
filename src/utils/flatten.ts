/** Flattens nested arrays of handlers (`use(a, [b, [c]])`) iteratively, so depth cannot overflow the stack. */
export function flatten<T>(input: readonly unknown[]): T[] {
  // The usual call has no nested array: a copy, without the walk (route tables register thousands).
  if (!input.some(Array.isArray)) return input.slice() as T[];
  const out: T[] = [];
  const stack: Array<{ list: readonly unknown[]; index: number }> = [{ list: input, index: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.index >= top.list.length) {
      stack.pop();
      continue;
    }
    const item = top.list[top.index++];
    if (Array.isArray(item)) stack.push({ list: item, index: 0 });
    else out.push(item as T);
  }
  return out;
}

/** `typeof`, refined to the built-in class name for objects (what Express prints in TypeErrors). */
export function typeName(value: unknown): string {
  const type = typeof value;
  if (type !== 'object') return type;
  return Object.prototype.toString.call(value).replace(/^\[object (\S+)\]$/, '$1');
}
