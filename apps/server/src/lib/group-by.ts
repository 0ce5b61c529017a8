/**
 * Items (or a value of each) grouped by a key, in their order (Node 20 has no Map.groupBy). Each
 * group grows in place: copying a group on each add is quadratic, which a job over every wallet of
 * one chain feels.
 */
export function groupBy<T, K, V = T>(
  items: Iterable<T>,
  key: (item: T) => K,
  value: (item: T) => V = (item) => item as unknown as V,
): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(value(item));
    else groups.set(k, [value(item)]);
  }
  return groups;
}
