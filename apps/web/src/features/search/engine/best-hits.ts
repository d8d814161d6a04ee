export interface ScoredPosition {
  position: number;
  score: number;
}

const worse = (a: ScoredPosition, b: ScoredPosition): boolean =>
  a.score > b.score || (a.score === b.score && a.position > b.position);

/**
 * The `limit` best entries (lowest score, then lowest position), best first, without sorting
 * them all: a bounded max-heap keeps the worst kept entry on top.
 */
export function bestHits(entries: readonly ScoredPosition[], limit: number): ScoredPosition[] {
  const heap: ScoredPosition[] = [];
  const siftUp = (from: number) => {
    let child = from;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!worse(heap[child]!, heap[parent]!)) break;
      [heap[child], heap[parent]] = [heap[parent]!, heap[child]!];
      child = parent;
    }
  };
  const siftDown = () => {
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let largest = parent;
      if (left < heap.length && worse(heap[left]!, heap[largest]!)) largest = left;
      if (right < heap.length && worse(heap[right]!, heap[largest]!)) largest = right;
      if (largest === parent) return;
      [heap[parent], heap[largest]] = [heap[largest]!, heap[parent]!];
      parent = largest;
    }
  };
  for (const entry of entries) {
    if (heap.length < limit) {
      heap.push(entry);
      siftUp(heap.length - 1);
    } else if (limit > 0 && worse(heap[0]!, entry)) {
      heap[0] = entry;
      siftDown();
    }
  }
  return heap.sort((a, b) => a.score - b.score || a.position - b.position);
}
