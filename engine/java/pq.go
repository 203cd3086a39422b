package java

// PriorityQueue is java.util.PriorityQueue: a binary heap whose order among
// equal keys, which path searches in the referees depend on, is that of
// Java's siftUp and siftDown. Less is the comparator (compare(a, b) < 0).
// The zero value with Less set is an empty queue; Reset keeps the storage,
// so a search that reuses its queue allocates nothing.
type PriorityQueue[T any] struct {
	Less func(a, b T) bool
	heap []T
}

// Len is the number of queued items.
func (q *PriorityQueue[T]) Len() int { return len(q.heap) }

// Reset empties the queue and keeps its storage.
func (q *PriorityQueue[T]) Reset() { q.heap = q.heap[:0] }

// Grow makes room for n items without reallocating.
func (q *PriorityQueue[T]) Grow(n int) {
	if cap(q.heap)-len(q.heap) < n {
		h := make([]T, len(q.heap), len(q.heap)+n)
		copy(h, q.heap)
		q.heap = h
	}
}

// Offer is PriorityQueue.offer: the new item sifts up while it is strictly
// less than its parent.
func (q *PriorityQueue[T]) Offer(it T) {
	var zero T
	q.heap = append(q.heap, zero)
	h := q.heap
	k := len(h) - 1
	for k > 0 {
		parent := (k - 1) >> 1
		e := h[parent]
		if !q.Less(it, e) {
			break
		}
		h[k] = e
		k = parent
	}
	h[k] = it
}

// Peek is the head of the queue; ok is false when it is empty.
func (q *PriorityQueue[T]) Peek() (it T, ok bool) {
	if len(q.heap) == 0 {
		return it, false
	}
	return q.heap[0], true
}

// Poll is PriorityQueue.poll: it removes the head, then the last item sifts
// down from the root toward the smaller child, the left one on ties, and
// stops at a child that is not strictly less. ok is false when empty.
func (q *PriorityQueue[T]) Poll() (res T, ok bool) {
	h := q.heap
	if len(h) == 0 {
		return res, false
	}
	res = h[0]
	n := len(h) - 1
	x := h[n]
	h = h[:n]
	if n > 0 {
		k, half := 0, n>>1
		for k < half {
			child := 2*k + 1
			c := h[child]
			if right := child + 1; right < n && q.Less(h[right], c) {
				child = right
				c = h[child]
			}
			if !q.Less(c, x) {
				break
			}
			h[k] = c
			k = child
		}
		h[k] = x
	}
	q.heap = h
	return res, true
}
